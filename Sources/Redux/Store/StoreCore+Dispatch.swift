import Effects

extension StoreCore {
    /// What a caller does once the store's lock is let go: the machine's answer, with what was
    /// done for it under the lock.
    @usableFromInline
    enum Order: Sendable {
        /// The drainer reduced this action under the lock: run its middlewares and notify its
        /// observers with the state after it; then ask again.
        case react(Action, Reaction)
        /// The drainer processes this item outside the lock (an observer to welcome, an action
        /// to pass through the interceptors or of a task); then asks again.
        case process(Work)
        /// Wake those who waited for room (the gate is open already); then ask again.
        case makeRoom(RoomMade)
        /// Stop, resuming the tasks waiting in `idle()` if the store is idle now (nil while
        /// none waits).
        case stop([UnsafeContinuation<Void, Never>]?)
        /// Stop: signal the successor, which drains now.
        case handOff(Waiter)
        /// Stop: schedule a piece of work on the home to drain the queue.
        case schedule
        /// The store is shut down: release the caller's work.
        case drop
        /// Wait on the waiter; then take over (no home) or arrive again (a home).
        case wait(Waiter)
    }

    /// What the middlewares and observers of a reduced action are handed, taken under the lock:
    /// the observers; the state after the action is lent (see `StateLoan`).
    @usableFromInline
    struct Reaction: Sendable {
        /// The observers to notify; nil when there are none.
        @usableFromInline let observers: ObserverList<State>.Snapshot?

        @inlinable
        init(observers: ObserverList<State>.Snapshot?) {
            self.observers = observers
        }
    }

    /// Sends `action` through the store, from any thread.
    @inlinable
    func dispatch(_ action: Action) {
        arrive(with: .action(action))
    }

    /// Arrives with `work` from the calling thread, and carries out what the machine answers.
    @inlinable
    func arrive(with work: Work) {
        let thread = ThreadID.current
        // The state is lent, not copied, to the middlewares and observers (see `StateLoan`).
        withLoanStorage(for: State.self) { lent in
            let order = shared.withLock {
                arrival(of: work, from: thread, suspends: false, in: &$0, lendingTo: lent)
            }
            // The usual end of a dispatch (queued, or reduced with nothing to react), taken here.
            if case .stop(.none) = order { return }
            carry(out: order, with: work, lendingTo: lent)
        }
    }

    /// Under the lock: the machine's answer to a caller arriving with `work` (a task, if it
    /// `suspends` rather than blocks when it must wait), as an order.
    ///
    /// A caller made the drainer starts on its own work here, in the same critical section, as
    /// the drainer does on each item (``start(_:in:)``): the one path by which an action is
    /// reduced.
    @inlinable
    func arrival(
        of work: Work, from thread: ThreadID, suspends: Bool, in shared: inout Shared,
        lendingTo lent: LoanStorage<State>
    ) -> Order {
        // Whether the caller runs on the home is asked only if the machine needs to know.
        let arrival = shared.machine.arrive(work, thread: thread, suspends: suspends) {
            home?.isCurrent?()
        }
        switch arrival {
        case .process:
            return start(work, in: &shared, lendingTo: lent)
        case .queued(let closesGate):
            if closesGate {
                // Under the lock, so that a drainer making room cannot open it first.
                closeGate()
            }
            return .stop(nil)
        case .queuedForHome:
            return .schedule
        case .dropped:
            return .drop
        case .wait(let waiter):
            return .wait(waiter)
        }
    }

    /// Under the lock: the drainer's next order.
    @inlinable
    func next(in shared: inout Shared, lendingTo lent: LoanStorage<State>) -> Order {
        switch shared.machine.next() {
        case .process(let work):
            return start(work, in: &shared, lendingTo: lent)
        case .makeRoom(let waiters, let opensGate):
            return .makeRoom(makeRoom(for: waiters, opensGate: opensGate))
        case .handOff(let successor):
            return .handOff(successor)
        case .reschedule:
            return .schedule
        case .finished:
            return .stop(idleWaitersToResume(in: &shared))
        }
    }

    /// Under the lock: the drainer starts on `work`, which the machine handed it (on arrival or
    /// as its next step): the one place where an action is reduced on the machine's answer.
    ///
    /// An action with no interceptor to go through is reduced here, in the critical section
    /// that took it, so that the drainer takes the lock once per action; when nothing reads the
    /// state after it (no middleware, no observer), the drainer takes its next step in the same
    /// critical section. Anything else is processed outside the lock (``process(_:)``).
    @inlinable
    func start(
        _ work: Work, in shared: inout Shared, lendingTo lent: LoanStorage<State>
    ) -> Order {
        guard case .action(let action) = work, interceptors.isEmpty else {
            return .process(work)
        }
        if let reaction = reduce(action, in: &shared, lendingTo: lent) {
            return .react(action, reaction)
        }
        return next(in: &shared, lendingTo: lent)
    }

    /// Carries out `first`, then, as the drainer, each next order until the drain stops.
    /// `work` is the caller's own, for the orders about it (`drop` and `wait`); nil for a
    /// drain started without any.
    @inlinable
    func carry(
        out first: consuming Order, with work: Work? = nil,
        lendingTo lent: LoanStorage<State>
    ) {
        var order = first
        while true {
            switch consume order {
            case .react(let action, let reaction):
                react(to: action, reaction, lent: lent)
            case .process(let item):
                process(item)
            case .makeRoom(let room):
                room.wake()
            case .stop(let idleWaiters):
                resume(idleWaiters)
                return
            case .handOff(let successor):
                successor.signal()
                return
            case .schedule:
                scheduleOnHome()
                return
            case .drop:
                if let work { drop(work) }
                return
            case .wait(let waiter):
                guard let work else { preconditionFailure("a drainer was told to wait") }
                waiter.wait()
                if home == nil {
                    // Signalled as the successor (or because the store shut down).
                    takeOver(with: work)
                } else {
                    // Signalled because the queue drained to half (or the store shut down).
                    arrive(with: work)
                }
                return
            }
            order = shared.withLock { next(in: &$0, lendingTo: lent) }
        }
    }

    /// Processes the queue until it is empty, the turn is over or the role passes on.
    @inlinable
    func drain() {
        withLoanStorage(for: State.self) { lent in
            carry(out: shared.withLock { next(in: &$0, lendingTo: lent) }, lendingTo: lent)
        }
    }

    /// Releases work the store will not process (it shut down), outside the lock; a task's
    /// action still counts as done for its task.
    @usableFromInline
    func drop(_ work: Work) {
        if case .tracked(_, let membership) = work {
            membership.tracker.actionProcessed(isSentAction: membership.isSentAction)
        }
    }

    /// A successor that was handed the drainer's role queues its own work, then drains, on the
    /// calling thread (a task's successor may have resumed on any).
    @inlinable
    @inline(never)
    func takeOver(with work: Work) {
        let thread = ThreadID.current
        while true {
            let answer = shared.withLock { shared in
                let answer = shared.machine.takeOver(with: work, on: thread)
                if case .queued(closesGate: true) = answer {
                    closeGate()
                }
                return answer
            }
            switch answer {
            case .process(let first):
                // Not through `start(_:in:)`: its next step would be taken before this
                // thread's own work is queued.
                process(first)
            case .queued:
                drain()
                return
            case .dropped:
                drop(work)
                return
            }
        }
    }

    /// Under the lock, as the queue fills up: async senders wait (the gate's lock is a leaf).
    @usableFromInline
    func closeGate() {
        effects.gate.close()
    }

    /// Under the lock, as the queue has drained to half: opens the gate if the machine says so,
    /// for those who wait for room to be woken once the lock is let go.
    @usableFromInline
    func makeRoom(for waiters: [Waiter], opensGate: Bool) -> RoomMade {
        RoomMade(waiters: waiters, opened: opensGate ? effects.gate.open() : nil)
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

    /// Processes an item the machine handed the drainer outside the lock.
    @inlinable
    func process(_ work: Work) {
        switch work {
        case .action(let action):
            if interceptors.isEmpty {
                apply(action)
            } else {
                intercept(action, from: 0)
            }
        case .attach(let observer):
            welcome(observer)
        case .tracked(let action, let membership):
            process(action, membership)
        }
    }

    @usableFromInline
    func intercept(_ action: Action, from index: Int, in membership: TaskMembership? = nil) {
        guard index < interceptors.count else {
            apply(action, in: membership)
            return
        }
        interceptors[index].intercept(
            action, InterceptorContext(core: self, membership: membership)
        ) { next in
            self.intercept(next, from: index + 1, in: membership)
        }
    }

    /// Reduces an action the drainer processes outside the lock (``process(_:)``), then reacts
    /// to it as the task's, if it belongs to one; unless the store shut down since the drainer
    /// took the action (then it is released, as the queue was).
    @inlinable
    func apply(_ action: Action, in membership: TaskMembership? = nil) {
        withLoanStorage(for: State.self) { lent in
            let reaction = shared.withLock { shared in
                shared.machine.isShutDown ? nil : reduce(action, in: &shared, lendingTo: lent)
            }
            if let reaction {
                react(to: action, reaction, lent: lent, membership: membership)
            }
        }
    }

    /// Under the lock, as the drainer: the reducer runs on the state in place (a large state is
    /// not copied); then, if anything will read it, the state after it is lent to `lent`.
    ///
    /// - Returns: What the middlewares and observers are handed; nil when there are none.
    @inlinable
    func reduce(
        _ action: Action, in shared: inout Shared, lendingTo lent: LoanStorage<State>
    ) -> Reaction? {
        reduce(&shared.state, action)
        guard !middlewares.isEmpty || !shared.observers.isEmpty else { return nil }
        // The decision log's "State loan" (card game rows).
        lend(&shared.state, to: lent)
        return Reaction(observers: shared.observers.isEmpty ? nil : shared.observers.snapshot)
    }

    /// Starts the middlewares' effects for a reduced action (as the task's, if it belongs to
    /// one), then notifies the observers.
    @inlinable
    func react(
        to action: Action, _ reaction: Reaction, lent: LoanStorage<State>,
        membership: TaskMembership? = nil
    ) {
        borrowLent(lent) { state in
            react(to: action, in: state, observers: reaction.observers, membership: membership)
        }
    }

    /// What ``react(to:_:lent:membership:)`` does with the lent state: always inlined, so that
    /// the loop's body is compiled into the loop.
    @inlinable
    @inline(__always)
    func react(
        to action: Action, in state: State, observers: ObserverList<State>.Snapshot?,
        membership: TaskMembership?
    ) {
        // Unretained: the store holds its middlewares for its whole life (decision log:
        // "The store's loops over its middlewares and its observers").
        forEachUnretained(in: middlewares) { box in
            let effect = box.run(state, action)
            // The state after this action is the state before the next: only the drainer
            // reduces, and it reduces the next once this returns.
            box.remember?(state)
            if effect.isNone { return }
            run(effect, membership: membership)
        }
        observers?.notify(state)
    }

    /// Runs an effect a middleware answered with, other than `.none`.
    @inlinable
    @inline(never)
    func run(_ effect: consuming Effect<Action>, membership: TaskMembership?) {
        if membership == nil, case .just(let next) = effect.operation {
            // What starting it would do (its value dispatched by this thread, the drainer, so
            // queued), without going through the effect runtime. A task's action takes the
            // runtime, which marks what it sends as the task's.
            dispatch(next)
            return
        }
        start(effect, for: membership?.tracker)
    }
}
