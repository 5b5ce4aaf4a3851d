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
    /// `dispatch` returns, so a view reads its result at once. See ``StoreHome/mainActor``.
    @MainActor
    public convenience init(
        initial: State,
        mutatingReducer: @escaping MutatingReducer<State, Action>,
        interceptors: [Interceptor<State, Action>] = [],
        middlewares: [AnyMiddleware<State, Action>] = []
    ) {
        self.init(
            Store(
                initial: initial, mutatingReducer: mutatingReducer, interceptors: interceptors,
                middlewares: middlewares, on: .mainActor))
    }

    /// Makes a store with a pure reducer at home on the main actor, and watches it (see the
    /// in-place form).
    @MainActor
    public convenience init(
        initial: State,
        reducer: @escaping Reducer<State, Action>,
        interceptors: [Interceptor<State, Action>] = [],
        middlewares: [AnyMiddleware<State, Action>] = []
    ) {
        self.init(
            Store(
                initial: initial, reducer: reducer, interceptors: interceptors,
                middlewares: middlewares, on: .mainActor))
    }

    /// Makes a store at home on the main actor with middlewares of the plain form, and watches
    /// it (see the form with ``AnyMiddleware``s).
    @MainActor
    @_disfavoredOverload
    public convenience init(
        initial: State,
        mutatingReducer: @escaping MutatingReducer<State, Action>,
        interceptors: [Interceptor<State, Action>] = [],
        middlewares: [Middleware<State, Action>]
    ) {
        self.init(
            initial: initial, mutatingReducer: mutatingReducer, interceptors: interceptors,
            middlewares: middlewares.map(AnyMiddleware.init))
    }

    /// Makes a store with a pure reducer at home on the main actor, with middlewares of the
    /// plain form, and watches it (see the in-place form).
    @MainActor
    @_disfavoredOverload
    public convenience init(
        initial: State,
        reducer: @escaping Reducer<State, Action>,
        interceptors: [Interceptor<State, Action>] = [],
        middlewares: [Middleware<State, Action>]
    ) {
        self.init(
            initial: initial, reducer: reducer, interceptors: interceptors,
            middlewares: middlewares.map(AnyMiddleware.init))
    }

    /// Makes a store at home on the main actor, whose async effects prefer a task executor, and
    /// watches it (see the form without one): `taskExecutor` is where the tasks of `Effect.run`
    /// prefer to run, nil for the global concurrent executor, a `TestScheduler` in tests.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @MainActor
    public convenience init(
        initial: State,
        mutatingReducer: @escaping MutatingReducer<State, Action>,
        interceptors: [Interceptor<State, Action>] = [],
        middlewares: [AnyMiddleware<State, Action>] = [],
        taskExecutor: (any TaskExecutor)?
    ) {
        self.init(
            Store(
                initial: initial, mutatingReducer: mutatingReducer, interceptors: interceptors,
                middlewares: middlewares, on: .mainActor, taskExecutor: .preferring(taskExecutor)))
    }

    /// Makes a store with a pure reducer at home on the main actor, whose async effects prefer a
    /// task executor, and watches it (see the form without one).
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @MainActor
    public convenience init(
        initial: State,
        reducer: @escaping Reducer<State, Action>,
        interceptors: [Interceptor<State, Action>] = [],
        middlewares: [AnyMiddleware<State, Action>] = [],
        taskExecutor: (any TaskExecutor)?
    ) {
        self.init(
            Store(
                initial: initial, reducer: reducer, interceptors: interceptors,
                middlewares: middlewares, on: .mainActor, taskExecutor: .preferring(taskExecutor)))
    }

    /// Makes a store at home on the main actor with middlewares of the plain form, whose async
    /// effects prefer a task executor, and watches it.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @MainActor
    @_disfavoredOverload
    public convenience init(
        initial: State,
        mutatingReducer: @escaping MutatingReducer<State, Action>,
        interceptors: [Interceptor<State, Action>] = [],
        middlewares: [Middleware<State, Action>],
        taskExecutor: (any TaskExecutor)?
    ) {
        self.init(
            initial: initial, mutatingReducer: mutatingReducer, interceptors: interceptors,
            middlewares: middlewares.map(AnyMiddleware.init), taskExecutor: taskExecutor)
    }

    /// Makes a store with a pure reducer at home on the main actor with middlewares of the plain
    /// form, whose async effects prefer a task executor, and watches it.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @MainActor
    @_disfavoredOverload
    public convenience init(
        initial: State,
        reducer: @escaping Reducer<State, Action>,
        interceptors: [Interceptor<State, Action>] = [],
        middlewares: [Middleware<State, Action>],
        taskExecutor: (any TaskExecutor)?
    ) {
        self.init(
            initial: initial, reducer: reducer, interceptors: interceptors,
            middlewares: middlewares.map(AnyMiddleware.init), taskExecutor: taskExecutor)
    }
}
