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
        @usableFromInline var runningEffects: [UInt64: EffectSubscriber<State, Action>] = [:]
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
    let registry = CancellationRegistry()

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

    @usableFromInline
    enum Entry {
        /// Another thread is draining (or the store is shut down): the work was queued or dropped.
        case queued
        /// This thread is the drainer now; the action still has to go through the interceptors.
        case drain
        /// This thread is the drainer now and has already reduced the action (no interceptors).
        case reduced(State, [Observer<State>])
    }

    @inlinable
    func dispatch(_ action: Action) {
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
            return .reduced(shared.state, shared.observers)
        }
        switch entry {
        case .queued:
            return
        case .drain:
            intercept(action, from: 0)
        case .reduced(let state, let observers):
            react(to: action, in: state, observers: observers)
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
        let (state, observers) = shared.withLock { shared in
            reduce(&shared.state, action)
            return (shared.state, shared.observers)
        }
        react(to: action, in: state, observers: observers)
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

    @inlinable
    func start(_ effect: Effect<Action>) {
        switch effect.operation {
        case .none:
            return
        case .just(let action):
            dispatch(action)
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
