import Effects

/// Every decision a store makes about its queue, as a pure value: who drains, who appends, who
/// waits for what, when a turn ends, when the store is at rest, what shutting down drops.
///
/// It calls, locks and starts nothing: `StoreCore` asks it under the store's lock and carries
/// out its answer after. `StoreMachineTests` drives it step by step,
/// `StoreMachineExplorationTests` through every interleaving of a few model threads.
///
/// - No home: after `turnLength` items the drainer's role passes to the next caller from outside
///   (a *successor*); a caller that finds the queue full becomes a successor too.
/// - A home: a piece of work on the home drains one turn, then reschedules; a caller that finds
///   the queue full waits until it has drained to half, unless it may be the home itself.
/// - Async senders wait at the runtime's gate, closed when the queue is full, open at half.
///
/// Sizes: `queue` holds at most `capacity` items from threads other than the drainer's and the
/// home's; the waiter lists one entry per caller waiting now. Queue and successors are O(1)
/// amortized; letting waiters go is O(waiters).
@usableFromInline
struct StoreMachine<Work, Waiter: StoreWaiter, IdleWaiter> {
    @usableFromInline
    enum Phase {
        /// No home, nobody draining, the queue empty.
        case idle
        /// A home, nobody draining, nothing scheduled, the queue empty.
        case away
        /// A home, and a piece of work on its way to drain the queue.
        case scheduled
        case draining(Turn)
        case shutDown
    }

    @usableFromInline
    struct Turn: Equatable {
        /// `.nobody` while the role is on its way to a task.
        @usableFromInline var drainer: ThreadID
        @usableFromInline var processed: Int

        @inlinable
        init(drainer: ThreadID, processed: Int = 0) {
            self.drainer = drainer
            self.processed = processed
        }
    }

    /// What a caller arriving with work must do once the lock is let go.
    @usableFromInline
    enum Arrival {
        /// It is the drainer now: process its work, then ask for the next step.
        case process
        /// With `closesGate`, the queue has just filled up: async senders must wait.
        case queued(closesGate: Bool)
        case queuedForHome
        /// Shut down: release the work outside the lock.
        case dropped
        /// Wait; then take over (no home: ``takeOver(with:on:)``) or arrive again (a home).
        case wait(Waiter)
    }

    /// What a successor handed the drainer's role does with its work.
    @usableFromInline
    enum TakeOver {
        /// Process this item first (the queue is full), then try again.
        case process(Work)
        case queued(closesGate: Bool)
        case dropped
    }

    @usableFromInline
    enum Step {
        case process(Work)
        /// The queue has drained to half: signal these waiters, open the gate if `opensGate`,
        /// then ask again.
        case makeRoom([Waiter], opensGate: Bool)
        /// Stop: the role has passed to this successor.
        case handOff(Waiter)
        /// Stop: the turn on the home is over.
        case reschedule
        case finished
    }

    /// What shutting down leaves to release and to wake.
    @usableFromInline
    struct Remains {
        @usableFromInline let queue: FIFOQueue<Work>
        @usableFromInline let waiters: [Waiter]
        @usableFromInline let idleWaiters: [IdleWaiter]
    }

    @usableFromInline private(set) var phase: Phase
    @usableFromInline private(set) var queue = FIFOQueue<Work>()
    /// Without a home: threads waiting to take over the drainer's role, in arrival order.
    @usableFromInline private(set) var successors = FIFOQueue<Waiter>()
    /// With a home: threads waiting for room in the queue.
    @usableFromInline private(set) var roomWaiters: [Waiter] = []
    @usableFromInline private(set) var isGateClosed = false
    @usableFromInline private(set) var longestQueue = 0
    /// The tasks in `idle()`, by id (so that a cancelled one can leave).
    @usableFromInline private(set) var idleWaiters: [Int: IdleWaiter] = [:]
    @usableFromInline private(set) var nextIdleWaiterID = 0
    #if DEBUG
    /// A bug seeded on purpose, to check that `StoreMachineExplorationTests` catches it.
    @usableFromInline var mutation: StoreMachineMutation?
    #endif

    @usableFromInline let capacity: Int
    /// How many items a drainer takes before it hands over (no home) or reschedules (a home).
    @usableFromInline let turnLength: Int
    @usableFromInline let hasHome: Bool

    @inlinable
    init(capacity: Int, turnLength: Int, hasHome: Bool) {
        precondition(capacity >= 2, "a store's queue must hold at least 2 items (got \(capacity))")
        precondition(
            turnLength >= 1, "a drainer's turn must be at least 1 item (got \(turnLength))")
        self.capacity = capacity
        self.turnLength = turnLength
        self.hasHome = hasHome
        phase = hasHome ? .away : .idle
    }

    /// Nobody drains and nothing is on its way to (so the queue is empty).
    @inlinable
    var isAtRest: Bool {
        switch phase {
        case .idle, .away, .shutDown: true
        case .scheduled, .draining: false
        }
    }

    @inlinable
    var isShutDown: Bool {
        if case .shutDown = phase { return true }
        return false
    }

    /// A caller or an async sender waits for the queue to drain to half.
    @inlinable
    var isRoomWanted: Bool {
        isGateClosed || !roomWaiters.isEmpty
    }

    // MARK: Arriving

    /// A caller arrives with work: a thread, or a task if it `suspends`. `isHomeCurrent` (nil if
    /// the home cannot tell) is asked only when it decides something: it looks up the queue.
    @inlinable
    @inline(__always)
    mutating func arrive(
        _ work: Work, thread: ThreadID, suspends: Bool = false, isHomeCurrent: () -> Bool?
    ) -> Arrival {
        switch phase {
        case .shutDown:
            #if DEBUG
            if mutation == .workAcceptedAfterShutDown {
                phase = .draining(Turn(drainer: thread))
                return .process
            }
            #endif
            return .dropped
        case .idle:
            phase = .draining(Turn(drainer: thread))
            return .process
        case .away:
            // Code on the home may do the work itself, as without a home.
            if isHomeCurrent() == true {
                phase = .draining(Turn(drainer: thread))
                return .process
            }
            phase = .scheduled
            // The first item cannot fill a queue of at least 2: the gate stays open.
            _ = append(work)
            return .queuedForHome
        case .scheduled:
            return admit(
                work, turn: nil, thread: thread, suspends: suspends, isHomeCurrent: isHomeCurrent)
        case .draining(let turn):
            return admit(
                work, turn: turn, thread: thread, suspends: suspends, isHomeCurrent: isHomeCurrent)
        }
    }

    /// Queues `work` while someone else drains (or is about to), or tells the caller to wait.
    @inlinable
    mutating func admit(
        _ work: Work, turn: Turn?, thread: ThreadID, suspends: Bool, isHomeCurrent: () -> Bool?
    ) -> Arrival {
        #if DEBUG
        let isTurnOver =
            mutation != .turnNeverEnds && !hasHome && (turn?.processed ?? 0) >= turnLength
        let hasRoom = mutation == .boundIgnored || queue.count < capacity
        #else
        let isTurnOver = !hasHome && (turn?.processed ?? 0) >= turnLength
        let hasRoom = queue.count < capacity
        #endif
        if hasRoom, !isTurnOver {
            return .queued(closesGate: append(work))
        }
        if turn?.drainer == thread {
            // The drainer's own nested dispatch: it cannot wait for itself.
            return .queued(closesGate: append(work))
        }
        let waiter = Waiter(thread: thread, suspends: suspends)
        guard hasHome else {
            successors.append(waiter)
            return .wait(waiter)
        }
        guard isHomeCurrent() == false else {
            // On the home, or a home that cannot tell: waiting might be waiting for itself.
            return .queued(closesGate: append(work))
        }
        roomWaiters.append(waiter)
        return .wait(waiter)
    }

    /// Returns whether the gate must close now (the queue has just filled up).
    @inlinable
    mutating func append(_ work: Work) -> Bool {
        queue.append(work)
        if queue.count > longestQueue {
            longestQueue = queue.count
        }
        guard queue.count >= capacity, !isGateClosed else { return false }
        isGateClosed = true
        return true
    }

    /// A successor handed the drainer's role queues its own work, or, while the queue is full,
    /// first takes the oldest item; `thread` drains from here on.
    @inlinable
    mutating func takeOver(with work: Work, on thread: ThreadID) -> TakeOver {
        guard case .draining(var turn) = phase else {
            guard case .shutDown = phase else {
                preconditionFailure("a successor took over while nobody was draining")
            }
            return .dropped
        }
        if turn.drainer != thread {
            turn.drainer = thread
            phase = .draining(turn)
        }
        if queue.count < capacity {
            #if DEBUG
            if mutation == .workDroppedAtTakeOver { return .queued(closesGate: false) }
            #endif
            return .queued(closesGate: append(work))
        }
        guard let first = queue.popFirst() else {
            preconditionFailure("a full queue has a first item")
        }
        turn.processed &+= 1
        phase = .draining(turn)
        return .process(first)
    }

    // MARK: Draining

    /// The piece of work scheduled on the home runs: whether it is the drainer now.
    @inlinable
    mutating func homeRuns(on thread: ThreadID) -> Bool {
        guard case .scheduled = phase else { return false }
        phase = .draining(Turn(drainer: thread))
        return true
    }

    /// The drainer's next step: the common "nothing queued, nobody waiting" inline, every other
    /// in ``nextQueued()``.
    @inlinable
    @inline(__always)
    mutating func next() -> Step {
        if case .draining = phase, queue.isEmpty, successors.isEmpty, !isRoomWanted {
            // The last answer of `nextQueued()`.
            phase = hasHome ? .away : .idle
            return .finished
        }
        return nextQueued()
    }

    /// The next step when work is queued, someone waits, or the store shut down meanwhile.
    @inlinable
    @inline(never)
    mutating func nextQueued() -> Step {
        guard case .draining(var turn) = phase else {
            guard case .shutDown = phase else {
                preconditionFailure("a drainer asked for its next step while nobody was draining")
            }
            return .finished
        }
        #if DEBUG
        let isHalfEmpty =
            mutation == .roomOnlyWhenEmpty ? queue.isEmpty : queue.count <= capacity / 2
        #else
        let isHalfEmpty = queue.count <= capacity / 2
        #endif
        if isRoomWanted, isHalfEmpty {
            #if DEBUG
            if mutation == .roomMadeForever { return .makeRoom([], opensGate: false) }
            #endif
            let waiters = roomWaiters
            roomWaiters = []
            defer { isGateClosed = false }
            #if DEBUG
            if mutation == .roomWaitersForgotten { return .makeRoom([], opensGate: isGateClosed) }
            if mutation == .gateLeftClosed { return .makeRoom(waiters, opensGate: false) }
            #endif
            return .makeRoom(waiters, opensGate: isGateClosed)
        }
        #if DEBUG
        let isTurnOver = mutation != .turnNeverEnds && turn.processed >= turnLength
        #else
        let isTurnOver = turn.processed >= turnLength
        #endif
        if !successors.isEmpty, isTurnOver || queue.isEmpty {
            guard let successor = successors.popFirst() else {
                preconditionFailure("successors are not empty")
            }
            // A task's thread is known once it resumes and takes over.
            phase = .draining(Turn(drainer: successor.thread ?? .nobody))
            #if DEBUG
            if mutation == .successorNotWoken { return .finished }
            #endif
            return .handOff(successor)
        }
        if hasHome, isTurnOver, !queue.isEmpty {
            phase = .scheduled
            return .reschedule
        }
        #if DEBUG
        if mutation == .lastInFirstOut, let last = popLast() {
            turn.processed &+= 1
            phase = .draining(turn)
            return .process(last)
        }
        #endif
        guard let work = queue.popFirst() else {
            phase = hasHome ? .away : .idle
            return .finished
        }
        turn.processed &+= 1
        phase = .draining(turn)
        return .process(work)
    }

    // MARK: Shutting down

    /// Everything queued is dropped, every waiter let go, later arrivals dropped too. Shutting
    /// down again finds nothing left.
    mutating func shutDown() -> Remains {
        phase = .shutDown
        defer {
            queue = FIFOQueue()
            successors = FIFOQueue()
            roomWaiters = []
            idleWaiters = [:]
            isGateClosed = false
        }
        return Remains(
            queue: queue,
            waiters: Array(successors) + roomWaiters,
            idleWaiters: Array(idleWaiters.values)
        )
    }

    // MARK: Waiting for the store to be idle

    /// Only while a task waits in `idle()` must whoever ends work count the running effects.
    @inlinable
    var isIdleWatched: Bool {
        !idleWaiters.isEmpty
    }

    /// Taken before the task waits, so that its cancellation can name it.
    mutating func makeIdleWaiterID() -> Int {
        defer { nextIdleWaiterID += 1 }
        return nextIdleWaiterID
    }

    /// A task waits in `idle()`: the waiters to resume now (all, if the store is idle).
    mutating func waitForIdle(_ waiter: IdleWaiter, id: Int, effectsRunning: Bool) -> [IdleWaiter] {
        idleWaiters[id] = waiter
        return workEnded(effectsRunning: effectsRunning)
    }

    /// A cancelled task stops waiting: its waiter, if it still waited.
    mutating func stopWaitingForIdle(id: Int) -> IdleWaiter? {
        idleWaiters.removeValue(forKey: id)
    }

    /// Some work ended: every waiter in `idle()` if the store is idle now (at rest, no effect
    /// running) or shut down, else none.
    @inlinable
    mutating func workEnded(effectsRunning: Bool) -> [IdleWaiter] {
        switch phase {
        case .draining, .scheduled:
            #if DEBUG
            if mutation == .idleResumedEarly { break }
            #endif
            return []
        case .idle, .away:
            guard !effectsRunning else { return [] }
        case .shutDown:
            break
        }
        guard !idleWaiters.isEmpty else { return [] }
        defer { idleWaiters = [:] }
        return Array(idleWaiters.values)
    }
}

/// A caller the machine told to wait: a thread blocked in `dispatch` or `subscribe`, or a task
/// suspended in `enqueue` (its waiter names no thread: a task may resume on any).
@usableFromInline
protocol StoreWaiter {
    init(thread: ThreadID, suspends: Bool)
    /// Nil for a task.
    var thread: ThreadID? { get }
}

/// Which thread runs: how the machine tells the drainer's nested dispatch, which must never
/// wait, from another thread's. The store reads `current`; tests make them up.
@usableFromInline
struct ThreadID: Equatable, Sendable {
    @usableFromInline let rawValue: UInt

    @inlinable
    init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    /// No thread (`pthread_self()` is never null): the drainer while the role is on its way to
    /// a task.
    @usableFromInline
    static let nobody = ThreadID(rawValue: 0)
}

extension StoreMachine: Sendable where Work: Sendable, Waiter: Sendable, IdleWaiter: Sendable {}
extension StoreMachine.Phase: Sendable {}
extension StoreMachine.Turn: Sendable {}

#if DEBUG
/// A bug seeded into ``StoreMachine`` (its `mutation`), one per rule of the contract, so that a
/// test can check that the explorer in `StoreMachineExplorationTests` notices it.
@usableFromInline
enum StoreMachineMutation: CaseIterable, Sendable {
    case turnNeverEnds
    case successorNotWoken
    /// Room is made only once the queue is empty, not at half.
    case roomOnlyWhenEmpty
    /// Room is made, but the runtime's gate is never opened.
    case gateLeftClosed
    /// Threads waiting for room are dropped without being woken.
    case roomWaitersForgotten
    case lastInFirstOut
    /// Tasks in `idle()` are resumed while the queue is still being drained.
    case idleResumedEarly
    case workDroppedAtTakeOver
    case workAcceptedAfterShutDown
    /// Other threads' work is queued past the bound instead of waiting.
    case boundIgnored
    /// The drainer makes room forever: a livelock, with no thread blocked.
    case roomMadeForever
}

extension StoreMachine {
    /// For ``StoreMachineMutation/lastInFirstOut``.
    @usableFromInline
    mutating func popLast() -> Work? {
        var items = Array(queue)
        guard let last = items.popLast() else { return nil }
        queue = FIFOQueue()
        for item in items {
            queue.append(item)
        }
        return last
    }
}
#endif
