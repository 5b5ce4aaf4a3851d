import Effects

/// Every decision a store makes about its queue, as a pure value: who drains it, who appends to
/// it, who waits for what, when a turn ends, when the store is at rest, and what shutting down
/// drops.
///
/// It takes events with their inputs (which thread asks, whether the caller runs on the home)
/// and returns what to do; it calls nothing, locks nothing and starts nothing. `StoreCore` keeps
/// it behind the store's lock and does what it answers once the lock is let go. Each stage's
/// data lives in its case of ``State`` (the shape of swift-async-algorithms' state machines), so
/// a queue or a waiting thread cannot exist while the store is at rest. `StoreMachineTests`
/// drives it transition by transition; `StoreMachineExplorationTests` drives it through every
/// interleaving of a few model threads and checks the rules below in every state reached.
///
/// The rules (the store's contract states them for users):
///
/// - Without a home, the thread that dispatches while no one drains becomes the drainer. Others
///   append and return, while the queue has room and the drainer's turn is not over.
/// - A turn is `turnLength` items. When it is over, the role passes to the next thread that
///   dispatches from outside (a *successor*): that thread waits for the drainer to finish the
///   item it is on, then drains. A thread that finds the queue full waits the same way, and takes
///   over once the drainer's turn is over.
/// - With a home, only a piece of work on the home drains (or code already running on the home,
///   when the store is at rest); it runs one turn, then, if work is left, schedules another
///   piece. A thread that finds the queue full waits for it to drain to half, unless it may be
///   the home itself (it would wait for itself).
/// - The drainer's own nested dispatches are always queued, full or not.
/// - Async senders (`Effect.run`'s `send`) suspend at the effect runtime's gate, which closes
///   when the queue is full and opens when it has drained to half.
/// - A caller arriving from a task (`suspends`) waits as a thread would, but its waiter parks the
///   task; its thread is unknown until it resumes, so a turn handed to it has no drainer until
///   it takes over.
/// - Tasks waiting in `idle()` are resumed when the store is at rest and no effect runs, or when
///   it shuts down.
///
/// Sizes: the queue holds at most `capacity` items from threads other than the drainer (the
/// drainer's own nested dispatches, and the home's, may add to it); the waiters one entry per
/// thread blocked or task suspended right now; `idleWaiters` one per task in `idle()`.
/// Appending and taking is O(1) amortized; letting waiters go is O(waiters).
@usableFromInline
struct StoreMachine<Work, Waiter: StoreWaiter, IdleWaiter> {
    /// The machine's stage, each with the data it needs.
    @usableFromInline
    enum State {
        /// No home, nobody draining: the next arrival becomes the drainer.
        case idle
        /// A home, nobody draining, nothing on its way: the next arrival schedules a piece of
        /// work on the home (or drains, if it runs there).
        case away
        /// A home, and a piece of work on its way to drain the backlog.
        case scheduled(Backlog)
        /// A thread is processing the backlog; everyone else appends to it (or waits).
        case draining(Turn, Backlog)
        /// The store was released: nothing is queued or run any more.
        case shutDown
        /// Only while a transition changes a case's data in place, so that its buffers are not
        /// copied on write.
        case modifying
    }

    /// What is waiting while someone drains or is about to.
    @usableFromInline
    struct Backlog {
        /// The work, in arrival order.
        @usableFromInline var queue = FIFOQueue<Work>()
        /// In arrival order: without a home, successors waiting to take over the drainer's
        /// role; with a home, threads and tasks waiting for room in the queue.
        @usableFromInline var waiters = FIFOQueue<Waiter>()
        /// Whether the effect runtime's gate is closed (async senders wait).
        @usableFromInline var isGateClosed = false

        @inlinable
        init() {}

        /// Whether a thread, a task or an async sender waits for room (with a home).
        @inlinable
        func isRoomWanted(hasHome: Bool) -> Bool {
            isGateClosed || (hasHome && !waiters.isEmpty)
        }
    }

    /// The stage in short, without its data: for the store's questions and for tests.
    @usableFromInline
    enum Phase: Equatable {
        case idle, away, scheduled, draining(Turn), shutDown
    }

    /// The current drainer's turn.
    @usableFromInline
    struct Turn: Equatable {
        /// The draining thread: its own dispatches are nested, never made to wait. `.nobody`
        /// while the role is on its way to a task, which names its thread as it takes over.
        @usableFromInline var drainer: ThreadID
        /// The items it has taken from the queue in this turn.
        @usableFromInline var processed: Int

        @inlinable
        init(drainer: ThreadID, processed: Int = 0) {
            self.drainer = drainer
            self.processed = processed
        }
    }

    /// What a thread arriving with work must do once the lock is let go. The work stays with the
    /// thread unless the machine queued it.
    @usableFromInline
    enum Arrival {
        /// It is the drainer now: process its work, then ask for the next step.
        case process
        /// The work is queued. With `closesGate`, the queue has just filled up: async senders
        /// must wait (done under the lock, so that a drainer making room cannot open it first).
        case queued(closesGate: Bool)
        /// The work is queued; schedule a piece of work on the home to drain it.
        case queuedForHome
        /// The store is shut down: release the work (outside the lock) and return.
        case dropped
        /// Wait on the waiter; then take over (no home) or arrive again (a home).
        case wait(Waiter)
    }

    /// What a successor that was handed the drainer's role does with its work.
    @usableFromInline
    enum TakeOver {
        /// Process this item first (the queue is full), then try again.
        case process(Work)
        /// Its work is queued: drain.
        case queued(closesGate: Bool)
        /// The store shut down meanwhile: release the work and return.
        case dropped
    }

    /// What the drainer does next.
    @usableFromInline
    enum Step {
        /// Process this item, then ask again.
        case process(Work)
        /// The queue has drained to half its bound: signal these waiters, open the gate if
        /// `opensGate` (under the lock, as it closes), then ask again.
        case makeRoom([Waiter], opensGate: Bool)
        /// Stop: the role has passed to this waiting thread; signal it.
        case handOff(Waiter)
        /// Stop: the turn on the home is over; schedule another piece of work there.
        case reschedule
        /// Stop: the queue is empty (or the store shut down).
        case finished
    }

    /// What shutting down leaves to release and to wake, outside the lock.
    @usableFromInline
    struct Remains {
        /// The work that will never be processed.
        @usableFromInline let queue: FIFOQueue<Work>
        /// Every thread blocked in `dispatch` or `subscribe`, or task suspended in `enqueue`.
        @usableFromInline let waiters: [Waiter]
        /// Every task in `idle()`.
        @usableFromInline let idleWaiters: [IdleWaiter]
    }

    @usableFromInline private(set) var state: State
    /// The tasks in `idle()`, by id (so that a cancelled one can leave): they wait through every
    /// stage but the last.
    @usableFromInline private(set) var idleWaiters: [Int: IdleWaiter] = [:]
    @usableFromInline private(set) var nextIdleWaiterID = 0
    /// The longest the queue has been, for tests of the bound.
    @usableFromInline private(set) var longestQueue = 0
    #if DEBUG
    /// A bug seeded on purpose, for the tests that check the exhaustive explorer
    /// (`StoreMachineExplorationTests`) catches it; nil, the machine as written.
    @usableFromInline var mutation: StoreMachineMutation?
    #endif

    /// The most items the queue holds before other threads wait.
    @usableFromInline let capacity: Int
    /// How many items a drainer takes before it hands over (no home) or reschedules (a home).
    @usableFromInline let turnLength: Int
    /// Whether a home drains the queue, rather than the threads that dispatch.
    @usableFromInline let hasHome: Bool

    /// A machine at rest: idle without a home, away with one.
    @inlinable
    init(capacity: Int, turnLength: Int, hasHome: Bool) {
        precondition(capacity >= 2, "a store's queue must hold at least 2 items (got \(capacity))")
        precondition(
            turnLength >= 1, "a drainer's turn must be at least 1 item (got \(turnLength))")
        self.capacity = capacity
        self.turnLength = turnLength
        self.hasHome = hasHome
        state = hasHome ? .away : .idle
    }

    /// The stage at rest: idle without a home, away with one.
    @inlinable
    var rest: State {
        hasHome ? .away : .idle
    }

    // MARK: Reading

    /// The stage in short.
    @inlinable
    var phase: Phase {
        switch state {
        case .idle: .idle
        case .away: .away
        case .scheduled: .scheduled
        case .draining(let turn, _): .draining(turn)
        case .shutDown: .shutDown
        case .modifying: preconditionFailure("the store's machine was read while modified")
        }
    }

    /// The backlog, empty while nobody drains or is about to.
    @inlinable
    var backlog: Backlog {
        switch state {
        case .scheduled(let backlog), .draining(_, let backlog): backlog
        case .idle, .away, .shutDown, .modifying: Backlog()
        }
    }

    /// The work waiting for the drainer.
    @inlinable
    var queue: FIFOQueue<Work> { backlog.queue }
    /// Without a home: the threads waiting to take over the drainer's role, in arrival order.
    @inlinable
    var successors: FIFOQueue<Waiter> { hasHome ? FIFOQueue() : backlog.waiters }
    /// With a home: the threads waiting for room in the queue.
    @inlinable
    var roomWaiters: [Waiter] { hasHome ? Array(backlog.waiters) : [] }
    /// Whether the effect runtime's gate is closed (async senders wait).
    @inlinable
    var isGateClosed: Bool { backlog.isGateClosed }

    /// Whether nobody drains and nothing is on its way to (so the queue is empty).
    @inlinable
    var isAtRest: Bool {
        switch state {
        case .idle, .away, .shutDown: true
        case .scheduled, .draining, .modifying: false
        }
    }

    /// Whether the store was released: nothing is reduced or welcomed any more.
    @inlinable
    var isShutDown: Bool {
        if case .shutDown = state { return true }
        return false
    }

    // MARK: Arriving

    /// A thread arrives with work (an action or a new observer).
    ///
    /// - Parameters:
    ///   - work: The work.
    ///   - thread: The calling thread.
    ///   - suspends: Whether the caller is a task that suspends, rather than blocks, if it must
    ///     wait: its waiter is then made without a thread (see ``StoreWaiter``).
    ///   - isHomeCurrent: Whether the caller runs on the home; nil if the home cannot tell or
    ///     there is none. Asked only when the answer decides something; it must not call into
    ///     the store.
    /// - Returns: What the thread must do.
    @inlinable
    mutating func arrive(
        _ work: Work, thread: ThreadID, suspends: Bool = false, isHomeCurrent: () -> Bool?
    ) -> Arrival {
        switch state {
        case .shutDown:
            #if DEBUG
            if mutation == .workAcceptedAfterShutDown {
                state = .draining(Turn(drainer: thread), Backlog())
                return .process
            }
            #endif
            return .dropped
        case .idle:
            state = .draining(Turn(drainer: thread), Backlog())
            return .process
        case .away:
            // Code running on the home may do the work itself, as a store without a home would.
            if isHomeCurrent() == true {
                state = .draining(Turn(drainer: thread), Backlog())
                return .process
            }
            var backlog = Backlog()
            // The first item cannot fill a queue of at least 2: the gate stays open.
            _ = append(work, to: &backlog)
            state = .scheduled(backlog)
            return .queuedForHome
        case .scheduled(var backlog):
            state = .modifying
            let arrival = admit(
                work, turn: nil, to: &backlog, thread: thread, suspends: suspends,
                isHomeCurrent: isHomeCurrent)
            state = .scheduled(backlog)
            return arrival
        case .draining(let turn, var backlog):
            state = .modifying
            let arrival = admit(
                work, turn: turn, to: &backlog, thread: thread, suspends: suspends,
                isHomeCurrent: isHomeCurrent)
            state = .draining(turn, backlog)
            return arrival
        case .modifying:
            preconditionFailure("the store's machine was entered while modified")
        }
    }

    /// Queues `work` while someone else drains (or is about to), or tells the thread to wait.
    @inlinable
    mutating func admit(
        _ work: Work, turn: Turn?, to backlog: inout Backlog, thread: ThreadID, suspends: Bool,
        isHomeCurrent: () -> Bool?
    ) -> Arrival {
        #if DEBUG
        let isTurnOver =
            mutation != .turnNeverEnds && !hasHome && (turn?.processed ?? 0) >= turnLength
        let hasRoom = mutation == .boundIgnored || backlog.queue.count < capacity
        #else
        let isTurnOver = !hasHome && (turn?.processed ?? 0) >= turnLength
        let hasRoom = backlog.queue.count < capacity
        #endif
        // The drainer's own nested dispatch cannot wait for itself; nor can the home.
        if hasRoom && !isTurnOver || turn?.drainer == thread
            || hasHome && isHomeCurrent() != false
        {
            return .queued(closesGate: append(work, to: &backlog))
        }
        // A task's waiter has no thread: it may resume on any.
        let waiter = Waiter(thread: thread, suspends: suspends)
        backlog.waiters.append(waiter)
        return .wait(waiter)
    }

    /// Appends `work`, keeping the record of the longest queue; returns whether the gate must
    /// close now (the queue has just filled up).
    @inlinable
    mutating func append(_ work: Work, to backlog: inout Backlog) -> Bool {
        backlog.queue.append(work)
        longestQueue = max(longestQueue, backlog.queue.count)
        guard backlog.queue.count >= capacity, !backlog.isGateClosed else { return false }
        backlog.isGateClosed = true
        return true
    }

    /// A successor that was handed the drainer's role puts its own work in the queue, or, while
    /// the queue is full, first takes the oldest item.
    ///
    /// - Parameters:
    ///   - work: The successor's own work.
    ///   - thread: The thread it runs on now: the drainer's from here on (a task's successor is
    ///     known only as it resumes).
    @inlinable
    mutating func takeOver(with work: Work, on thread: ThreadID) -> TakeOver {
        guard case .draining(var turn, var backlog) = state else {
            guard case .shutDown = state else {
                preconditionFailure("a successor took over while nobody was draining")
            }
            return .dropped
        }
        state = .modifying
        defer { state = .draining(turn, backlog) }
        turn.drainer = thread
        if backlog.queue.count < capacity {
            #if DEBUG
            if mutation == .workDroppedAtTakeOver { return .queued(closesGate: false) }
            #endif
            return .queued(closesGate: append(work, to: &backlog))
        }
        guard let first = backlog.queue.popFirst() else {
            preconditionFailure("a full queue has a first item")
        }
        turn.processed &+= 1
        return .process(first)
    }

    // MARK: Draining

    /// The piece of work scheduled on the home runs on `thread`: whether it is the drainer now
    /// (false if code on the home drained the queue meanwhile, or the store shut down).
    @inlinable
    mutating func homeRuns(on thread: ThreadID) -> Bool {
        guard case .scheduled(let backlog) = state else { return false }
        state = .draining(Turn(drainer: thread), backlog)
        return true
    }

    /// The drainer takes its next step.
    @inlinable
    mutating func next() -> Step {
        guard case .draining(var turn, var backlog) = state else {
            guard case .shutDown = state else {
                preconditionFailure("a drainer asked for its next step while nobody was draining")
            }
            // Shut down while this thread was processing.
            return .finished
        }
        if backlog.queue.isEmpty, backlog.waiters.isEmpty, !backlog.isGateClosed {
            state = rest
            return .finished
        }
        state = .modifying
        let step = next(turn: &turn, backlog: &backlog)
        if case .modifying = state {
            state = .draining(turn, backlog)
        }
        return step
    }

    /// ``next()`` with work queued or someone waiting; sets `state` when the stage changes.
    @inlinable
    mutating func next(turn: inout Turn, backlog: inout Backlog) -> Step {
        #if DEBUG
        let isHalfEmpty =
            mutation == .roomOnlyWhenEmpty
            ? backlog.queue.isEmpty : backlog.queue.count <= capacity / 2
        #else
        let isHalfEmpty = backlog.queue.count <= capacity / 2
        #endif
        if backlog.isRoomWanted(hasHome: hasHome), isHalfEmpty {
            #if DEBUG
            if mutation == .roomMadeForever { return .makeRoom([], opensGate: false) }
            #endif
            let opensGate = backlog.isGateClosed
            backlog.isGateClosed = false
            let waiters = hasHome ? Array(backlog.waiters) : []
            if hasHome { backlog.waiters = FIFOQueue() }
            #if DEBUG
            if mutation == .roomWaitersForgotten { return .makeRoom([], opensGate: opensGate) }
            if mutation == .gateLeftClosed { return .makeRoom(waiters, opensGate: false) }
            #endif
            return .makeRoom(waiters, opensGate: opensGate)
        }
        #if DEBUG
        let isTurnOver = mutation != .turnNeverEnds && turn.processed >= turnLength
        #else
        let isTurnOver = turn.processed >= turnLength
        #endif
        if !hasHome, isTurnOver || backlog.queue.isEmpty, let successor = backlog.waiters.popFirst()
        {
            // A task's thread is known once it resumes (``takeOver(with:on:)``).
            turn = Turn(drainer: successor.thread ?? .nobody)
            #if DEBUG
            if mutation == .successorNotWoken { return .finished }
            #endif
            return .handOff(successor)
        }
        if hasHome, isTurnOver, !backlog.queue.isEmpty {
            state = .scheduled(backlog)
            return .reschedule
        }
        #if DEBUG
        if mutation == .lastInFirstOut, let last = backlog.queue.popLast() {
            turn.processed &+= 1
            return .process(last)
        }
        #endif
        guard let work = backlog.queue.popFirst() else {
            state = rest
            return .finished
        }
        turn.processed &+= 1
        return .process(work)
    }

    // MARK: Shutting down

    /// The store was released: everything queued is dropped, every waiter let go, and later
    /// arrivals are dropped too. Shutting down again finds nothing left.
    mutating func shutDown() -> Remains {
        let backlog = backlog
        state = .shutDown
        defer { idleWaiters = [:] }
        return Remains(
            queue: backlog.queue, waiters: Array(backlog.waiters),
            idleWaiters: Array(idleWaiters.values))
    }

    // MARK: Waiting for the store to be idle

    /// Whether any task waits in `idle()`: only then must whoever ends work count the running
    /// effects.
    @inlinable
    var isIdleWatched: Bool {
        !idleWaiters.isEmpty
    }

    /// The id of a task about to wait in `idle()`, taken before it waits so that its
    /// cancellation can name it.
    mutating func makeIdleWaiterID() -> Int {
        defer { nextIdleWaiterID += 1 }
        return nextIdleWaiterID
    }

    /// A task waits in `idle()`; returns the waiters to resume now (this one with the rest, if
    /// the store is idle: at rest and no effect running).
    mutating func waitForIdle(_ waiter: IdleWaiter, id: Int, effectsRunning: Bool) -> [IdleWaiter] {
        idleWaiters[id] = waiter
        return workEnded(effectsRunning: effectsRunning)
    }

    /// A task stops waiting in `idle()` (it was cancelled): the waiter to resume, if it still
    /// waited.
    mutating func stopWaitingForIdle(id: Int) -> IdleWaiter? {
        idleWaiters.removeValue(forKey: id)
    }

    /// Some work ended (a drain, an effect): the waiters in `idle()` to resume, all of them if the
    /// store is idle now (at rest, no effect running) or shut down, else none.
    @inlinable
    mutating func workEnded(effectsRunning: Bool) -> [IdleWaiter] {
        switch state {
        case .draining, .scheduled, .modifying:
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

/// A thread blocked in a store's `dispatch` or `subscribe`, or a task suspended in its
/// `enqueue`, as the machine keeps it: made when the machine decides the caller must wait,
/// signalled when its turn or its room comes.
@usableFromInline
protocol StoreWaiter {
    /// A waiter for the caller on `thread`: a thread, or a task if it `suspends` (a task may
    /// resume on any thread, so its waiter names none).
    init(thread: ThreadID, suspends: Bool)
    /// The thread that waits; nil for a task.
    var thread: ThreadID? { get }
}

extension StoreMachine: Sendable where Work: Sendable, Waiter: Sendable, IdleWaiter: Sendable {}
extension StoreMachine.State: Sendable where Work: Sendable, Waiter: Sendable {}
extension StoreMachine.Backlog: Sendable where Work: Sendable, Waiter: Sendable {}
extension StoreMachine.Phase: Sendable {}
extension StoreMachine.Turn: Sendable {}

#if DEBUG
/// A bug seeded into ``StoreMachine`` on purpose (its `mutation`), one per rule of the contract,
/// so that a test can check that the exhaustive explorer in `StoreMachineExplorationTests`
/// notices when that rule breaks. Debug builds only.
@usableFromInline
enum StoreMachineMutation: CaseIterable, Sendable {
    /// A drainer's turn is never over: it keeps the role however long others wait.
    case turnNeverEnds
    /// The role passes to a successor, but the successor is never told.
    case successorNotWoken
    /// Room is made only once the queue is empty, not when it has drained to half.
    case roomOnlyWhenEmpty
    /// Room is made, but the effect runtime's gate is never told to open.
    case gateLeftClosed
    /// Threads waiting for room are dropped from the list without being woken.
    case roomWaitersForgotten
    /// The drainer takes the newest item, not the oldest.
    case lastInFirstOut
    /// Tasks in `idle()` are resumed while the queue is still being drained.
    case idleResumedEarly
    /// A successor's own work is lost as it takes over.
    case workDroppedAtTakeOver
    /// A store that shut down still processes what arrives.
    case workAcceptedAfterShutDown
    /// Other threads' work is queued past the bound instead of waiting.
    case boundIgnored
    /// Room is made but the machine still wants room, so the drainer makes room forever and
    /// never gets past it: a livelock, with no thread blocked.
    case roomMadeForever
}

extension FIFOQueue {
    /// Takes the newest item, for ``StoreMachineMutation/lastInFirstOut``.
    @usableFromInline
    mutating func popLast() -> Element? {
        var items = Array(self)
        guard let last = items.popLast() else { return nil }
        self = FIFOQueue()
        for item in items { append(item) }
        return last
    }
}
#endif
