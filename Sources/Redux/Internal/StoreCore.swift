import Effects
import Synchronization

/// The engine behind ``Store``: the state, the queue of pending work, the observers and the
/// running effects, all behind one lock (`shared`).
///
/// Whoever dispatches while no one is draining becomes the drainer and processes the queue
/// until it is empty; everyone else only appends to it. Hence one action is reduced at a time,
/// in FIFO order, and a dispatch from inside a middleware, an effect or an observer is queued
/// instead of nesting. The reducer runs under the lock (it is pure and must not touch the store),
/// in place, so a large state is not copied. Middlewares, effects and observers run after the
/// lock is released.
///
/// The dispatch path is `@inlinable` so that it is specialized for the client's state and
/// action types: a generic call across the module boundary costs more than the work itself.
@usableFromInline
final class StoreCore<State: Sendable, Action: Sendable>: Sendable {
    @usableFromInline
    enum Work {
        case action(Action)
        case attach(Observer<State>)
    }

    @usableFromInline
    struct Shared {
        @usableFromInline var state: State
        @usableFromInline var queue = FIFO<Work>()
        @usableFromInline var isDraining = false
        @usableFromInline var observers: [Observer<State>] = []
        @usableFromInline var runningEffects: [UInt64: any RunningEffect] = [:]
        @usableFromInline var nextEffectKey: UInt64 = 0
        @usableFromInline var isShutDown = false

        init(state: State) {
            self.state = state
        }
    }

    @usableFromInline let shared: Mutex<Shared>
    @usableFromInline let reduce: MutatingReducer<State, Action>
    @usableFromInline let interceptors: [Interceptor<State, Action>]
    @usableFromInline let middlewares: [Middleware<State, Action>]
    @usableFromInline let registry = CancellationRegistry()

    init(
        initial: State,
        reduce: @escaping MutatingReducer<State, Action>,
        interceptors: [Interceptor<State, Action>],
        middlewares: [Middleware<State, Action>]
    ) {
        shared = Mutex(Shared(state: initial))
        self.reduce = reduce
        self.interceptors = interceptors
        self.middlewares = middlewares
    }

    @inlinable
    var state: State {
        shared.withLock { $0.state }
    }

    var runningEffectCount: Int {
        shared.withLock { $0.runningEffects.count }
    }

    // MARK: Dispatch

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
        var observers: [Observer<State>] = []
        let entry = shared.withLock { shared -> Entry in
            if shared.isShutDown { return .queued }
            if shared.isDraining {
                shared.queue.append(.action(action))
                return .queued
            }
            shared.isDraining = true
            guard interceptors.isEmpty else { return .drain }
            // The common case in one critical section: become the drainer and reduce.
            reduce(&shared.state, action)
            if !middlewares.isEmpty || !shared.observers.isEmpty {
                snapshot = shared.state
                observers = shared.observers
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

    func attach(_ observer: Observer<State>) {
        let isDrainer = shared.withLock { shared -> Bool in
            if shared.isShutDown { return false }
            if shared.isDraining {
                shared.queue.append(.attach(observer))
                return false
            }
            shared.isDraining = true
            return true
        }
        guard isDrainer else { return }
        welcome(observer)
        drain()
    }

    func detach(_ observer: Observer<State>) {
        observer.deactivate()
        let removed = shared.withLock { shared -> Observer<State>? in
            guard let index = shared.observers.firstIndex(where: { $0 === observer }) else { return nil }
            return shared.observers.remove(at: index)
        }
        // Release it (and what its closure captures) outside the lock.
        _ = removed
    }

    @inlinable
    func drain() {
        while let work = shared.withLock({ shared -> Work? in
            if let work = shared.queue.popFirst() { return work }
            shared.isDraining = false
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
            }
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
        var observers: [Observer<State>] = []
        shared.withLock { shared in
            reduce(&shared.state, action)
            if !middlewares.isEmpty || !shared.observers.isEmpty {
                snapshot = shared.state
                observers = shared.observers
            }
        }
        if let state = consume snapshot {
            react(to: action, in: state, observers: observers)
        }
    }

    /// Starts the middlewares' effects for a reduced action, then notifies the observers.
    @inlinable
    func react(to action: Action, in state: State, observers: [Observer<State>]) {
        // By index, not `for in`: unoptimized, iterating an array of closures in generic code
        // allocates a thunk per element, and dispatch must not allocate in debug builds either.
        var index = middlewares.startIndex
        while index < middlewares.endIndex {
            let effect = middlewares[index](state, action)
            index += 1
            // A tag check: the common answer costs no copy of the effect.
            if effect.isNone { continue }
            start(effect)
        }
        for observer in observers where observer.isActive {
            observer.notify(state)
        }
    }

    @usableFromInline
    func welcome(_ observer: Observer<State>) {
        // Checked under the lock: `detach` deactivates, then removes under the lock, so an
        // observer unsubscribed while it waited in the queue is never added (and never kept).
        let state = shared.withLock { shared -> State? in
            guard observer.isActive else { return nil }
            shared.observers.append(observer)
            return shared.state
        }
        guard let state else { return }
        observer.notify(state)
    }

    // MARK: Effects

    /// Runs an effect. The shapes middlewares return most take a short cut: nothing, an action
    /// (dispatched), a merge (each part started on its own: the store needs no signal for the
    /// whole), a cancel, and a delayed action, marked cancellable or not (one scheduled call).
    /// Anything else is subscribed to, with the registry that gives its ids their meaning.
    @inlinable
    func start(_ effect: Effect<Action>) {
        switch effect.operation {
        case .none:
            return
        case .just(let action):
            dispatch(action)
        case .merge(let effects):
            for effect in effects {
                start(effect)
            }
        case .cancel(let id):
            registry.cancel(id: id)
        case .delayed(let delayed):
            guard case .just(let action) = delayed.effect.operation else {
                subscribe(to: effect)
                return
            }
            schedule(action, after: delayed.interval, on: delayed.scheduler, id: nil)
        case .cancellable(let cancellable):
            guard case .delayed(let delayed) = cancellable.effect.operation,
                case .just(let action) = delayed.effect.operation
            else {
                subscribe(to: effect)
                return
            }
            if cancellable.cancelInFlight {
                registry.cancel(id: cancellable.id)
            }
            schedule(action, after: delayed.interval, on: delayed.scheduler, id: cancellable.id)
        default:
            subscribe(to: effect)
        }
    }

    @usableFromInline
    func subscribe(to effect: Effect<Action>) {
        let subscriber = shared.withLock { shared -> EffectSubscriber<State, Action>? in
            if shared.isShutDown { return nil }
            let key = shared.nextEffectKey
            shared.nextEffectKey += 1
            let subscriber = EffectSubscriber(core: self, key: key)
            shared.runningEffects[key] = subscriber
            return subscriber
        }
        guard let subscriber else { return }
        effect.subscribe(subscriber, registry: registry)
    }

    /// Dispatches `action` after `interval` on `scheduler`, as a running effect of the store,
    /// registered under `id` if there is one.
    @inlinable
    func schedule(_ action: Action, after interval: Duration, on scheduler: any Scheduler, id: EffectID?) {
        let scheduled = shared.withLock { shared -> ScheduledAction<State, Action>? in
            if shared.isShutDown { return nil }
            let key = shared.nextEffectKey
            shared.nextEffectKey += 1
            let scheduled = ScheduledAction(core: self, action: action, key: key, id: id)
            shared.runningEffects[key] = scheduled
            return scheduled
        }
        guard let scheduled else { return }
        if let id {
            registry.insert(scheduled, id: id)
        }
        scheduled.attach(scheduler.schedule(after: interval) { scheduled.fire() })
    }

    @inlinable
    func effectFinished(_ key: UInt64) {
        let finished = shared.withLock { $0.runningEffects.removeValue(forKey: key) }
        _ = finished
    }

    /// Stops everything: running effects are cancelled, later dispatches are ignored.
    func shutDown() {
        let running = shared.withLock { shared in
            shared.isShutDown = true
            shared.queue.removeAll()
            shared.observers.removeAll()
            defer { shared.runningEffects = [:] }
            return shared.runningEffects
        }
        for effect in running.values {
            effect.cancel()
        }
        registry.cancelAll()
    }
}
