import Effects

/// A middleware that sees each action *before* the reducer and decides what reaches it.
///
/// Interceptors form a chain in the order the store was given them. Each receives the action,
/// a ``InterceptorContext`` to read the state or dispatch, and `next`, which passes an action on
/// to the rest of the chain and finally to the reducer and the middlewares. Call `next` once to
/// let the action through, not at all to drop it, or with other actions to rewrite it.
///
/// ```swift
/// // Drop flips while two cards are already face up.
/// let guardFlips = Interceptor<Game, GameAction> { action, context, next in
///     if case .flipCard = action, context.state.selected.count == 2 { return }
///     next(action)
/// }
/// ```
///
/// When `next` returns, the action has been reduced and its middlewares' effects have started,
/// so reading `context.state` then gives the state after the action; ``logging(to:)`` works
/// that way. Actions dispatched from an interceptor are queued, like any other dispatch.
public struct Interceptor<State: Sendable, Action: Sendable>: Sendable {
    /// Passes an action on to the rest of the chain.
    public typealias Next = (Action) -> Void

    @usableFromInline let intercept: @Sendable (Action, InterceptorContext<State, Action>, Next) -> Void

    /// Makes an interceptor from a closure.
    ///
    /// - Parameter intercept: Called with each action, the context and `next`.
    public init(_ intercept: @escaping @Sendable (Action, InterceptorContext<State, Action>, Next) -> Void) {
        self.intercept = intercept
    }
}

/// What an ``Interceptor`` may do with the store: read the state, dispatch, run an effect.
public struct InterceptorContext<State: Sendable, Action: Sendable>: Sendable {
    let core: StoreCore<State, Action>
    /// The task the action belongs to, if it does.
    let membership: TaskMembership?

    init(core: StoreCore<State, Action>, membership: TaskMembership? = nil) {
        self.core = core
        self.membership = membership
    }

    /// The store's current state.
    public var state: State {
        core.state
    }

    /// Queues `action`; it is processed after the current one.
    ///
    /// - Parameter action: The action to dispatch.
    public func dispatch(_ action: Action) {
        core.dispatch(action)
    }

    /// Runs `effect` against the store: its actions are dispatched as they arrive.
    ///
    /// - Parameter effect: The effect to run.
    public func run(_ effect: Effect<Action>) {
        core.start(effect)
    }

    /// The task the action belongs to, if it was sent with ``Store/send(_:)`` or by an effect of
    /// such an action.
    package var task: StoreTask? {
        membership.map { StoreTask(tracker: $0.tracker) }
    }

    /// Whether the action is the one its task was sent for, rather than one its effects sent.
    package var isSentAction: Bool {
        membership?.isSentAction ?? false
    }
}
