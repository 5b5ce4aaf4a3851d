import Effects
import Synchronization

extension StoreCore {
    /// What a dispatch found when it took the lock.
    @usableFromInline
    enum Entry {
        /// Another thread is draining (or the store is shut down): the work was queued or dropped.
        case queued
        /// This thread is the drainer now; the action still has to go through the interceptors.
        case drain
        /// This thread is the drainer now and has already reduced the action (no interceptors).
        case reduced
    }

    @inlinable
    func dispatch(_ action: Action) {
        // The snapshot leaves the lock through these locals rather than inside `Entry`, so that
        // it is copied once, and only when a middleware or an observer will read it.
        var snapshot: State?
        var observers: ObserverList<State>.Snapshot?
        let entry = shared.withLock { shared -> Entry in
            switch shared.phase {
            case .shutDown:
                return .queued
            case .draining:
                shared.queue.append(.action(action))
                return .queued
            case .idle:
                shared.phase = .draining
            }
            guard interceptors.isEmpty else { return .drain }
            // The common case in one critical section: become the drainer and reduce.
            reduce(&shared.state, action)
            if !middlewares.isEmpty || !shared.observers.isEmpty {
                snapshot = shared.state
                observers = shared.observers.snapshot
            }
            return .reduced
        }
        switch entry {
        case .queued:
            return
        case .drain:
            intercept(action, from: 0)
        case .reduced:
            if let state = consume snapshot {
                react(to: action, in: state, observers: observers)
            }
        }
        drain()
    }

    /// Processes the queue until it is empty, then gives up the drainer's role.
    @inlinable
    func drain() {
        while let work = shared.withLock({ shared -> Work? in
            if let work = shared.queue.popFirst() { return work }
            if case .draining = shared.phase { shared.phase = .idle }
            return nil
        }) {
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
        workEnded()
    }

    @usableFromInline
    func intercept(_ action: Action, from index: Int, in membership: TaskMembership? = nil) {
        guard index < interceptors.count else {
            apply(action, in: membership)
            return
        }
        interceptors[index].intercept(action, InterceptorContext(core: self, membership: membership)) { next in
            self.intercept(next, from: index + 1, in: membership)
        }
    }

    /// Reduces one action, starts its middlewares' effects (as the task's, if it belongs to
    /// one), then notifies the observers.
    @inlinable
    func apply(_ action: Action, in membership: TaskMembership? = nil) {
        var snapshot: State?
        var observers: ObserverList<State>.Snapshot?
        shared.withLock { shared in
            reduce(&shared.state, action)
            if !middlewares.isEmpty || !shared.observers.isEmpty {
                snapshot = shared.state
                observers = shared.observers.snapshot
            }
        }
        if let state = consume snapshot {
            react(to: action, in: state, observers: observers, membership: membership)
        }
    }

    /// Starts the middlewares' effects for a reduced action, then notifies the observers.
    ///
    /// Specialized, but not inlined into `dispatch`: that keeps `dispatch` small enough to be
    /// inlined where it is called, which saves more (about 20 instructions per dispatch, counted
    /// with callgrind) than the call to this costs when there are middlewares or observers.
    @inlinable
    @inline(never)
    func react(
        to action: Action,
        in state: State,
        observers: ObserverList<State>.Snapshot?,
        membership: TaskMembership? = nil
    ) {
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
                start(effect, for: membership?.tracker)
            }
        }
        observers?.notify(state)
    }
}
