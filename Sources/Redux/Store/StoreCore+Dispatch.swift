import Effects

extension StoreCore {
    /// What a dispatch does once the lock is let go.
    @usableFromInline
    enum Entry {
        /// It became the drainer and reduced its action in the same critical section, and lent
        /// the state: react, then drain.
        case reduced
        /// It became the drainer, reduced its action, and nothing listens: it has stopped
        /// draining in the same critical section too; resume these tasks waiting in `idle()`.
        case finished([UnsafeContinuation<Void, Never>]?)
        /// Anything else: do what the machine answered.
        case arrived(Machine.Arrival)
    }

    /// What the drainer does next, decided under the lock (the machine's step, with what the
    /// lock's owner did under the lock for it).
    @usableFromInline
    enum Next: Sendable {
        /// Process this item, then ask again.
        case process(Work)
        /// The next item was this action, and it was reduced in the critical section that took
        /// it; if it `reacts` (middlewares or observers listen), the state was lent: react, with
        /// these observers. Then ask again.
        case reduced(Action, ObserverList<State>.Snapshot?, reacts: Bool)
        /// Wake those who waited for room (the gate is open already), then ask again.
        case makeRoom(RoomMade)
        /// Stop: signal the successor, which drains now.
        case handOff(Waiter)
        /// Stop: schedule another piece of work on the home.
        case reschedule
        /// Stop, resuming the tasks waiting in `idle()` if the store is idle now (nil while
        /// none waits).
        case finished([UnsafeContinuation<Void, Never>]?)
    }

    /// Sends `action` through the store, from any thread.
    ///
    /// The machine's one `arrive` decides; when it makes this thread the drainer (the common
    /// case: nobody was draining), the action is reduced in the same critical section, and when
    /// nothing listens, the drainer's next step (to stop) is taken there too.
    @inlinable
    func dispatch(_ action: Action) {
        let thread = ThreadID.current
        // The state is lent, not copied, to the middlewares and observers (see `StateLoan`).
        withLoanStorage(for: State.self) { lent in
            var observers: ObserverList<State>.Snapshot?
            let entry = shared.withLock { shared -> Entry in
                let arrival = arrive(
                    with: .action(action), from: thread, in: &shared)
                guard case .process = arrival, interceptors.isEmpty else {
                    return .arrived(arrival)
                }
                if reduceAndLend(action, in: &shared, to: lent, observers: &observers) {
                    return .reduced
                }
                guard case .finished(let idleWaiters) = next(in: &shared, lendingTo: lent) else {
                    // The store was at rest and the lock has been held since.
                    preconditionFailure("an action reduced on arrival found work queued behind it")
                }
                return .finished(idleWaiters)
            }
            // Consumed, so that what a case holds is moved out, not copied and destroyed.
            switch consume entry {
            case .reduced:
                react(to: action, lent: lent, observers: observers)
                // The loan has ended: the drain lends from the same storage.
                drain(lendingTo: lent)
            case .finished(let idleWaiters):
                resume(idleWaiters)
            case .arrived(let arrival):
                proceed(after: arrival, with: .action(action))
            }
        }
    }

    /// Under the lock: the machine decides what a thread arriving with `work` does (a task, if
    /// it `suspends` rather than blocks when it must wait); the gate closes if the queue just
    /// filled up.
    @inlinable
    func arrive(
        with work: Work, from thread: ThreadID, suspends: Bool = false, in shared: inout Shared
    ) -> Machine.Arrival {
        // Whether the caller runs on the home is asked only if the machine needs to know (a
        // lookup of the thread's queue, which calls nothing of the store's).
        let arrival = shared.machine.arrive(work, thread: thread, suspends: suspends) {
            home?.isCurrent?()
        }
        if case .queued(closesGate: true) = arrival {
            // Under the lock, so that a drainer making room cannot open it first.
            closeGate()
        }
        return arrival
    }

    /// Arrives with `work` from the calling thread, and does what the machine answers.
    @inlinable
    func arrive(with work: Work) {
        let thread = ThreadID.current
        let arrival = shared.withLock { arrive(with: work, from: thread, in: &$0) }
        proceed(after: arrival, with: work)
    }

    /// Does what an arrival with `work` calls for, once the lock is let go.
    @inlinable
    func proceed(after arrival: Machine.Arrival, with work: Work) {
        switch arrival {
        case .process:
            process(work)
            drain()
        case .queued:
            return
        case .queuedForHome:
            scheduleOnHome()
        case .dropped:
            // Released here, outside the lock.
            drop(work)
        case .wait(let waiter):
            waiter.wait()
            if home == nil {
                // Signalled as the successor (or because the store shut down).
                takeOver(with: work)
            } else {
                // Signalled because the queue drained to half (or the store shut down).
                arrive(with: work)
            }
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
    ///
    /// Specialized, but never inlined: it is off the path of a dispatch that does not wait.
    @inlinable
    @inline(never)
    func takeOver(with work: Work) {
        let thread = ThreadID.current
        while true {
            let arrival = shared.withLock { shared in
                let arrival = shared.machine.takeOver(with: work, on: thread)
                if case .queued(closesGate: true) = arrival {
                    closeGate()
                }
                return arrival
            }
            switch arrival {
            case .process(let first):
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

    /// Under the lock: the drainer's next step, with the gate opened for room made and the
    /// tasks in `idle()` taken if the store is idle now.
    ///
    /// The usual item, an action with no interceptor to go through, is reduced here, in the
    /// critical section that took it from the queue, as `dispatch` reduces an action on
    /// arrival: the drainer takes the lock once per action, not twice (a store drained by its
    /// home, or by a thread for others, shares that lock with every thread that dispatches). Its
    /// state is lent to `lent` if anything will read it.
    @inlinable
    func next(in shared: inout Shared, lendingTo lent: UnsafeMutablePointer<State>) -> Next {
        switch shared.machine.next() {
        case .process(let work):
            guard case .action(let action) = work, interceptors.isEmpty else {
                return .process(work)
            }
            var observers: ObserverList<State>.Snapshot?
            let reacts = reduceAndLend(action, in: &shared, to: lent, observers: &observers)
            return .reduced(action, observers, reacts: reacts)
        case .makeRoom(let waiters, let opensGate):
            return .makeRoom(makeRoom(for: waiters, opensGate: opensGate))
        case .handOff(let successor):
            return .handOff(successor)
        case .reschedule:
            return .reschedule
        case .finished:
            return .finished(idleWaitersToResume(in: &shared))
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

    /// Processes the queue until it is empty, the turn is over or the role passes on.
    @inlinable
    func drain() {
        withLoanStorage(for: State.self) { lent in
            drain(lendingTo: lent)
        }
    }

    /// ``drain()``, lending the state of each action it reduces to `lent` (see `StateLoan`).
    @inlinable
    func drain(lendingTo lent: UnsafeMutablePointer<State>) {
        drain(from: shared.withLock { next(in: &$0, lendingTo: lent) }, lendingTo: lent)
    }

    /// The drainer's loop, from a step decided already.
    ///
    /// The step that ends nearly every dispatch (stop, with no task waiting in `idle()`) is taken
    /// here, inlined into the caller; the loop itself runs out of line.
    @inlinable
    @inline(__always)
    func drain(from first: consuming Next, lendingTo lent: UnsafeMutablePointer<State>) {
        switch consume first {
        case .finished(.none):
            return
        case let step:
            drainLoop(from: step, lendingTo: lent)
        }
    }

    /// The loop of ``drain(from:lendingTo:)``.
    @inlinable
    func drainLoop(from first: consuming Next, lendingTo lent: UnsafeMutablePointer<State>) {
        var step = first
        while true {
            // Consumed, so that the item is moved out of the step rather than copied.
            switch consume step {
            case .process(let work):
                process(work)
            case .reduced(let action, let observers, let reacts):
                if reacts {
                    react(to: action, lent: lent, observers: observers)
                }
            case .makeRoom(let room):
                room.wake()
            case .handOff(let successor):
                successor.signal()
                return
            case .reschedule:
                scheduleOnHome()
                return
            case .finished(let idleWaiters):
                resume(idleWaiters)
                return
            }
            step = shared.withLock { next(in: &$0, lendingTo: lent) }
        }
    }

    /// Processes one item of the queue as the drainer.
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

    /// Reduces one action, starts its middlewares' effects (as the task's, if it belongs to
    /// one), then notifies the observers; unless the store shut down since the drainer took the
    /// action (then it is released, as the queue was).
    @inlinable
    func apply(_ action: Action, in membership: TaskMembership? = nil) {
        withLoanStorage(for: State.self) { lent in
            var observers: ObserverList<State>.Snapshot?
            let callsOut = shared.withLock { shared in
                !shared.machine.isShutDown
                    && reduceAndLend(action, in: &shared, to: lent, observers: &observers)
            }
            if callsOut {
                react(to: action, lent: lent, observers: observers, membership: membership)
            }
        }
    }

    /// The drainer's critical section for one action: the reducer runs in place, then, if
    /// anything will read them (a middleware or an observer), the state is lent to `lent` and
    /// the observers are taken.
    ///
    /// - Returns: Whether the action calls out: the drainer then reacts to it.
    @inlinable
    func reduceAndLend(
        _ action: Action,
        in shared: inout Shared,
        to lent: UnsafeMutablePointer<State>,
        observers: inout ObserverList<State>.Snapshot?
    ) -> Bool {
        reduce(&shared.state, action)
        guard !middlewares.isEmpty || !shared.observers.isEmpty else { return false }
        lend(&shared.state, to: lent)
        if !shared.observers.isEmpty {
            observers = shared.observers.snapshot
        }
        return true
    }

    /// Starts the middlewares' effects for a reduced action, then notifies the observers, with
    /// the state the drainer lent to `lent` (see `StateLoan`).
    @inlinable
    func react(
        to action: Action,
        lent: UnsafeMutablePointer<State>,
        observers: ObserverList<State>.Snapshot?,
        membership: TaskMembership? = nil
    ) {
        borrowLent(lent) { state in
            react(to: action, in: state, observers: observers, membership: membership)
        }
    }

    /// What ``react(to:lent:observers:membership:)`` does with the lent state: a function of its
    /// own, always inlined, so that the loop's body is compiled into the loop (as a closure
    /// nested in `borrowLent`'s, it was called once per middleware).
    @inlinable
    @inline(__always)
    func react(
        to action: Action,
        in state: State,
        observers: ObserverList<State>.Snapshot?,
        membership: TaskMembership?
    ) {
        forEachUnretained(in: middlewares) { box in
            let effect = box.run(state, action)
            // A remembering middleware keeps what it needs of this state, for the next
            // action: the state after this action is the state before the next (only the
            // drainer reduces, one action at a time, and it reduces the next only once this
            // returns).
            box.remember?(state)
            // A tag check: the common answer costs no copy of the effect.
            if effect.isNone { return }
            // Moved, not copied: a copy retains the effect's node and releases it again.
            run(consume effect, membership: membership)
        }
        observers?.notify(state)
    }

    /// Runs an effect a middleware answered with, other than `.none`.
    ///
    /// Never inlined: the loop over the middlewares stays small enough to be compiled as one
    /// loop, its body inlined, for the common answer.
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
