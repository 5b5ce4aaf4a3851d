import Effects

/// A Redux store: one state, changed only by a pure reducer, with side effects in middlewares.
///
/// ```swift
/// let store = Store(
///     initial: Game(),
///     reducer: gameReducer,
///     middlewares: [gameLogic(scheduler: DispatchQueueScheduler())]
/// )
/// let token = store.subscribe(to: \.moves) { print("moves:", $0) }
/// store.dispatch(.startGame)
/// ```
///
/// An action goes through the ``Interceptor``s (which may drop or rewrite it), the reducer, then
/// every middleware in order with the new state; every action their effects send comes back
/// through the whole pipeline. Then the observers see the new state.
///
/// ## Which thread runs what
///
/// With a **home** (`Store(…, on: .mainActor)`, see ``StoreHome``) all its work runs there.
/// Without one (the default), the thread that dispatches while nobody is processing drains the
/// queue; others queue and return. <doc:Threading> has the table.
///
/// ## The contract
///
/// 1. Actions are reduced one at a time, in the order they were dispatched (FIFO).
/// 2. A dispatch from a middleware, an effect sending synchronously, an interceptor or an
///    observer never deadlocks, waits or nests a reduce: the action is queued and runs next.
/// 3. The effects of an action are started before the next action is reduced.
/// 4. `dispatch` may be called from any thread; every action is applied exactly once.
/// 5. **Nobody is trapped.** Without a home, a thread drains for one *turn* of
///    ``queueCapacity`` items; then the next thread to dispatch (or subscribe) from elsewhere
///    takes over, and the first returns after the item in hand. If nobody comes, it finishes
///    the queue: at most ``queueCapacity`` items. A home drains one turn at a time, running its
///    other work in between.
/// 6. **Nothing grows without bound.** The queue holds at most ``queueCapacity`` actions and new
///    observers from other threads; a thread that finds it full waits, an async effect's `send`
///    suspends until it has drained to half. Only nested dispatches go past the bound, since a
///    thread cannot wait for itself: the drainer's own, the home's own, and, on a
///    ``StoreHome/scheduler(_:)`` home that cannot tell whether it is current (a
///    `TestScheduler`), any thread's.
/// 7. A running effect is kept until it finishes or is cancelled, an id only while an effect
///    marked with it runs (``runningEffectCount``).
///    ``/Effects/Effect/cancellable(id:cancelInFlight:)`` and ``/Effects/Effect/cancel(id:)``
///    reach all of the store's effects, anywhere in an effect's chain. Releasing the store
///    cancels what still runs, in O(running effects).
/// 8. Observers are called in the order they subscribed, never two at a time, and never while
///    the store's lock is held, so they may read ``state`` or dispatch. Unsubscribing is O(1).
/// 9. Nothing the store holds is released while its lock is held (a queued action, an
///    observer's closure, a finished effect), so a `deinit` may call back into the store.
/// 10. ``send(_:)``'s ``StoreTask`` covers the effects its action started and, transitively, the
///     actions they sent and their effects; ``idle()`` waits until no action waits or is being
///     processed and no effect runs. The thread that ends the work resumes the waiters; nothing
///     polls.
///
/// The reducer runs under the store's lock: it must be pure and must not touch the store. What
/// a remembering middleware picks (see ``AnyMiddleware``) runs after the lock is let go.
public final class Store<State: Sendable, Action: Sendable>: Sendable {
    @usableFromInline let core: StoreCore<State, Action>

    /// The most actions and new observers a store queues (rule 6), and a drainer's turn (rule 5).
    public static var queueCapacity: Int {
        1024
    }

    /// Makes a store with a pure reducer.
    ///
    /// - Parameters:
    ///   - initial: The state before any action.
    ///   - reducer: The pure function from state and action to the next state.
    ///   - interceptors: Middlewares that see each action before the reducer, in order.
    ///   - middlewares: Middlewares that see each action after the reducer, in order; write
    ///     `.list { }` to mix closures and ``AnyMiddleware`` values.
    ///   - home: Where the store's work runs; by default, on the threads that dispatch.
    ///   - taskExecutor: Where the tasks of `Effect.run` prefer to run.
    ///   - dependencies: Overrides the ``Dependencies`` its middlewares and effects read.
    public convenience init(
        initial: State,
        reducer: @escaping Reducer<State, Action>,
        interceptors: [Interceptor<State, Action>] = [],
        middlewares: [AnyMiddleware<State, Action>] = [],
        on home: StoreHome? = nil,
        taskExecutor: TaskExecutorPreference = .globalConcurrent,
        dependencies: ((inout Dependencies) -> Void)? = nil
    ) {
        self.init(
            initial: initial,
            mutatingReducer: { state, action in state = reducer(consume state, action) },
            interceptors: interceptors, middlewares: middlewares, on: home,
            taskExecutor: taskExecutor,
            dependencies: dependencies)
    }

    /// Makes a store with a reducer that changes the state in place, as TCA's reducers do.
    public convenience init(
        initial: State,
        mutatingReducer: @escaping MutatingReducer<State, Action>,
        interceptors: [Interceptor<State, Action>] = [],
        middlewares: [AnyMiddleware<State, Action>] = [],
        on home: StoreHome? = nil,
        taskExecutor: TaskExecutorPreference = .globalConcurrent,
        dependencies: ((inout Dependencies) -> Void)? = nil
    ) {
        self.init(
            initial: initial, mutatingReducer: mutatingReducer, interceptors: interceptors,
            middlewares: middlewares, home: home, queueCapacity: Self.queueCapacity,
            taskExecutor: taskExecutor, dependencies: Dependencies.forStore(dependencies))
    }

    /// Makes a store whose middlewares are all closures: `middlewares: [logging, saving]`.
    @_disfavoredOverload
    public convenience init(
        initial: State,
        reducer: @escaping Reducer<State, Action>,
        interceptors: [Interceptor<State, Action>] = [],
        middlewares: [Middleware<State, Action>],
        on home: StoreHome? = nil,
        taskExecutor: TaskExecutorPreference = .globalConcurrent,
        dependencies: ((inout Dependencies) -> Void)? = nil
    ) {
        self.init(
            initial: initial, reducer: reducer, interceptors: interceptors,
            middlewares: middlewares.map(AnyMiddleware.init), on: home, taskExecutor: taskExecutor,
            dependencies: dependencies)
    }

    /// Makes a store with an in-place reducer whose middlewares are all closures.
    @_disfavoredOverload
    public convenience init(
        initial: State,
        mutatingReducer: @escaping MutatingReducer<State, Action>,
        interceptors: [Interceptor<State, Action>] = [],
        middlewares: [Middleware<State, Action>],
        on home: StoreHome? = nil,
        taskExecutor: TaskExecutorPreference = .globalConcurrent,
        dependencies: ((inout Dependencies) -> Void)? = nil
    ) {
        self.init(
            initial: initial, mutatingReducer: mutatingReducer, interceptors: interceptors,
            middlewares: middlewares.map(AnyMiddleware.init), on: home, taskExecutor: taskExecutor,
            dependencies: dependencies)
    }

    /// The designated initializer: a queue of any size, for tests; nil `dependencies` binds none.
    package init(
        initial: State,
        mutatingReducer: @escaping MutatingReducer<State, Action>,
        interceptors: [Interceptor<State, Action>] = [],
        middlewares: [AnyMiddleware<State, Action>] = [],
        home: StoreHome?,
        queueCapacity: Int,
        taskExecutor: TaskExecutorPreference = .globalConcurrent,
        dependencies: Dependencies? = nil
    ) {
        core = StoreCore(
            initial: initial,
            reduce: mutatingReducer,
            interceptors: interceptors,
            middlewares: middlewares,
            home: home,
            capacity: queueCapacity,
            taskExecutor: taskExecutor.executor,
            dependencies: dependencies
        )
    }

    deinit {
        core.shutDown()
    }

    /// A consistent snapshot of the current state, readable from any thread.
    @inlinable
    public var state: State {
        core.state
    }

    /// How many effects started by this store are still running, each part of a merged effect
    /// counted on its own (`.none` and `.just` never).
    public var runningEffectCount: Int {
        core.effects.runningCount
    }

    /// The runtime the store's effects run in, for tests and diagnostics.
    package var effectContext: EffectContext {
        core.effects
    }

    /// The most items the queue has held at once, for tests of the bound.
    package var longestQueue: Int {
        core.shared.withLock { $0.machine.longestQueue }
    }

    /// How many items wait in the queue now, for tests.
    package var queuedCount: Int {
        core.shared.withLock { $0.machine.queue.count }
    }

    /// How many threads and tasks wait now to take over or for room, for tests.
    package var waiterCount: Int {
        core.shared.withLock { $0.machine.successors.count + $0.machine.roomWaiters.count }
    }

    /// Sends an action through the store, from any thread or from inside middlewares, effects,
    /// interceptors and observers; the contract says when it is reduced, and on which thread.
    @inlinable
    public func dispatch(_ action: Action) {
        core.dispatch(action)
    }

    /// Sends an action through the store from async code, suspending where ``dispatch(_:)``
    /// would block a thread (to take over from a drainer, or for room in the queue).
    ///
    /// ```swift
    /// let producer = Task {
    ///     for await amount in amounts {
    ///         await store.enqueue(.add(amount))   // suspends while the store is busy
    ///     }
    /// }
    /// ```
    ///
    /// `Effect.run`'s `send` goes this way by itself. Releasing the store lets a suspended task
    /// go on, its action dropped.
    @inlinable
    public func enqueue(_ action: Action) async {
        await core.enqueue(action)
    }

    /// Runs an effect against the store, as if a middleware had returned it: each action it
    /// sends is dispatched.
    ///
    /// ```swift
    /// func loadHighScores(from file: HighScoreFile) -> Effect<ThreeDucksAction> {
    ///     .run { send in
    ///         await send(.highScoresLoaded(try file.load()))
    ///     } catch: { error, send in
    ///         await send(.highScoresFailedToLoad("\(error)"))
    ///     }
    /// }
    /// store.run(loadHighScores(from: file))
    /// ```
    ///
    /// - Returns: The work the effect is and leads to, as ``send(_:)``'s, to wait for or cancel.
    @discardableResult
    public func run(_ effect: Effect<Action>) -> StoreTask {
        StoreTask(tracker: core.run(effect))
    }

    /// Runs a thunk: calls it with `getState`, which reads the store's current ``state``, then
    /// runs the effect it returns, as ``run(_:)-(Effect<Action>)`` does.
    ///
    /// ```swift
    /// store.run { getState in
    ///     guard !getState().isSteeping else { return .none }   // one pot at a time
    ///     return brew(seconds: 180, boilingFor: .seconds(90), clock: clock)
    /// }
    /// ```
    ///
    /// - Returns: The work the effect is and leads to, to wait for or cancel.
    @discardableResult
    public func run(_ thunk: (_ getState: @escaping @Sendable () -> State) -> Effect<Action>)
        -> StoreTask
    {
        // The core, not the store: an effect that keeps `getState` must not keep the store,
        // whose release is what cancels that effect.
        let core = core
        return run(thunk { core.state })
    }

    /// Sends an action through the store, as ``dispatch(_:)`` does, and returns a task that
    /// follows the work it starts: the effects of its middlewares, the actions they send, their
    /// effects, and so on.
    ///
    /// ```swift
    /// await store.send(.loadHighScores).finish()
    /// print(store.state.highScores)   // loaded, or the error that stopped it
    /// ```
    ///
    /// `dispatch` stays the faster way to send an action whose work nobody waits for.
    @discardableResult
    @inlinable
    public func send(_ action: Action) -> StoreTask {
        StoreTask(tracker: core.send(action))
    }

    /// Waits until the store has nothing left to do: no action waits in its queue or is being
    /// processed, and no effect runs.
    ///
    /// Work that arrives later is not waited for. It also returns if the waiting task is
    /// cancelled. On a `TestScheduler`, nothing moves while the test waits: move the clock.
    public func idle() async {
        await core.idle()
    }

    /// Whether the store has nothing left to do right now.
    package var isIdle: Bool {
        core.shared.withLock { $0.machine.isAtRest && !core.areEffectsRunning }
    }

    /// Whether actions are queued or being processed right now, on any thread (for a test store).
    package var isProcessingActions: Bool {
        core.shared.withLock { !$0.machine.isAtRest }
    }

    /// Shuts the store down now, as releasing it would (for a test store).
    package func shutDown() {
        core.shutDown()
    }
}
