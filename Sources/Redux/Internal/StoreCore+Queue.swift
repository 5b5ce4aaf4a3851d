import Dispatch
import Effects

// Who drains a store's queue, who appends to it, and who waits: the state machine behind the
// store's lock. `Shared`'s transitions decide and return what to do; `StoreCore` does it once
// the lock is let go.
//
// The rules (the store's contract states them for users):
//
// - Without a home, the thread that dispatches while no one drains becomes the drainer. Others
//   append and return, while the queue has room and the drainer's turn is not over.
// - A turn is `turnLength` items. When it is over, the role passes to the next thread that
//   dispatches from outside (a *successor*): that thread waits for the drainer to finish the
//   item it is on, then drains. A thread that finds the queue full waits the same way, and takes
//   over once the drainer's turn is over. So a producer that outpaces the reducer reduces its
//   own actions, and a thread that only subscribes or dispatches once does at most one turn of
//   other threads' work.
// - With a home, only a piece of work on the home drains; it runs one turn, then, if work is
//   left, schedules another piece so that the home can run other work in between. A thread
//   that finds the queue full waits for it to drain to half, unless it may be the home itself
//   (the home would then wait for itself).
// - The drainer's own nested dispatches (from a middleware, an effect that sends at once, an
//   interceptor or an observer) are always queued, full or not: a thread cannot wait for
//   itself.
// - Async senders (`Effect.run`'s `send`) suspend at the effect runtime's gate, which closes
//   when the queue is full and opens when it has drained to half.

extension StoreCore {
    /// Who, if anyone, is processing the queue.
    @usableFromInline
    enum Phase: Sendable {
        /// No home, nobody draining: the next dispatch becomes the drainer.
        case idle
        /// A home, nobody draining, no piece of work on its way: the next dispatch schedules one.
        case away
        /// A home, and a piece of work on its way to drain the queue.
        case scheduled
        /// A thread is processing the queue (see `Shared.turn`); everyone else appends to it
        /// (or waits).
        case draining
        /// The store was released: nothing is queued or run any more.
        case shutDown
    }

    /// The current drainer's turn: meaningful while the phase is `.draining`.
    @usableFromInline
    struct Turn: Sendable {
        /// The draining thread, or `.unknown` until it first calls out (until then, no dispatch
        /// can be nested inside its work).
        @usableFromInline var drainer: ThreadID
        /// The items it has taken from the queue in this turn.
        @usableFromInline var processed: Int

        @inlinable
        init(drainer: ThreadID, processed: Int = 0) {
            self.drainer = drainer
            self.processed = processed
        }
    }

    /// Everything behind the store's lock.
    ///
    /// Sizes: `queue` holds at most `capacity` items from threads other than the drainer (the
    /// drainer's own nested dispatches may add to it; see the rules above); `successors` and
    /// `roomWaiters` one entry per thread blocked in `dispatch` or `subscribe` right now;
    /// `observers` one slot per live subscription, compacted as they leave.
    @usableFromInline
    struct Shared: Sendable {
        @usableFromInline var state: State
        @usableFromInline var phase: Phase
        /// Who drains, and how far into its turn. Beside the phase rather than its payload: the
        /// drainer counts every item it takes, and re-encoding the enum each time showed in the
        /// benchmarks. Only read while the phase is `.draining`.
        @usableFromInline var turn = Turn(drainer: .unknown)
        @usableFromInline var queue = FIFOQueue<Work>()
        @usableFromInline var observers = ObserverList<State>()
        /// Without a home: threads waiting to take over the drainer's role, in arrival order.
        @usableFromInline var successors = FIFOQueue<Waiter>()
        /// With a home: threads waiting for room in the queue.
        @usableFromInline var roomWaiters: [Waiter] = []
        /// Whether the effect runtime's gate is closed (async senders wait).
        @usableFromInline var isGateClosed = false
        /// The longest the queue has been, for tests of the bound: exact from one item short of
        /// the bound up (the fast path appends only below that, and does not keep the record).
        @usableFromInline var longestQueue = 0

        init(state: State, phase: Phase) {
            self.state = state
            self.phase = phase
        }

        /// Makes `drainer` the drainer, at the start of its turn.
        @inlinable
        mutating func startTurn(_ drainer: ThreadID) {
            phase = .draining
            turn = Turn(drainer: drainer)
        }

        /// Queues an action while someone else drains.
        ///
        /// Out of line: appending to the queue is larger code than the rest of a dispatch's
        /// critical section, which then stays small enough to be inlined into `dispatch`.
        @inlinable
        @inline(never)
        mutating func enqueue(_ action: Action) {
            queue.append(.action(action))
        }

        /// Appends `work`, keeping track of the longest queue.
        @inlinable
        mutating func append(_ work: Work) {
            queue.append(work)
            if queue.count > longestQueue {
                longestQueue = queue.count
            }
        }

        /// Whether someone waits for the queue to drain (a thread with a home, or async senders).
        @inlinable
        var isRoomWanted: Bool {
            isGateClosed || !roomWaiters.isEmpty
        }
    }

    /// What a thread arriving with work must do once the lock is let go.
    @usableFromInline
    enum Arrival: Sendable {
        /// It is the drainer now: process the work, then the queue.
        case process(Work)
        /// The work is queued; the drainer will process it.
        case queued
        /// The work is queued; schedule a piece of work on the home to drain it.
        case queuedForHome
        /// The store is shut down: release the work (outside the lock) and return.
        case dropped(Work)
        /// Wait on the waiter: then take over as the drainer (no home) or arrive again (a home).
        case wait(Waiter, Work)
    }

    /// What the drainer does next.
    @usableFromInline
    enum Step: Sendable {
        /// Process this item.
        case process(Work)
        /// The queue has drained to half its bound: let those who wait for room go.
        case makeRoom
        /// Stop: the role has passed to this waiting thread; signal it.
        case handOff(Waiter)
        /// Stop: the turn on the home is over; schedule another piece of work there.
        case reschedule
        /// Stop: the queue is empty (or the store shut down).
        case finished
    }

    /// Threads and tasks to wake because the queue has drained to half its bound.
    @usableFromInline
    struct RoomMade: Sendable {
        let waiters: [Waiter]
        let opened: SendGate.Opened?

        @usableFromInline
        func wake() {
            for waiter in waiters {
                waiter.signal()
            }
            opened?.resume()
        }
    }
}

extension StoreCore.Shared {
    /// A thread arrives with `work` and the store is not in the one state the dispatch fast path
    /// handles inline.
    ///
    /// - Parameters:
    ///   - work: The action or observer.
    ///   - capacity: The queue's bound.
    ///   - turnLength: Items per turn.
    ///   - home: The store's home, if it has one.
    /// - Returns: What the thread must do.
    @inlinable
    mutating func arrive(
        with work: StoreCore.Work,
        capacity: Int,
        turnLength: Int,
        home: StoreHome?
    ) -> StoreCore.Arrival {
        switch phase {
        case .shutDown:
            return .dropped(work)
        case .idle:
            startTurn(.current)
            return .process(work)
        case .away:
            // Code running on the home may do the work itself, as a store without a home would.
            if home?.isCurrent?() == true {
                startTurn(.current)
                return .process(work)
            }
            append(work)
            phase = .scheduled
            return .queuedForHome
        case .scheduled:
            return admit(work, turn: nil, capacity: capacity, turnLength: turnLength, home: home)
        case .draining:
            return admit(work, turn: turn, capacity: capacity, turnLength: turnLength, home: home)
        }
    }

    /// Queues `work` while someone else drains, or tells the thread to wait.
    @inlinable
    mutating func admit(
        _ work: StoreCore.Work,
        turn: StoreCore.Turn?,
        capacity: Int,
        turnLength: Int,
        home: StoreHome?
    ) -> StoreCore.Arrival {
        let isTurnOver = home == nil && (turn?.processed ?? 0) >= turnLength
        if queue.count < capacity, !isTurnOver {
            append(work)
            return .queued
        }
        let thread = ThreadID.current
        if let turn, turn.drainer == thread {
            // The drainer's own nested dispatch: it cannot wait for itself.
            append(work)
            return .queued
        }
        let waiter = StoreCore.Waiter(thread: thread)
        guard let home else {
            successors.append(waiter)
            return .wait(waiter, work)
        }
        guard home.isCurrent?() == false else {
            // On the home, or a home that cannot tell: waiting might be waiting for itself.
            append(work)
            return .queued
        }
        roomWaiters.append(waiter)
        return .wait(waiter, work)
    }

    /// The drainer takes its next step.
    ///
    /// - Parameters:
    ///   - turnLength: Items per turn.
    ///   - isHomeless: Whether the store has no home.
    /// - Returns: What the drainer does.
    @inlinable
    mutating func next(turnLength: Int, isHomeless: Bool) -> StoreCore.Step {
        guard case .draining = phase else {
            // Shut down while this thread was processing.
            return .finished
        }
        if !successors.isEmpty, turn.processed >= turnLength || queue.isEmpty {
            return .handOff(handOff())
        }
        if !isHomeless, turn.processed >= turnLength, !queue.isEmpty {
            phase = .scheduled
            return .reschedule
        }
        guard let work = queue.popFirst() else {
            phase = isHomeless ? .idle : .away
            return .finished
        }
        turn.processed &+= 1
        if turn.drainer == .unknown {
            // It is about to call out, so a nested dispatch must know it.
            turn.drainer = .current
        }
        return .process(work)
    }

    /// Passes the drainer's role to the longest-waiting successor, and returns it.
    @inlinable
    mutating func handOff() -> StoreCore.Waiter {
        guard let successor = successors.popFirst() else {
            preconditionFailure("no successor to hand off to")
        }
        startTurn(successor.thread)
        return successor
    }

    /// A successor that has taken over puts its own work in the queue, or, while the queue is
    /// full, first processes the oldest item.
    ///
    /// - Returns: `.queued` once `work` is queued; `.process` with the item to process first,
    ///   before trying again; `.dropped` with `work` if the store shut down meanwhile.
    @inlinable
    mutating func enqueueAfterTakingOver(
        _ work: StoreCore.Work,
        capacity: Int
    ) -> StoreCore.Arrival {
        guard case .draining = phase else {
            return .dropped(work)
        }
        if queue.count < capacity {
            append(work)
            return .queued
        }
        guard let first = queue.popFirst() else {
            preconditionFailure("a full queue has a first item")
        }
        turn.processed &+= 1
        return .process(first)
    }
}

extension StoreCore {
    /// A thread blocked in `dispatch` or `subscribe`, until it is signalled.
    @usableFromInline
    final class Waiter: Sendable {
        @usableFromInline let thread: ThreadID
        private let semaphore = DispatchSemaphore(value: 0)

        @usableFromInline
        init(thread: ThreadID) {
            self.thread = thread
        }

        @usableFromInline
        func wait() {
            semaphore.wait()
        }

        @usableFromInline
        func signal() {
            semaphore.signal()
        }
    }
}
