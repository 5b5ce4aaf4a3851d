import Effects

/// Every decision a store makes about its queue, as a pure value: who drains it, who appends to
/// it, who waits for what, when a turn ends, when the store is at rest, and what shutting down
/// drops.
///
/// It takes events with their inputs (which thread asks, whether the caller runs on the home)
/// and returns what to do; it calls nothing, locks nothing and starts nothing. `StoreCore` keeps
/// it behind the store's lock, asks it once per critical section, and does what it says once the
/// lock is let go. `StoreMachineTests` drives it transition by transition, with fake threads;
/// `StoreMachineExplorationTests` drives it through every interleaving of a few model threads
/// and checks the rules below in every state reached.
///
/// The rules (the store's contract states them for users):
///
/// - Without a home, the thread that dispatches while no one drains becomes the drainer. Others
///   append and return, while the queue has room and the drainer's turn is not over.
/// - A turn is `turnLength` items. When it is over, the role passes to the next thread that
///   dispatches from outside (a *successor*): that thread waits for the drainer to finish the
///   item it is on, then drains. A thread that finds the queue full waits the same way, and takes
///   over once the drainer's turn is over. So a producer that outpaces the reducer reduces its
///   own actions, and a thread that only subscribes or dispatches once does at most one turn of
///   other threads' work.
/// - With a home, only a piece of work on the home drains (or code already running on the home,
///   when the store is at rest); it runs one turn, then, if work is left, schedules another
///   piece so that the home can run other work in between. A thread that finds the queue full
///   waits for it to drain to half, unless it may be the home itself (the home would then wait
///   for itself).
/// - The drainer's own nested dispatches (from a middleware, an effect that sends at once, an
///   interceptor or an observer) are always queued, full or not: a thread cannot wait for
///   itself.
/// - Async senders (`Effect.run`'s `send`) suspend at the effect runtime's gate, which closes
///   when the queue is full and opens when it has drained to half.
/// - A caller that arrives from a task (`suspends`) waits as a thread would, for the same
///   reasons, but its waiter parks the task, not its thread. Its thread is unknown until it
///   resumes (a task may resume anywhere), so a turn handed to it has no drainer until it takes
///   over and says where it runs.
/// - Tasks waiting in `idle()` are resumed when the store is at rest (nobody drains, nothing is
///   scheduled) and no effect runs, or when it shuts down.
///
/// Sizes: `queue` holds at most `capacity` items from threads other than the drainer (the
/// drainer's own nested dispatches, and the home's, may add to it); `successors` and
/// `roomWaiters` one entry per thread blocked in `dispatch` or `subscribe`, or task suspended in
/// `enqueue`, right now;
/// `idleWaiters` one entry per task in `idle()` right now. Appending and taking from the queue
/// and the successors is O(1) amortized; letting the room waiters or idle waiters go is
/// O(waiters).
@usableFromInline
struct StoreMachine<Work, Waiter: StoreWaiter, IdleWaiter> {
    /// Who, if anyone, is processing the queue.
    @usableFromInline
    enum Phase {
        /// No home, nobody draining: the next arrival becomes the drainer. The queue is empty.
        case idle
        /// A home, nobody draining, nothing on its way: the next arrival schedules a piece of
        /// work on the home (or drains, if it runs there). The queue is empty.
        case away
        /// A home, and a piece of work on its way to drain the queue.
        case scheduled
        /// A thread is processing the queue; everyone else appends to it (or waits).
        case draining(Turn)
        /// The store was released: nothing is queued or run any more.
        case shutDown
    }

    /// The current drainer's turn.
    @usableFromInline
    struct Turn: Equatable {
        /// The draining thread: its own dispatches are nested, never made to wait. `.nobody`
        /// while the role is on its way to a task, which names its thread as it takes over:
        /// meanwhile no dispatch is nested.
        @usableFromInline var drainer: ThreadID
        /// The items it has taken from the queue in this turn.
        @usableFromInline var processed: Int

        @inlinable
        init(drainer: ThreadID, processed: Int = 0) {
            self.drainer = drainer
            self.processed = processed
        }
    }

    /// What a thread arriving with work must do once the lock is let go.
    ///
    /// The work stays with the thread unless the machine queued it: only a queued item is
    /// moved into the machine, so the common answers carry no work in and out.
    @usableFromInline
    enum Arrival {
        /// It is the drainer now: process its work, then ask for the next step.
        case process
        /// The work is queued; the drainer will process it. With `closesGate`, the queue has
        /// just filled up: async senders must wait (decided under the lock, done under it too,
        /// so that a drainer making room cannot open the gate first).
        case queued(closesGate: Bool)
        /// The work is queued; schedule a piece of work on the home to drain it.
        case queuedForHome
        /// The store is shut down: release the work (outside the lock) and return.
        case dropped
        /// Wait on the waiter; then take over as the drainer (no home: see ``takeOver(with:)``)
        /// or arrive again (a home).
        case wait(Waiter)
    }

    /// What a successor that was handed the drainer's role does with its work.
    @usableFromInline
    enum TakeOver {
        /// Process this item first (the queue is full), then try again.
        case process(Work)
        /// Its work is queued (see ``Arrival/queued(closesGate:)``): drain.
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
        /// Every thread blocked in `dispatch` or `subscribe`.
        @usableFromInline let waiters: [Waiter]
        /// Every task in `idle()`.
        @usableFromInline let idleWaiters: [IdleWaiter]
    }

    @usableFromInline private(set) var phase: Phase
    @usableFromInline private(set) var queue = FIFOQueue<Work>()
    /// Without a home: threads waiting to take over the drainer's role, in arrival order.
    @usableFromInline private(set) var successors = FIFOQueue<Waiter>()
    /// With a home: threads waiting for room in the queue.
    @usableFromInline private(set) var roomWaiters: [Waiter] = []
    /// Whether the effect runtime's gate is closed (async senders wait).
    @usableFromInline private(set) var isGateClosed = false
    /// The longest the queue has been, for tests of the bound.
    @usableFromInline private(set) var longestQueue = 0
    /// The tasks in `idle()`, by id (so that a cancelled one can leave).
    @usableFromInline private(set) var idleWaiters: [Int: IdleWaiter] = [:]
    @usableFromInline private(set) var nextIdleWaiterID = 0
    #if DEBUG
    /// A bug seeded on purpose, for the tests that check the exhaustive explorer
    /// (`StoreMachineExplorationTests`) catches it; nil, the machine as written. Debug builds
    /// only: in a release build the switch does not exist.
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
        phase = hasHome ? .away : .idle
    }

    /// Whether nobody drains and nothing is on its way to (so the queue is empty).
    @inlinable
    var isAtRest: Bool {
        switch phase {
        case .idle, .away, .shutDown: true
        case .scheduled, .draining: false
        }
    }

    /// Whether the store was released: nothing is reduced or welcomed any more.
    @inlinable
    var isShutDown: Bool {
        if case .shutDown = phase { return true }
        return false
    }

    /// Whether a thread or an async sender waits for the queue to drain to half.
    @inlinable
    var isRoomWanted: Bool {
        isGateClosed || !roomWaiters.isEmpty
    }

    // MARK: Arriving

    /// A thread arrives with work (an action or a new observer).
    ///
    /// Always inlined, so that a dispatch to an idle store, which takes the first answer, makes
    /// no call: grown by the rules for tasks, it was no longer inlined on its own.
    ///
    /// - Parameters:
    ///   - work: The work.
    ///   - thread: The calling thread.
    ///   - suspends: Whether the caller is a task that suspends, rather than blocks, if it must
    ///     wait: its waiter is then made without a thread (see ``StoreWaiter``).
    ///   - isHomeCurrent: Whether the caller runs on the home; nil if the home cannot tell or
    ///     there is none. Asked only when the answer decides something (the store at rest with a
    ///     home, or the queue full), since the owner's answer costs a lookup of the thread's
    ///     queue; it must not call into the store.
    /// - Returns: What the thread must do.
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
            // Code running on the home may do the work itself, as a store without a home would.
            if isHomeCurrent() == true {
                phase = .draining(Turn(drainer: thread))
                return .process
            }
            phase = .scheduled
            // The first item: it cannot fill a queue of at least 2, so the gate stays open.
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

    /// Queues `work` while someone else drains (or is about to), or tells the thread to wait.
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
        // A task's waiter has no thread: it may resume on any.
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

    /// Appends `work`, keeping the record of the longest queue; returns whether the gate must
    /// close now (the queue has just filled up).
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

    /// A successor that was handed the drainer's role puts its own work in the queue, or, while
    /// the queue is full, first takes the oldest item.
    ///
    /// - Parameters:
    ///   - work: The successor's own work.
    ///   - thread: The thread it runs on now: the drainer's from here on (a task's successor is
    ///     known only as it resumes).
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

    /// The piece of work scheduled on the home runs on `thread`: whether it is the drainer now
    /// (false if code on the home drained the queue meanwhile, or the store shut down).
    @inlinable
    mutating func homeRuns(on thread: ThreadID) -> Bool {
        guard case .scheduled = phase else { return false }
        phase = .draining(Turn(drainer: thread))
        return true
    }

    /// The drainer takes its next step.
    ///
    /// The answer at the end of nearly every dispatch (draining, nothing queued, nobody waiting:
    /// stop) is decided here, inlined into the caller; every other step is decided by
    /// ``nextQueued()``, called out of line.
    @inlinable
    @inline(__always)
    mutating func next() -> Step {
        if case .draining = phase, queue.isEmpty, successors.isEmpty, !isRoomWanted {
            // The same answer as the last step of `nextQueued()`, without the checks that
            // cannot apply.
            phase = hasHome ? .away : .idle
            return .finished
        }
        return nextQueued()
    }

    /// The drainer's next step when work is queued, someone waits, or the drainer is not
    /// draining any more (the store shut down while it was processing).
    @inlinable
    @inline(never)
    mutating func nextQueued() -> Step {
        guard case .draining(var turn) = phase else {
            guard case .shutDown = phase else {
                preconditionFailure("a drainer asked for its next step while nobody was draining")
            }
            // Shut down while this thread was processing.
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
            // A task's thread is known once it resumes (``takeOver(with:on:)``).
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

    /// The store was released: everything queued is dropped, every waiter let go, and later
    /// arrivals are dropped too. Shutting down again finds nothing left.
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

    /// A task waits in `idle()`.
    ///
    /// - Parameter effectsRunning: Whether any effect of the store runs now.
    /// - Returns: The waiters to resume now (this one with the rest, if the store is idle).
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
    ///
    /// - Parameter effectsRunning: Whether any effect of the store runs now.
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

extension StoreMachine {
    /// Takes the newest item, for ``StoreMachineMutation/lastInFirstOut``.
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
