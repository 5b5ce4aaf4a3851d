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
/// every ``Middleware`` in order with the new state; the effects they return run, and every
/// action an effect sends is dispatched back through the whole pipeline. Then the observers
/// see the new state.
///
/// ## The contract
///
/// 1. Actions are reduced one at a time, in the order they were dispatched (FIFO).
/// 2. A dispatch from inside a middleware, an effect that sends synchronously, an interceptor or
///    an observer never deadlocks and never nests a reduce: the action is queued and runs next.
/// 3. The effects of an action are started before the next action is reduced.
/// 4. `dispatch` may be called from any thread; every action is applied exactly once. When
///    another thread is already processing the queue, `dispatch` queues the action and returns
///    at once; that thread reduces it.
/// 5. A running effect is kept until it finishes or is cancelled, then released, and an id only
///    while an effect marked with it runs, so memory follows the work in flight, not the
///    actions, ids or observers that have come and gone (``runningEffectCount`` tells how many
///    run). ``/Effects/Effect/cancellable(id:cancelInFlight:)`` and ``/Effects/Effect/cancel(id:)``
///    work across all of the store's effects, wherever they sit in an effect's chain of
///    operators. Releasing the store cancels what still runs, in O(running effects).
/// 6. Observers are called in the order they subscribed, never two at a time, and never while
///    the store's lock is held, so they may read ``state`` or dispatch. Unsubscribing is O(1).
/// 7. Nothing the store holds is released while its lock is held (a queued action's payload, an
///    observer's closure, a finished effect), so a `deinit` may call back into the store.
/// 8. ``send(_:)``'s ``StoreTask`` covers the effects its action started and, transitively, the
///    actions they sent and their effects; ``idle()`` waits until no action waits or is being
///    processed and no effect runs. Their waiters are resumed by the thread that ends the work,
///    never by polling; while nobody waits, `dispatch` pays one relaxed atomic load for them.
///
/// The reducer runs while the store's lock is held: it must be pure and must not touch the
/// store.
public final class Store<State: Sendable, Action: Sendable>: Sendable {
    @usableFromInline let core: StoreCore<State, Action>

    /// Makes a store with a pure reducer.
    ///
    /// - Parameters:
    ///   - initial: The state before any action.
    ///   - reducer: The pure function from state and action to the next state.
    ///   - interceptors: Middlewares that see each action before the reducer, in order.
    ///   - middlewares: Middlewares that see each action after the reducer, in order.
    ///   - taskExecutor: Where the tasks of async effects (`Effect.run`) prefer to run: nil for
    ///     the global concurrent executor, a `TestScheduler` in tests.
    public convenience init(
        initial: State,
        reducer: @escaping Reducer<State, Action>,
        interceptors: [Interceptor<State, Action>] = [],
        middlewares: [Middleware<State, Action>] = [],
        taskExecutor: (any TaskExecutor)? = nil
    ) {
        self.init(
            initial: initial,
            // The state is moved into the reducer and back, never copied: a reducer that changes
            // one element of a large array finds the array uniquely referenced.
            mutatingReducer: { state, action in state = reducer(consume state, action) },
            interceptors: interceptors,
            middlewares: middlewares,
            taskExecutor: taskExecutor
        )
    }

    /// Makes a store with a reducer that changes the state in place (the faster form for large
    /// states).
    ///
    /// - Parameters:
    ///   - initial: The state before any action.
    ///   - mutatingReducer: Changes the state in place for an action.
    ///   - interceptors: Middlewares that see each action before the reducer, in order.
    ///   - middlewares: Middlewares that see each action after the reducer, in order.
    ///   - taskExecutor: Where the tasks of async effects (`Effect.run`) prefer to run: nil for
    ///     the global concurrent executor; a `TestScheduler` in tests, so that they run only when
    ///     the test moves its clock.
    public init(
        initial: State,
        mutatingReducer: @escaping MutatingReducer<State, Action>,
        interceptors: [Interceptor<State, Action>] = [],
        middlewares: [Middleware<State, Action>] = [],
        taskExecutor: (any TaskExecutor)? = nil
    ) {
        core = StoreCore(
            initial: initial,
            reduce: mutatingReducer,
            interceptors: interceptors,
            middlewares: middlewares,
            taskExecutor: taskExecutor
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

    /// How many effects started by this store are still running.
    ///
    /// `.none` and `.just` effects complete at once and are never counted. The parts of a
    /// merged effect run, and are counted, on their own.
    public var runningEffectCount: Int {
        core.runningEffectCount
    }

    /// The runtime the store's effects run in: what is running, under which ids.
    ///
    /// For tests and diagnostics inside this package.
    package var effectContext: EffectContext {
        core.effects
    }

    /// Sends an action through the store.
    ///
    /// Safe from any thread and from inside middlewares, effects, interceptors and observers;
    /// see the contract above for when it is reduced.
    ///
    /// - Parameter action: The action to process.
    @inlinable
    public func dispatch(_ action: Action) {
        core.dispatch(action)
    }

    /// Runs an effect against the store, as if a middleware had returned it: each action it
    /// sends is dispatched.
    ///
    /// This is the store's thunk: an action creator that needs to wait or do I/O returns an
    /// effect, and the caller runs it.
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
    /// - Parameter effect: The effect whose actions are dispatched.
    public func run(_ effect: Effect<Action>) {
        core.start(effect)
    }
}
