@testable import Redux

/// An exhaustive search over what a few model threads can make a `StoreMachine` do.
///
/// Each model thread is a small program with a place (outside the store, draining, waiting as a
/// successor, waiting for room, at the effect runtime's gate, in `idle()`, done). An event is one
/// critical section of the real store, that is one call into the machine, plus what `StoreCore`
/// does with the answer: the explorer drives the machine with the same calls, in the same order,
/// and moves the thread on from the machine's real answers. A signal only makes the waiting
/// thread runnable: it takes its own event later, so every interleaving of the wake-up with other
/// threads' events is explored too.
///
/// The search is breadth-first from the store at rest, with each state (machine, threads, gate,
/// home, what was reduced) reduced to a hashable fingerprint so that it terminates. The contract
/// is checked on every transition and in every state (see ``ExplorerInvariant``); a violation
/// comes with the shortest event sequence that reaches it. Once every state is known, the
/// liveness check walks the graph backwards from the final states: a state that cannot reach
/// one is a deadlock or a lost wake-up.
struct StoreMachineExplorer {
    typealias Machine = StoreMachine<ModelItem, ModelWaiter, Int>

    let configuration: ExplorerConfiguration

    init(_ configuration: ExplorerConfiguration) {
        self.configuration = configuration
    }

    /// Explores every reachable state; stops at the first violation.
    func explore() -> ExplorerReport {
        let initial = ExplorerState(configuration)
        var states = [initial]
        var parents: [Int32] = [-1]
        var events: [ExplorerEvent] = [.shutDown]
        var indices = [initial.fingerprint: 0]
        // Every transition, as (from, to), for the liveness check.
        var edges: [(from: Int32, to: Int32)] = []
        var finals: [Int] = []
        var transitions = 0
        var index = 0
        while index < states.count {
            let state = states[index]
            let enabled = state.enabledEvents(configuration)
            if enabled.isEmpty {
                if let problem = state.finalProblem(configuration) {
                    return report(
                        states.count, transitions,
                        violation(problem, at: index, states: states, parents, events))
                }
                finals.append(index)
            }
            for event in enabled {
                transitions += 1
                var step = ExplorerTransition(state: state, configuration: configuration)
                step.apply(event)
                if step.problem == nil {
                    step.checkState()
                }
                if let problem = step.problem {
                    let trace = path(to: index, parents, events) + [event]
                    return report(
                        states.count, transitions,
                        ExplorerViolation(
                            invariant: problem.invariant, message: problem.message,
                            trace: describe(trace)))
                }
                let fingerprint = step.state.fingerprint
                if let known = indices[fingerprint] {
                    edges.append((Int32(index), Int32(known)))
                } else {
                    edges.append((Int32(index), Int32(states.count)))
                    indices[fingerprint] = states.count
                    states.append(step.state)
                    parents.append(Int32(index))
                    events.append(event)
                }
            }
            index += 1
        }
        if let stuck = firstStateNotReaching(finals, count: states.count, edges: edges) {
            let (onward, ending) = walk(from: stuck, states: states, indices: indices)
            let problem = ExplorerProblem(
                .liveness,
                "no final state is reachable after event "
                    + "\(path(to: stuck, parents, events).count): \(ending)")
            let trace = path(to: stuck, parents, events) + onward
            return report(
                states.count, transitions,
                ExplorerViolation(
                    invariant: problem.invariant, message: problem.message,
                    trace: describe(trace)))
        }
        return report(states.count, transitions, nil)
    }

    /// A run onward from a state that cannot reach a final state, to show why: it moves to a
    /// state not seen on the way while it can, and ends where nothing more can happen or where
    /// it would go round.
    private func walk(
        from start: Int, states: [ExplorerState], indices: [ExplorerFingerprint: Int]
    ) -> (events: [ExplorerEvent], ending: String) {
        var onward: [ExplorerEvent] = []
        var seen: Set = [start]
        var current = start
        while onward.count < 50 {
            var unseen: (ExplorerEvent, Int)?
            var round: (ExplorerEvent, Int)?
            for event in states[current].enabledEvents(configuration) {
                var step = ExplorerTransition(state: states[current], configuration: configuration)
                step.apply(event)
                guard let next = indices[step.state.fingerprint] else { continue }
                if seen.contains(next) {
                    round = round ?? (event, next)
                } else {
                    unseen = (event, next)
                    break
                }
            }
            if case (let event, let next)? = unseen {
                onward.append(event)
                seen.insert(next)
                current = next
            } else if case (let event, _)? = round {
                onward.append(event)
                return (onward, "it goes round in a cycle: \(states[current].describeWaits())")
            } else {
                return (onward, "nothing more can happen: \(states[current].describeWaits())")
            }
        }
        return (onward, "still going after 50 more events")
    }

    /// Liveness: the first state (in breadth-first order, so the nearest) from which no final
    /// state can be reached, walking the transitions backwards from the final states.
    private func firstStateNotReaching(
        _ finals: [Int], count: Int, edges: [(from: Int32, to: Int32)]
    ) -> Int? {
        // The transitions grouped by target: those into state i are in
        // sources[starts[i]..<starts[i + 1]].
        var starts = [Int](repeating: 0, count: count + 1)
        for edge in edges { starts[Int(edge.to) + 1] += 1 }
        for index in 0..<count { starts[index + 1] += starts[index] }
        var sources = [Int32](repeating: 0, count: edges.count)
        var filled = starts
        for edge in edges {
            sources[filled[Int(edge.to)]] = edge.from
            filled[Int(edge.to)] += 1
        }
        var reachesEnd = [Bool](repeating: false, count: count)
        var pending = finals
        for final in finals { reachesEnd[final] = true }
        while let next = pending.popLast() {
            for source in sources[starts[next]..<starts[next + 1]]
            where !reachesEnd[Int(source)] {
                reachesEnd[Int(source)] = true
                pending.append(Int(source))
            }
        }
        return reachesEnd.firstIndex(of: false)
    }

    private func report(
        _ states: Int, _ transitions: Int, _ violation: ExplorerViolation?
    ) -> ExplorerReport {
        ExplorerReport(
            configuration: configuration, states: states, transitions: transitions,
            violation: violation)
    }

    private func violation(
        _ problem: ExplorerProblem, at index: Int, states: [ExplorerState], _ parents: [Int32],
        _ events: [ExplorerEvent]
    ) -> ExplorerViolation {
        ExplorerViolation(
            invariant: problem.invariant, message: problem.message,
            trace: describe(path(to: index, parents, events)))
    }

    /// The events from the initial state to state `index`, along the parents of the search
    /// (breadth-first, so the shortest).
    private func path(
        to index: Int, _ parents: [Int32], _ events: [ExplorerEvent]
    ) -> [ExplorerEvent] {
        var trace: [ExplorerEvent] = []
        var current = index
        while current > 0 {
            trace.append(events[current])
            current = Int(parents[current])
        }
        return trace.reversed()
    }

    /// Replays `trace` from the initial state, keeping a note of what each event did.
    private func describe(_ trace: [ExplorerEvent]) -> [String] {
        var state = ExplorerState(configuration)
        var lines: [String] = []
        for event in trace {
            var step = ExplorerTransition(state: state, configuration: configuration)
            let notes = ExplorerNotes()
            step.notes = notes
            step.apply(event)
            lines.append(notes.lines.joined(separator: "; "))
            state = step.state
        }
        return lines
    }
}

/// What the explorer explores: how many threads send how many actions, and the store's shape.
struct ExplorerConfiguration: Sendable, CustomStringConvertible {
    /// A short name for the printed figures.
    var name: String
    /// Threads that dispatch from outside the store (none of them is the home).
    var dispatchers = 3
    /// Actions each dispatcher and each async sender sends.
    var actions = 2
    /// How many nested dispatches each thread may make while it drains: 0 or 1.
    var nestedPerThread = 1
    /// Async senders (`Effect.run`'s `send`): they pass the effect runtime's gate first.
    var senders = 0
    /// The machine's queue capacity.
    var capacity = 2
    /// The machine's turn length.
    var turnLength = 2
    /// Whether a home drains; the home itself then dispatches `homeActions` of its own.
    var hasHome = false
    var homeActions = 1
    /// Whether the store may shut down, at any point.
    var shutDown = false
    /// Tasks that call `idle()` once and wait.
    var idleWaiters = 1
    /// Tasks that call `idle()` once and may be cancelled while they wait.
    var cancellingIdleWaiters = 0
    #if DEBUG
    /// The bug seeded into the machine, if any.
    var mutation: StoreMachineMutation?
    #endif

    var description: String { name }

    /// The configurations the unmutated machine must pass: 3 threads x 2 actions, a queue of
    /// 2, turns of 2, with and without a home, with and without shutdown; then async senders and
    /// a cancelled `idle()`.
    static let standard: [ExplorerConfiguration] = [
        ExplorerConfiguration(name: "3 threads x 2, no home"),
        ExplorerConfiguration(name: "3 threads x 2, no home, shutdown", shutDown: true),
        ExplorerConfiguration(name: "3 threads x 2, home", hasHome: true),
        ExplorerConfiguration(name: "3 threads x 2, home, shutdown", hasHome: true, shutDown: true),
        ExplorerConfiguration(
            name: "1 thread + 1 async sender x 2, no home, shutdown", dispatchers: 1, senders: 1,
            shutDown: true, cancellingIdleWaiters: 1),
        ExplorerConfiguration(
            name: "1 thread + 1 async sender x 2, home, shutdown", dispatchers: 1, senders: 1,
            hasHome: true, shutDown: true, cancellingIdleWaiters: 1),
    ]
}

/// The figures of one exploration, and the first violation found, if any.
struct ExplorerReport: CustomStringConvertible {
    let configuration: ExplorerConfiguration
    let states: Int
    let transitions: Int
    let violation: ExplorerViolation?

    var description: String {
        "\(configuration.name): \(states) states, \(transitions) transitions"
            + (violation.map { ", \($0)" } ?? ", contract kept")
    }
}

/// A rule of the contract, as the explorer checks it.
enum ExplorerInvariant: String, Sendable {
    /// An item dispatched from outside (not by the drainer, not on the home) is never queued
    /// behind `capacity` others.
    case bound
    /// Each thread's actions are reduced in the order it sent them: its dispatches from outside
    /// in order; an action it dispatched as the drainer (nested) after each of its own dispatches
    /// that had returned when it was sent, and before each it started later. (The dispatch the
    /// thread was inside when it sent the nested one is not ordered with it: a successor holding
    /// its own action while it processes others' may queue a nested action ahead of it.)
    case order
    /// Each action is reduced at most once, and released only if never reduced.
    case exactlyOnce
    /// In a final state, each action was reduced or released at shutdown.
    case lost
    /// While a successor waits, the drainer takes at most `turnLength` items of its turn; a
    /// home's drainer takes at most that many per piece of work.
    case turn
    /// The gate is closed, and threads wait for room, only while the queue holds at least half
    /// its bound; the gate is closed exactly when the machine says so.
    case room
    /// Tasks in `idle()` are resumed only when the store is at rest and no effect runs, or it
    /// shut down.
    case idle
    /// Nothing is reduced after shutdown.
    case shutDown
    /// A nested dispatch is queued: the reducer is never entered twice, nor made to wait for
    /// itself.
    case reentrancy
    /// A signal goes only to a thread waiting for one, and only once.
    case wakeUp
    /// Every run ends with every thread done, the queue empty, the store at rest and every
    /// `idle()` resumed; and a final state is reachable from every state.
    case liveness
}

/// A violation and the shortest way to it.
struct ExplorerViolation: CustomStringConvertible {
    let invariant: ExplorerInvariant
    let message: String
    /// One line per event, from the store at rest.
    let trace: [String]

    var description: String {
        "violation of \(invariant.rawValue): \(message), after \(trace.count) events:\n"
            + trace.enumerated().map { "  \($0.offset + 1). \($0.element)" }.joined(separator: "\n")
    }
}

/// A rule found broken, before its trace is known.
struct ExplorerProblem {
    let invariant: ExplorerInvariant
    let message: String

    init(_ invariant: ExplorerInvariant, _ message: String) {
        self.invariant = invariant
        self.message = message
    }
}

/// An item of work: the thread that dispatched it, whether as a nested dispatch while it drained,
/// and its place among that thread's actions of the kind.
struct ModelItem: Hashable, Sendable, CustomStringConvertible {
    let thread: Int
    let isNested: Bool
    let sequence: Int
    /// For a nested action, how many of its thread's own dispatches had started when it was sent
    /// (the last of them is the one the thread is inside, if any).
    var startedBefore = 0

    /// Its line of actions: each thread's outside actions, and its nested ones, are kept apart.
    var stream: Int { thread * 2 + (isNested ? 1 : 0) }

    var description: String { "T\(thread)\(isNested ? "n" : "a")\(sequence)" }
}

/// A waiting thread, as the machine keeps it.
struct ModelWaiter: StoreWaiter, Hashable, Sendable, CustomStringConvertible {
    let index: Int
    /// Whether it is a task's (`enqueue`), which names no thread to the machine.
    let suspends: Bool

    init(thread: ThreadID, suspends: Bool = false) {
        index = Int(thread.rawValue) - 1
        self.suspends = suspends
    }

    var thread: ThreadID? { suspends ? nil : .model(index) }

    var description: String { "T\(index)" }
}

extension ThreadID {
    /// The id of model thread `index`.
    static func model(_ index: Int) -> ThreadID {
        ThreadID(rawValue: UInt(index + 1))
    }
}

/// One thing that can happen next.
enum ExplorerEvent: Hashable {
    /// The thread takes its next step (which one depends on where it is).
    case step(Int)
    /// The draining thread dispatches an action while it processes an item.
    case nested(Int)
    /// The home runs a piece of work scheduled on it.
    case runPiece(Int)
    /// The task waiting in `idle()` is cancelled.
    case cancel(Int)
    /// The store is released.
    case shutDown
}

/// A model thread.
struct ModelThread: Hashable {
    /// What the thread is.
    enum Role: Hashable {
        /// A thread that dispatches its actions from outside the store, one after the other.
        case dispatcher
        /// The home: it runs the pieces of work scheduled on it, and dispatches its own actions
        /// (answering "yes" when the machine asks whether the caller runs on the home).
        case home
        /// An async effect's `send`: each action passes the gate, then is dispatched; the
        /// effect counts as running until its last action is sent.
        case sender
        /// A task that calls `idle()` once, and may be cancelled while it waits.
        case idleTask(cancels: Bool)
    }

    /// Where the thread is in its program.
    enum Place: Hashable {
        /// Between dispatches (the home: free to run a piece or dispatch).
        case outside
        /// An async sender waiting at the closed gate.
        case atGate
        /// An async sender the gate let through, about to dispatch.
        case delivering
        /// The drainer, processing `processing` (nil: about to ask for its next step); a
        /// successor whose queue was full holds its own work meanwhile.
        case draining(processing: ModelItem?, holding: ModelItem?)
        /// Waiting to take over the drainer's role with its work.
        case successor(ModelItem, signalled: Bool)
        /// Waiting (with a home) for room in the queue.
        case roomWaiter(ModelItem, signalled: Bool)
        /// About to schedule a piece of work on the home.
        case scheduling
        /// A task waiting in `idle()` under this id.
        case inIdle(id: Int)
        /// Finished: every action sent and returned, the effect ended, or `idle()` returned.
        case done
    }

    let role: Role
    /// How many actions it dispatches from outside.
    let actions: Int
    /// How many nested dispatches it may make while it drains.
    let nestedBudget: Int
    /// How many of its actions it has started to dispatch (or to send, past the gate).
    var sent = 0
    /// How many nested dispatches it has made.
    var nestedSent = 0
    /// How many of its own dispatches had started when it sent its nested action.
    var nestedStartedBefore = 0
    var place = Place.outside
}

/// What the explorer knows of one moment: the machine, every thread, the gate, the home's queue
/// of pieces of work, and which actions were reduced or released.
struct ExplorerState {
    var machine: StoreMachineExplorer.Machine
    var threads: [ModelThread]
    /// The effect runtime's gate, as `StoreCore` opens and closes it.
    var isGateOpen = true
    /// Pieces of work scheduled on the home, not yet run.
    var pieces = 0
    /// Per stream (see ``ModelItem/stream``), a bit per action reduced, and per action released.
    var reduced: [Int]
    var released: [Int]
    /// Items the current drainer has taken from the queue in its turn.
    var turnTaken = 0
    var hasShutDown = false

    init(_ configuration: ExplorerConfiguration) {
        precondition(configuration.nestedPerThread <= 1, "at most one nested action per thread")
        machine = .init(
            capacity: configuration.capacity, turnLength: configuration.turnLength,
            hasHome: configuration.hasHome)
        #if DEBUG
        machine.mutation = configuration.mutation
        #endif
        var threads: [ModelThread] = []
        if configuration.hasHome {
            threads.append(
                ModelThread(
                    role: .home, actions: configuration.homeActions,
                    nestedBudget: configuration.nestedPerThread))
        }
        for _ in 0..<configuration.dispatchers {
            threads.append(
                ModelThread(
                    role: .dispatcher, actions: configuration.actions,
                    nestedBudget: configuration.nestedPerThread))
        }
        for _ in 0..<configuration.senders {
            threads.append(
                ModelThread(
                    role: .sender, actions: configuration.actions,
                    nestedBudget: configuration.nestedPerThread))
        }
        for _ in 0..<configuration.idleWaiters {
            threads.append(
                ModelThread(role: .idleTask(cancels: false), actions: 0, nestedBudget: 0))
        }
        for _ in 0..<configuration.cancellingIdleWaiters {
            threads.append(ModelThread(role: .idleTask(cancels: true), actions: 0, nestedBudget: 0))
        }
        self.threads = threads
        reduced = Array(repeating: 0, count: threads.count * 2)
        released = reduced
    }

    /// What identifies the state for the search, packed into a few words (hashing and comparing
    /// them is most of the search's work). The machine's record of the longest queue is left out:
    /// no decision reads it.
    var fingerprint: ExplorerFingerprint {
        var print = ExplorerFingerprint()
        switch machine.phase {
        case .idle: print.put(0, bits: 3)
        case .away: print.put(1, bits: 3)
        case .scheduled: print.put(2, bits: 3)
        case .draining(let turn):
            print.put(3, bits: 3)
            print.put(Int(turn.drainer.rawValue), bits: 4)
            print.put(turn.processed, bits: 5)
        case .shutDown: print.put(4, bits: 3)
        }
        print.put(machine.queue.count, bits: 4)
        // Indexed loops: in a debug build, iterators cost more than the rest of the fingerprint.
        for offset in 0..<machine.queue.count { print.put(machine.queue[offset]) }
        print.put(machine.successors.count, bits: 3)
        for offset in 0..<machine.successors.count {
            print.put(machine.successors[offset].index, bits: 3)
        }
        print.put(machine.roomWaiters.count, bits: 3)
        for waiter in machine.roomWaiters { print.put(waiter.index, bits: 3) }
        print.put(machine.isGateClosed ? 1 : 0, bits: 1)
        var idleWaiters = 0
        for id in machine.idleWaiters.keys { idleWaiters |= 1 << id }
        print.put(idleWaiters, bits: 4)
        print.put(machine.nextIdleWaiterID, bits: 2)
        for thread in threads {
            print.put(thread.sent, bits: 2)
            print.put(thread.nestedSent, bits: 1)
            print.put(thread.nestedStartedBefore, bits: 3)
            switch thread.place {
            case .outside: print.put(0, bits: 4)
            case .atGate: print.put(1, bits: 4)
            case .delivering: print.put(2, bits: 4)
            case .draining(let processing, let holding):
                print.put(3, bits: 4)
                print.put(processing)
                print.put(holding)
            case .successor(let item, let signalled):
                print.put(signalled ? 5 : 4, bits: 4)
                print.put(item)
            case .roomWaiter(let item, let signalled):
                print.put(signalled ? 7 : 6, bits: 4)
                print.put(item)
            case .scheduling: print.put(8, bits: 4)
            case .inIdle(let id):
                print.put(9, bits: 4)
                print.put(id, bits: 2)
            case .done: print.put(10, bits: 4)
            }
        }
        for stream in reduced.indices {
            print.put(reduced[stream], bits: 3)
            print.put(released[stream], bits: 3)
        }
        print.put(isGateOpen ? 1 : 0, bits: 1)
        print.put(pieces, bits: 3)
        print.put(turnTaken, bits: 5)
        print.put(hasShutDown ? 1 : 0, bits: 1)
        return print
    }

    /// Whether an async sender's effect is still running.
    var areEffectsRunning: Bool {
        threads.contains { $0.role == .sender && $0.place != .done }
    }

    func enabledEvents(_ configuration: ExplorerConfiguration) -> [ExplorerEvent] {
        var events: [ExplorerEvent] = []
        for (index, thread) in threads.enumerated() {
            switch thread.place {
            case .outside:
                switch thread.role {
                case .dispatcher, .home:
                    if thread.sent < thread.actions { events.append(.step(index)) }
                    if thread.role == .home, pieces > 0 { events.append(.runPiece(index)) }
                case .sender, .idleTask:
                    events.append(.step(index))
                }
            case .delivering, .scheduling:
                events.append(.step(index))
            case .draining(let processing, _):
                events.append(.step(index))
                if processing != nil, thread.nestedSent < thread.nestedBudget {
                    events.append(.nested(index))
                }
            case .successor(_, let signalled), .roomWaiter(_, let signalled):
                if signalled { events.append(.step(index)) }
            case .inIdle:
                if thread.role == .idleTask(cancels: true) { events.append(.cancel(index)) }
            case .atGate, .done:
                break
            }
        }
        if configuration.shutDown, !hasShutDown {
            events.append(.shutDown)
        }
        return events
    }

    /// What is wrong with a state where nothing more can happen, if anything.
    func finalProblem(_ configuration: ExplorerConfiguration) -> ExplorerProblem? {
        let stuck = threads.indices.filter { !isFinished($0) }
        if !stuck.isEmpty || pieces > 0 || !machine.isAtRest || !machine.queue.isEmpty {
            return ExplorerProblem(.liveness, "nothing more can happen: \(describeWaits())")
        }
        for (index, thread) in threads.enumerated() {
            let outside = (1 << thread.sent) - 1
            let nested = (1 << thread.nestedSent) - 1
            for (stream, sent) in [(index * 2, outside), (index * 2 + 1, nested)]
            where reduced[stream] | released[stream] != sent {
                return ExplorerProblem(
                    .lost, "T\(index) sent actions that were neither reduced nor released")
            }
        }
        return nil
    }

    func isFinished(_ index: Int) -> Bool {
        let thread = threads[index]
        switch thread.role {
        case .home: return thread.place == .outside && thread.sent == thread.actions
        case .dispatcher:
            return thread.place == .done
                || thread.place == .outside && thread.sent == thread.actions
        case .sender, .idleTask: return thread.place == .done
        }
    }

    /// The machine's phase, in short.
    var phaseName: String {
        switch machine.phase {
        case .idle: "idle"
        case .away: "away"
        case .scheduled: "scheduled"
        case .draining(let turn): "drained by T\(ModelWaiter(thread: turn.drainer).index)"
        case .shutDown: "shut down"
        }
    }

    /// Where each unfinished thread is, for a message.
    func describeWaits() -> String {
        var parts = threads.indices.filter { !isFinished($0) }.map {
            "T\($0) \(threads[$0].place)"
        }
        if pieces > 0 { parts.append("\(pieces) pieces on the home") }
        parts.append("the store \(phaseName), queue \(Array(machine.queue))")
        return parts.joined(separator: ", ")
    }
}

/// The hashable identity of an ``ExplorerState``: its fields packed into words, a few bits
/// each (each field's width holds the most the explored configurations need; a larger value
/// stops the search rather than be cut).
struct ExplorerFingerprint: Hashable {
    private var w0: UInt64 = 0
    private var w1: UInt64 = 0
    private var w2: UInt64 = 0
    private var w3: UInt64 = 0
    private var w4: UInt64 = 0
    private var w5: UInt64 = 0
    private var w6: UInt64 = 0
    private var w7: UInt64 = 0
    private var used = 0

    /// Appends `value`, which must fit in `bits` bits; a field never straddles two words.
    mutating func put(_ value: Int, bits: Int) {
        precondition(value >= 0 && value < 1 << bits, "\(value) does not fit in \(bits) bits")
        if used % 64 + bits > 64 { used += 64 - used % 64 }
        let word = UInt64(value) << UInt64(used % 64)
        switch used / 64 {
        case 0: w0 |= word
        case 1: w1 |= word
        case 2: w2 |= word
        case 3: w3 |= word
        case 4: w4 |= word
        case 5: w5 |= word
        case 6: w6 |= word
        case 7: w7 |= word
        default: preconditionFailure("a state too large for its fingerprint")
        }
        used += bits
    }

    /// Appends an item, or its absence.
    mutating func put(_ item: ModelItem?) {
        guard let item else {
            put(0, bits: 8)
            return
        }
        let place = item.isNested ? item.startedBefore : item.sequence
        put(1 + (item.thread << 4 | (item.isNested ? 1 : 0) << 3 | place), bits: 8)
    }
}

/// One event applied to a state: the machine's answers carried out as `StoreCore` carries them
/// out, with the contract checked on the way.
struct ExplorerTransition {
    var state: ExplorerState
    let configuration: ExplorerConfiguration
    /// The first rule broken, if any.
    var problem: ExplorerProblem?
    /// What happened, in words, when a trace is being described.
    var notes: ExplorerNotes?

    init(state: ExplorerState, configuration: ExplorerConfiguration) {
        self.state = state
        self.configuration = configuration
    }

    mutating func apply(_ event: ExplorerEvent) {
        switch event {
        case .step(let index):
            step(index)
        case .nested(let index):
            guard case .draining(let processing?, _) = state.threads[index].place else {
                preconditionFailure("a nested dispatch from a thread not processing an item")
            }
            let item = ModelItem(
                thread: index, isNested: true, sequence: state.threads[index].nestedSent,
                startedBefore: state.threads[index].sent)
            state.threads[index].nestedSent += 1
            state.threads[index].nestedStartedBefore = item.startedBefore
            let isHome: Bool? = configuration.hasHome ? state.threads[index].role == .home : nil
            let arrival = state.machine.arrive(item, thread: .model(index)) { isHome }
            note("T\(index), processing \(processing), dispatches \(item): \(arrival)")
            switch arrival {
            case .queued(let closesGate):
                if closesGate { state.isGateOpen = false }
            case .dropped:
                release(item)
            case .process, .queuedForHome, .wait:
                fail(.reentrancy, "a nested dispatch was answered \(arrival)")
            }
        case .runPiece(let index):
            state.pieces -= 1
            let isDrainer = state.machine.homeRuns(on: .model(index))
            note(
                "the home T\(index) runs a piece of work: \(isDrainer ? "drains" : "nothing to do")"
            )
            if isDrainer {
                state.turnTaken = 0
                state.threads[index].place = .draining(processing: nil, holding: nil)
            }
        case .cancel(let index):
            guard case .inIdle(let id) = state.threads[index].place else {
                preconditionFailure("cancelling a task that is not in idle()")
            }
            note("T\(index)'s idle() is cancelled")
            if state.machine.stopWaitingForIdle(id: id) == nil {
                fail(.idle, "the machine forgot a task still waiting in idle()")
            }
            state.threads[index].place = .done
        case .shutDown:
            let remains = state.machine.shutDown()
            state.hasShutDown = true
            note("the store shuts down, dropping \(Array(remains.queue))")
            for item in remains.queue { release(item) }
            for waiter in remains.waiters { signal(waiter) }
            openGate()
            resumeIdle(remains.idleWaiters)
        }
    }

    private mutating func step(_ index: Int) {
        let thread = state.threads[index]
        switch thread.place {
        case .outside:
            switch thread.role {
            case .dispatcher, .home:
                dispatch(from: index)
            case .sender:
                if thread.sent < thread.actions {
                    note("T\(index) sends: the gate is \(state.isGateOpen ? "open" : "closed")")
                    state.threads[index].place = state.isGateOpen ? .delivering : .atGate
                } else {
                    note("T\(index)'s effect ends")
                    state.threads[index].place = .done
                    workEnded()
                }
            case .idleTask:
                let id = state.machine.makeIdleWaiterID()
                state.threads[index].place = .inIdle(id: id)
                note("T\(index) calls idle()")
                resumeIdle(
                    state.machine.waitForIdle(
                        id, id: id, effectsRunning: state.areEffectsRunning))
            }
        case .delivering:
            dispatch(from: index)
        case .scheduling:
            note("T\(index) schedules a piece of work on the home")
            state.pieces += 1
            returnOutside(index)
        case .draining(let processing, let holding?):
            note("T\(index) is done with \(processing.map(String.init(describing:)) ?? "nothing")")
            takeOver(index, with: holding)
        case .draining(let processing, nil):
            if let processing { note("T\(index) is done with \(processing)") }
            next(index)
        case .successor(let item, signalled: true):
            note("T\(index) wakes as the successor")
            takeOver(index, with: item)
        case .roomWaiter(let item, signalled: true):
            note("T\(index) wakes, room made, and arrives again")
            arrive(index, with: item)
        case .successor, .roomWaiter, .atGate, .inIdle, .done:
            preconditionFailure("T\(index) has no step from \(thread.place)")
        }
    }

    private mutating func dispatch(from index: Int) {
        let item = ModelItem(thread: index, isNested: false, sequence: state.threads[index].sent)
        state.threads[index].sent += 1
        arrive(index, with: item)
    }

    /// `StoreCore.arrive(with:)` and `proceed(after:with:)`.
    private mutating func arrive(_ index: Int, with item: ModelItem) {
        let isHome: Bool? = configuration.hasHome ? state.threads[index].role == .home : nil
        // An async sender's `send` is a task's: where a thread would block, it suspends.
        let suspends = state.threads[index].role == .sender
        let arrival = state.machine.arrive(item, thread: .model(index), suspends: suspends) {
            isHome
        }
        note("T\(index) dispatches \(item): \(arrival)")
        switch arrival {
        case .process:
            reduce(item)
            state.turnTaken = 0
            state.threads[index].place = .draining(processing: item, holding: nil)
        case .queued(let closesGate):
            if closesGate { state.isGateOpen = false }
            returnOutside(index)
        case .queuedForHome:
            state.threads[index].place = .scheduling
        case .dropped:
            release(item)
            returnOutside(index)
        case .wait(let waiter):
            guard waiter.index == index else {
                fail(.wakeUp, "T\(index) was told to wait on T\(waiter.index)'s waiter")
                return
            }
            state.threads[index].place =
                configuration.hasHome
                ? .roomWaiter(item, signalled: false) : .successor(item, signalled: false)
        }
    }

    /// `StoreCore.takeOver(with:)`, one critical section.
    private mutating func takeOver(_ index: Int, with item: ModelItem) {
        // A task resumes on some thread; in the model, its own.
        let answer = state.machine.takeOver(with: item, on: .model(index))
        note("T\(index) takes over with \(item): \(answer)")
        switch answer {
        case .process(let first):
            take(first)
            state.threads[index].place = .draining(processing: first, holding: item)
        case .queued(let closesGate):
            if closesGate { state.isGateOpen = false }
            state.threads[index].place = .draining(processing: nil, holding: nil)
        case .dropped:
            release(item)
            returnOutside(index)
        }
    }

    /// `StoreCore.next(in:lendingTo:)` and one turn of the drain loop.
    private mutating func next(_ index: Int) {
        let step = state.machine.next()
        note("T\(index) asks for its next step: \(step)")
        switch step {
        case .process(let item):
            take(item)
            state.threads[index].place = .draining(processing: item, holding: nil)
        case .makeRoom(let waiters, let opensGate):
            for waiter in waiters { signal(waiter) }
            if opensGate { openGate() }
            state.threads[index].place = .draining(processing: nil, holding: nil)
        case .handOff(let successor):
            state.turnTaken = 0
            signal(successor)
            returnOutside(index)
        case .reschedule:
            // The home schedules its next piece itself, before it is free again.
            state.pieces += 1
            returnOutside(index)
        case .finished:
            returnOutside(index)
            workEnded()
        }
    }

    /// `StoreCore.workEnded()`: resumes the tasks in `idle()` if the store is idle now.
    private mutating func workEnded() {
        guard state.machine.isIdleWatched else { return }
        resumeIdle(state.machine.workEnded(effectsRunning: state.areEffectsRunning))
    }

    private mutating func returnOutside(_ index: Int) {
        let thread = state.threads[index]
        let isDone = thread.role == .dispatcher && thread.sent == thread.actions
        state.threads[index].place = isDone ? .done : .outside
    }

    private mutating func signal(_ waiter: ModelWaiter) {
        let index = waiter.index
        note("T\(index) is signalled")
        switch state.threads[index].place {
        case .successor(let item, signalled: false):
            state.threads[index].place = .successor(item, signalled: true)
        case .roomWaiter(let item, signalled: false):
            state.threads[index].place = .roomWaiter(item, signalled: true)
        default:
            fail(.wakeUp, "T\(index) was signalled in \(state.threads[index].place)")
        }
    }

    private mutating func openGate() {
        state.isGateOpen = true
        for index in state.threads.indices where state.threads[index].place == .atGate {
            state.threads[index].place = .delivering
        }
    }

    private mutating func resumeIdle(_ ids: [Int]) {
        guard !ids.isEmpty else { return }
        let isIdle =
            state.machine.phase == .shutDown
            || state.machine.isAtRest && !state.areEffectsRunning
        if !isIdle {
            let effects = state.areEffectsRunning ? "an effect running" : "no effect running"
            fail(.idle, "idle() resumed with the store \(state.phaseName), \(effects)")
        }
        for id in ids {
            guard let index = state.threads.firstIndex(where: { $0.place == .inIdle(id: id) })
            else {
                fail(.idle, "idle() waiter \(id) resumed but no task waits under it")
                continue
            }
            note("T\(index)'s idle() is resumed")
            state.threads[index].place = .done
        }
    }

    /// An item the drainer takes from the queue: it counts in the turn.
    private mutating func take(_ item: ModelItem) {
        state.turnTaken += 1
        let isSuccessorWaiting = state.threads.contains {
            if case .successor(_, signalled: false) = $0.place { return true }
            return false
        }
        if state.turnTaken > configuration.turnLength, configuration.hasHome || isSuccessorWaiting {
            fail(
                .turn,
                "the drainer took \(item), item \(state.turnTaken) of its turn, while "
                    + (configuration.hasHome ? "on the home" : "a successor waits"))
        }
        reduce(item)
    }

    private mutating func reduce(_ item: ModelItem) {
        let bit = 1 << item.sequence
        if state.hasShutDown {
            fail(.shutDown, "\(item) was reduced after shutdown")
        }
        if state.reduced[item.stream] & bit != 0 || state.released[item.stream] & bit != 0 {
            fail(.exactlyOnce, "\(item) was reduced again")
        } else if state.reduced[item.stream] != bit - 1 {
            fail(.order, "\(item) was reduced before an earlier action of T\(item.thread)")
        } else if !isInOrderWithOtherStream(item) {
            fail(
                .order,
                "\(item) was reduced out of order with T\(item.thread)'s "
                    + (item.isNested ? "dispatches" : "nested action"))
        }
        state.reduced[item.stream] |= bit
    }

    /// Whether `item` keeps its place among its thread's actions of the other kind (see
    /// ``ExplorerInvariant/order``).
    private func isInOrderWithOtherStream(_ item: ModelItem) -> Bool {
        let thread = state.threads[item.thread]
        let outside = item.thread * 2
        let nested = outside + 1
        if item.isNested {
            // Every dispatch that had returned when it was sent is done.
            let returned = (1 << max(item.startedBefore - 1, 0)) - 1
            return (state.reduced[outside] | state.released[outside]) & returned == returned
        }
        // A nested action sent before this dispatch started is done.
        guard thread.nestedSent > 0, thread.nestedStartedBefore <= item.sequence else {
            return true
        }
        return (state.reduced[nested] | state.released[nested]) & 1 == 1
    }

    private mutating func release(_ item: ModelItem) {
        let bit = 1 << item.sequence
        if state.reduced[item.stream] & bit != 0 || state.released[item.stream] & bit != 0 {
            fail(.exactlyOnce, "\(item) was released after it was reduced or released")
        }
        state.released[item.stream] |= bit
    }

    /// The invariants every state keeps.
    mutating func checkState() {
        let machine = state.machine
        for (position, item) in machine.queue.enumerated()
        where position >= configuration.capacity && !item.isNested
            && state.threads[item.thread].role != .home
        {
            fail(.bound, "\(item), from outside, is queued behind \(position) others")
        }
        if state.isGateOpen == machine.isGateClosed {
            fail(
                .room,
                "the gate is \(state.isGateOpen ? "open" : "closed") but the machine says "
                    + (machine.isGateClosed ? "closed" : "open"))
        }
        let isRoomAwaited =
            !state.isGateOpen
            || state.threads.contains {
                if case .roomWaiter(_, signalled: false) = $0.place { return true }
                return false
            }
        if isRoomAwaited, machine.queue.count < configuration.capacity / 2 {
            fail(.room, "room is awaited with \(machine.queue.count) items queued")
        }
    }

    private mutating func fail(_ invariant: ExplorerInvariant, _ message: String) {
        if problem == nil {
            problem = ExplorerProblem(invariant, message)
        }
    }

    /// Notes what happened, only while a trace is being described (the words cost time).
    private func note(_ text: @autoclosure () -> String) {
        notes?.lines.append(text())
    }
}

/// The words of a trace, filled in as it is replayed.
final class ExplorerNotes {
    var lines: [String] = []
}
