import Effects
import Redux

/// The smallest state worth a store: one number.
struct Counter: Equatable, Sendable {
    var count = 0
}

/// What a ``Counter`` can be asked to do.
enum CounterAction: Equatable, Sendable {
    case increment
    case decrement
    case add(Int)
    case reset
    /// Changes nothing; middlewares and interceptors under test react to it.
    case ping
    /// Changes nothing; an answer a test's middleware sends back for `ping`.
    case pong
}

/// The pure reducer for ``Counter``.
let counterReducer: Reducer<Counter, CounterAction> = { state, action in
    var state = state
    switch action {
    case .increment: state.count += 1
    case .decrement: state.count -= 1
    case .add(let amount): state.count += amount
    case .reset: state.count = 0
    case .ping, .pong: break
    }
    return state
}

/// The same reducer, in place.
let counterMutatingReducer: MutatingReducer<Counter, CounterAction> = { state, action in
    state = counterReducer(state, action)
}

extension Store where State == Counter, Action == CounterAction {
    /// A counter store starting at `count`.
    @_disfavoredOverload
    static func counter(
        count: Int = 0,
        interceptors: [Interceptor<Counter, CounterAction>] = [],
        middlewares: [Middleware<Counter, CounterAction>] = []
    ) -> Store {
        Store(
            initial: Counter(count: count),
            reducer: counterReducer,
            interceptors: interceptors,
            middlewares: middlewares
        )
    }
}

extension Store where State == Counter, Action == CounterAction {
    /// A counter store starting at `count`, with middlewares of either form.
    static func counter(
        count: Int = 0,
        interceptors: [Interceptor<Counter, CounterAction>] = [],
        middlewares: [AnyMiddleware<Counter, CounterAction>]
    ) -> Store {
        Store(
            initial: Counter(count: count),
            reducer: counterReducer,
            interceptors: interceptors,
            middlewares: middlewares
        )
    }

    /// A counter store with a queue of `capacity` items, on `home` if one is given.
    static func counter(
        capacity: Int,
        on home: StoreHome? = nil,
        interceptors: [Interceptor<Counter, CounterAction>] = [],
        middlewares: [AnyMiddleware<Counter, CounterAction>] = []
    ) -> Store {
        Store(
            initial: Counter(),
            mutatingReducer: counterMutatingReducer,
            interceptors: interceptors,
            middlewares: middlewares,
            home: home,
            queueCapacity: capacity
        )
    }
}
