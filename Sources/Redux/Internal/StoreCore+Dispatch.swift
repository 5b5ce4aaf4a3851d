import Effects
import Synchronization

extension StoreCore {
    @inlinable
    func dispatch(_ action: Action) {
        // The snapshot leaves the lock through these locals rather than inside the result, so
        // that it is copied once, and only when a middleware or an observer will read it.
        var snapshot: State?
        var observers: ObserverList<State>.Snapshot?
        let arrival = shared.withLock { shared -> Arrival? in
            switch shared.phase {
            case .idle where interceptors.isEmpty:
                // The common case in one critical section: become the drainer and reduce. The
                // drainer's identity matters only once it calls out (a nested dispatch must know
                // it), so a store with nothing to call does not ask for it.
                let callsOut = !middlewares.isEmpty || !shared.observers.isEmpty
                shared.phase = .draining(Turn(drainer: callsOut ? .current : .unknown))
                if !memories.isEmpty {
                    remember(shared.state)
                }
                reduce(&shared.state, action)
                if callsOut {
                    snapshot = shared.state
                    observers = shared.observers.snapshot
                }
                return nil
            case .draining(let turn) where shared.queue.count &+ 1 < capacity && turn.processed < turnLength:
                // Someone else drains and there is room: queue it (the full queue, a turn that is
                // over and the last free slot take the slow path below).
                shared.append(.action(action))
                return .queued
            default:
                return arrive(with: .action(action), in: &shared)
            }
        }
        guard let arrival else {
            if let state = consume snapshot {
                react(to: action, in: state, observers: observers)
            }
            drain()
            return
        }
        if case .queued = arrival { return }
        proceed(after: arrival)
    }

    /// The slow path of an arrival, under the lock: the state machine decides, and the gate
    /// closes if the queue just filled up.
    @usableFromInline
    func arrive(with work: Work, in shared: inout Shared) -> Arrival {
        let arrival = shared.arrive(with: work, capacity: capacity, turnLength: turnLength, home: home)
        if shared.queue.count >= capacity, !shared.isGateClosed {
            shared.isGateClosed = true
            effects.gate.close()
        }
        return arrival
    }

    /// Does what an arrival calls for, once the lock is let go.
    @usableFromInline
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
                _ = work
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

    /// A successor that was handed the drainer's role queues its own work, then drains.
    func takeOver(with work: Work) {
        while true {
            var room: RoomMade?
            let next = shared.withLock { shared -> Arrival in
                let next = shared.enqueueAfterTakingOver(work, capacity: capacity)
                room = makeRoom(in: &shared)
                return next
            }
            room?.wake()
            switch next {
            case .process(let first):
                process(first)
            case .queued:
                drain()
                return
            default:
                return
            }
        }
    }

    /// Processes the queue until it is empty, the turn is over or the role passes on.
    @inlinable
    func drain() {
        while true {
            var room: RoomMade?
            let step = shared.withLock { shared -> Step in
                let step = shared.next(turnLength: turnLength, isHomeless: home == nil)
                if shared.isRoomWanted {
                    room = makeRoom(in: &shared)
                }
                return step
            }
            if let room {
                room.wake()
            }
            switch step {
            case .process(let work):
                process(work)
            case .handOff(let successor):
                successor.signal()
                return
            case .reschedule:
                scheduleOnHome()
                return
            case .finished:
                return
            }
        }
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
        }
    }

    @usableFromInline
    func intercept(_ action: Action, from index: Int) {
        guard index < interceptors.count else {
            apply(action)
            return
        }
        interceptors[index].intercept(action, InterceptorContext(core: self)) { next in
            self.intercept(next, from: index + 1)
        }
    }

    /// Reduces one action, starts its middlewares' effects, then notifies the observers.
    @inlinable
    func apply(_ action: Action) {
        var snapshot: State?
        var observers: ObserverList<State>.Snapshot?
        shared.withLock { shared in
            if !memories.isEmpty {
                remember(shared.state)
            }
            reduce(&shared.state, action)
            if !middlewares.isEmpty || !shared.observers.isEmpty {
                snapshot = shared.state
                observers = shared.observers.snapshot
            }
        }
        if let state = consume snapshot {
            react(to: action, in: state, observers: observers)
        }
    }

    /// Lets the middlewares with context remember what they need of the state before an action.
    @usableFromInline
    func remember(_ state: State) {
        for memory in memories {
            memory.remember(state)
        }
    }

    /// Starts the middlewares' effects for a reduced action, then notifies the observers.
    @inlinable
    func react(to action: Action, in state: State, observers: ObserverList<State>.Snapshot?) {
        // By index, not `for in`: unoptimized, iterating an array of closures in generic code
        // allocates a thunk per element, and dispatch must not allocate in debug builds either.
        // The array outlives the loop, so each box is read unretained and its middleware called
        // through a guaranteed reference: no retain and release per middleware.
        middlewares.withUnsafeBufferPointer { boxes in
            guard let base = boxes.baseAddress else { return }
            let raw = UnsafeRawPointer(base)
            var index = 0
            while index < boxes.count {
                let box = raw.load(
                    fromByteOffset: index &* MemoryLayout<MiddlewareBox<State, Action>>.stride,
                    as: Unmanaged<MiddlewareBox<State, Action>>.self
                )
                index &+= 1
                let effect = box._withUnsafeGuaranteedRef { $0.run(state, action) }
                // A tag check: the common answer costs no copy of the effect.
                if effect.isNone { continue }
                start(effect)
            }
        }
        observers?.notify(state)
    }
}
