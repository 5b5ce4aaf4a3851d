import Effects

extension StoreCore {
    /// How a dispatch went, in one byte: what it must do once the lock is let go.
    @usableFromInline
    enum Entry: Sendable {
        /// It reduced the action (it is the drainer now) and lent the state: react, then drain.
        case reduced
        /// It reduced the action, and nothing listens: drain.
        case reducedSilently
        /// It is the drainer now: send the action through the interceptors, then drain.
        case intercept
        /// Someone else drains; the action is queued.
        case queued
        /// Anything else (a full queue, a turn that is over, a home to wake, a store shut down):
        /// the state machine decides, in a critical section of its own.
        case other
    }

    @inlinable
    func dispatch(_ action: Action) {
        // The state is lent, not copied, to the middlewares and observers (see `StateLoan`);
        // the observers leave the lock through a local, so that the result is one byte and the
        // critical section stays small and inlined.
        withLoanStorage(for: State.self) { lent in
            var observers: ObserverList<State>.Snapshot?
            let entry = shared.withLock { shared in
                enter(with: action, in: &shared, lendingTo: lent, observers: &observers)
            }
            switch entry {
            case .reduced:
                react(to: action, lent: lent, observers: observers)
                drain()
            case .reducedSilently:
                drain()
            case .intercept:
                intercept(action, from: 0)
                drain()
            case .queued:
                return
            case .other:
                dispatchSlowly(action)
            }
        }
    }

    /// The critical section of a dispatch: the cases that need no decision of the state machine.
    @inlinable
    @inline(__always)
    func enter(
        with action: Action,
        in shared: inout Shared,
        lendingTo lent: UnsafeMutablePointer<State>,
        observers: inout ObserverList<State>.Snapshot?
    ) -> Entry {
        settleDeparture(&shared)
        switch shared.phase {
        case .idle:
            guard interceptors.isEmpty else {
                shared.startTurn(.current)
                return .intercept
            }
            // The common case in one critical section: become the drainer and reduce. The
            // drainer's identity matters only once it calls out (a nested dispatch must know
            // it), so a store with nothing to call does not ask for it. It may leave without
            // the lock (see `StoreCore+Departure`).
            let callsOut = !middlewares.isEmpty || !shared.observers.isEmpty
            shared.startTurn(callsOut ? .current : .unknown)
            reduceAndLend(
                action, in: &shared, to: callsOut ? lent : nil, observers: &observers)
            openDeparture()
            return callsOut ? .reduced : .reducedSilently
        case .draining
        where shared.queue.count &+ 1 < capacity && shared.turn.processed < turnLength:
            // Someone else drains and there is room: queue it (the full queue, a turn that is
            // over and the last free slot take the other path, which also keeps the record of
            // the longest queue: below its last slot, the queue sets no record that matters).
            shared.enqueue(action)
            return .queued
        case .scheduled where shared.queue.count &+ 1 < capacity:
            // The home is about to drain, and there is room.
            shared.enqueue(action)
            return .queued
        default:
            return .other
        }
    }

    /// A dispatch the state machine decides: it takes the lock again (the store may have moved
    /// on meanwhile), then does what the arrival calls for.
    @inlinable
    @inline(never)
    func dispatchSlowly(_ action: Action) {
        let arrival = shared.withLock { arrive(with: .action(action), in: &$0) }
        proceed(after: arrival)
    }

    /// The slow path of an arrival, under the lock: the state machine decides, and the gate
    /// closes if the queue just filled up.
    @inlinable
    func arrive(with work: Work, in shared: inout Shared) -> Arrival {
        settleDeparture(&shared)
        let arrival = shared.arrive(
            with: work, capacity: capacity, turnLength: turnLength, home: home)
        if shared.queue.count >= capacity, !shared.isGateClosed {
            shared.isGateClosed = true
            closeGate()
        }
        return arrival
    }

    /// Makes async senders wait (called under the store's lock; the gate's lock is a leaf).
    @usableFromInline
    func closeGate() {
        effects.gate.close()
    }

    /// Does what an arrival calls for, once the lock is let go.
    @inlinable
    func proceed(after arrival: Arrival) {
        var arrival = arrival
        while true {
            switch arrival {
            case .process(let work):
                process(work)
                drain()
                return
            case .queued:
                return
            case .queuedForHome:
                scheduleOnHome()
                return
            case .dropped(let work):
                // Released here, outside the lock.
                drop(work)
                return
            case .wait(let waiter, let work):
                waiter.wait()
                guard home != nil else {
                    // Signalled as the successor (or because the store shut down).
                    takeOver(with: work)
                    return
                }
                // Signalled because the queue drained to half: try again.
                arrival = shared.withLock { arrive(with: work, in: &$0) }
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

    /// A successor that was handed the drainer's role queues its own work, then drains.
    @inlinable
    func takeOver(with work: Work) {
        while true {
            let next = shared.withLock { $0.enqueueAfterTakingOver(work, capacity: capacity) }
            switch next {
            case .process(let first):
                process(first)
            case .queued:
                drainQueue()
                return
            case .dropped(let work):
                drop(work)
                return
            default:
                return
            }
        }
    }

    /// Processes the queue until it is empty, the turn is over or the role passes on.
    @inlinable
    func drain() {
        // Most of the time nothing happened to the store while this thread reduced and called
        // out: it leaves without the lock (see `StoreCore+Departure`), or else in one small
        // critical section.
        if departWithoutLock() {
            workEnded()
            return
        }
        let isDone = shared.withLock { shared -> Bool in
            guard shared.queue.isEmpty, shared.successors.isEmpty, !shared.isRoomWanted,
                case .draining = shared.phase
            else { return false }
            shared.phase = home == nil ? .idle : .away
            return true
        }
        if isDone {
            workEnded()
        } else {
            drainQueue()
        }
    }

    /// The drainer's loop, for when there is work in the queue (or someone waiting).
    @inlinable
    func drainQueue() {
        while true {
            let step = shared.withLock { shared -> Step in
                if shared.isRoomWanted, shared.queue.count <= capacity / 2 {
                    return .makeRoom
                }
                return shared.next(turnLength: turnLength, isHomeless: home == nil)
            }
            switch step {
            case .process(let work):
                process(work)
            case .makeRoom:
                wakeWaitersForRoom()
            case .handOff(let successor):
                successor.signal()
                return
            case .reschedule:
                scheduleOnHome()
                return
            case .finished:
                workEnded()
                return
            }
        }
    }

    /// Lets the threads and async senders that wait for room go.
    @usableFromInline
    func wakeWaitersForRoom() {
        let room = shared.withLock { makeRoom(in: &$0) }
        room?.wake()
    }

    /// Once the queue has drained to half its bound, lets the threads and async senders that
    /// wait for room go.
    @usableFromInline
    func makeRoom(in shared: inout Shared) -> RoomMade? {
        guard shared.isRoomWanted, shared.queue.count <= capacity / 2 else { return nil }
        let waiters = shared.roomWaiters
        shared.roomWaiters = []
        var opened: SendGate.Opened?
        if shared.isGateClosed {
            shared.isGateClosed = false
            opened = effects.gate.open()
        }
        return RoomMade(waiters: waiters, opened: opened)
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
    /// one), then notifies the observers.
    @inlinable
    func apply(_ action: Action, in membership: TaskMembership? = nil) {
        withLoanStorage(for: State.self) { lent in
            var observers: ObserverList<State>.Snapshot?
            let callsOut = shared.withLock { shared in
                let callsOut = !middlewares.isEmpty || !shared.observers.isEmpty
                reduceAndLend(
                    action, in: &shared, to: callsOut ? lent : nil, observers: &observers)
                return callsOut
            }
            if callsOut {
                react(to: action, lent: lent, observers: observers, membership: membership)
            }
        }
    }

    /// The drainer's critical section for one action: the reducer runs in place, then the state
    /// is lent to `lent` and the observers are taken, unless `lent` is nil (nobody will read
    /// them).
    @inlinable
    @inline(__always)
    func reduceAndLend(
        _ action: Action,
        in shared: inout Shared,
        to lent: UnsafeMutablePointer<State>?,
        observers: inout ObserverList<State>.Snapshot?
    ) {
        reduce(&shared.state, action)
        guard let lent else { return }
        lend(&shared.state, to: lent)
        if !shared.observers.isEmpty {
            observers = shared.observers.snapshot
        }
    }

    /// Queues an action this thread, the drainer, dispatches from inside its own work: the same
    /// as `dispatch` from here, in a smaller critical section.
    @inlinable
    func queueNested(_ action: Action) {
        let isQueued = shared.withLock { shared -> Bool in
            guard case .draining = shared.phase else { return false }
            // Its own work: it must find it before it leaves.
            barDeparture()
            shared.queue.append(.action(action))
            if shared.queue.count &+ 1 >= capacity {
                noteNearlyFullQueue(in: &shared)
            }
            return true
        }
        if !isQueued {
            // Shut down meanwhile: the general path drops it.
            dispatch(action)
        }
    }

    /// Keeps the record of the longest queue, and closes the gate once the queue is full.
    @usableFromInline
    func noteNearlyFullQueue(in shared: inout Shared) {
        shared.longestQueue = max(shared.longestQueue, shared.queue.count)
        if shared.queue.count >= capacity, !shared.isGateClosed {
            shared.isGateClosed = true
            closeGate()
        }
    }

    /// Starts the middlewares' effects for a reduced action, then notifies the observers, with
    /// the state the drainer lent to `lent` (see `StateLoan`).
    ///
    /// Specialized, but not inlined into `dispatch`: that keeps `dispatch` small enough to be
    /// inlined where it is called, which saves more (about 20 instructions per dispatch, counted
    /// with callgrind) than the call to this costs when there are middlewares or observers.
    @inlinable
    @inline(never)
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

    /// What `react(to:lent:observers:membership:)` does with the lent state.
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
            // A remembering middleware keeps what it needs of this state, for the next action:
            // the state after this action is the state before the next (only the drainer
            // reduces, one action at a time, and it reduces the next only once this returns).
            box.remember?(state)
            // A tag check: the common answer costs no copy of the effect.
            if effect.isNone { return }
            if membership == nil, case .just(let next) = effect.operation {
                // What starting it would do (its value dispatched by this thread, the drainer,
                // so queued), without going through the effect runtime. A task's action takes
                // the runtime, which marks what it sends as the task's.
                queueNested(next)
                return
            }
            start(effect, for: membership?.tracker)
        }
        observers?.notify(state)
    }
}
