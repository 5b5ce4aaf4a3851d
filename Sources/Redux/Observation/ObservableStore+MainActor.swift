extension ObservableStore {
    /// Makes a store at home on the main actor and watches it: the form for SwiftUI.
    ///
    /// <!-- not compiled: a SwiftUI app, and SwiftUI is not on Linux, where the tests run -->
    /// ```swift
    /// @main struct GameApp: App {
    ///     @State private var model = ObservableStore(initial: Game(), mutatingReducer: gameReducer)
    ///     var body: some Scene { WindowGroup { GameView(model: model) } }
    /// }
    /// ```
    ///
    /// Every action is reduced, and every change of ``state`` reported, on the main actor; an
    /// action dispatched on the main actor while the store is not busy is processed before
    /// `dispatch` returns, so a view reads its result at once. See ``StoreHome/mainActor``; the
    /// parameters are ``Store``'s.
    @MainActor
    public convenience init(
        initial: State,
        mutatingReducer: @escaping MutatingReducer<State, Action>,
        interceptors: [Interceptor<State, Action>] = [],
        middlewares: [AnyMiddleware<State, Action>] = [],
        taskExecutor: TaskExecutorPreference = .globalConcurrent
    ) {
        self.init(
            Store(
                initial: initial, mutatingReducer: mutatingReducer, interceptors: interceptors,
                middlewares: middlewares, on: .mainActor, taskExecutor: taskExecutor))
    }

    /// Makes a store with a pure reducer at home on the main actor, and watches it.
    @MainActor
    public convenience init(
        initial: State,
        reducer: @escaping Reducer<State, Action>,
        interceptors: [Interceptor<State, Action>] = [],
        middlewares: [AnyMiddleware<State, Action>] = [],
        taskExecutor: TaskExecutorPreference = .globalConcurrent
    ) {
        self.init(
            Store(
                initial: initial, reducer: reducer, interceptors: interceptors,
                middlewares: middlewares, on: .mainActor, taskExecutor: taskExecutor))
    }

    /// Makes a store at home on the main actor whose middlewares are all closures, and watches it.
    @MainActor
    @_disfavoredOverload
    public convenience init(
        initial: State,
        mutatingReducer: @escaping MutatingReducer<State, Action>,
        interceptors: [Interceptor<State, Action>] = [],
        middlewares: [Middleware<State, Action>],
        taskExecutor: TaskExecutorPreference = .globalConcurrent
    ) {
        self.init(
            initial: initial, mutatingReducer: mutatingReducer, interceptors: interceptors,
            middlewares: middlewares.map(AnyMiddleware.init), taskExecutor: taskExecutor)
    }

    /// Makes a store with a pure reducer at home on the main actor whose middlewares are all
    /// closures, and watches it.
    @MainActor
    @_disfavoredOverload
    public convenience init(
        initial: State,
        reducer: @escaping Reducer<State, Action>,
        interceptors: [Interceptor<State, Action>] = [],
        middlewares: [Middleware<State, Action>],
        taskExecutor: TaskExecutorPreference = .globalConcurrent
    ) {
        self.init(
            initial: initial, reducer: reducer, interceptors: interceptors,
            middlewares: middlewares.map(AnyMiddleware.init), taskExecutor: taskExecutor)
    }
}
