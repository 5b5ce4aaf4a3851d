import Effects

/// A middleware that sees each action *before* the reducer and decides what reaches it.
///
/// What ReSwift and redux-js call *middleware* (a ``Middleware`` here sees the action after the
/// reducer). Interceptors form a chain in the order the store was given them; each gets the
/// action, an ``InterceptorContext``, and `next`, which passes an action on down the chain to the
/// reducer: call it once to let the action through, never to drop it, or with other actions.
///
/// ```swift
/// // Drop flips while two cards are already face up.
/// let guardFlips = Interceptor<Game, GameAction> { action, context, next in
///     if case .flipCard = action, context.state.selected.count == 2 { return }
///     next(action)
/// }
/// ```
///
/// When `next` returns, the action has been reduced and its effects have started. Actions
/// dispatched from an interceptor are queued.
public struct Interceptor<State: Sendable, Action: Sendable>: Sendable {
    /// Passes an action on to the rest of the chain.
    public typealias Next = (Action) -> Void

    @usableFromInline let intercept:
        @Sendable (Action, InterceptorContext<State, Action>, Next) -> Void

    /// Makes an interceptor from a closure called with each action, the context and `next`.
    public init(
        _ intercept: @escaping @Sendable (Action, InterceptorContext<State, Action>, Next) -> Void
    ) {
        self.intercept = intercept
    }
}

/// What an ``Interceptor`` may do with the store: read the state, dispatch, run an effect.
public struct InterceptorContext<State: Sendable, Action: Sendable>: Sendable {
    enum Backing: Sendable {
        case core(StoreCore<State, Action>)
        /// A part of a parent store, for a lifted interceptor.
        case scope(ContextScope<State, Action>)
    }

    let backing: Backing
    let membership: TaskMembership?

    init(core: StoreCore<State, Action>, membership: TaskMembership? = nil) {
        backing = .core(core)
        self.membership = membership
    }

    init(scope: ContextScope<State, Action>, membership: TaskMembership?) {
        backing = .scope(scope)
        self.membership = membership
    }

    /// The store's current state.
    public var state: State {
        switch backing {
        case .core(let core): core.state
        case .scope(let scope): scope.read()
        }
    }

    /// Queues `action`; it is processed after the current one.
    public func dispatch(_ action: Action) {
        switch backing {
        case .core(let core): core.dispatch(action)
        case .scope(let scope): scope.send(action)
        }
    }

    /// Runs `effect` against the store: its actions are dispatched as they arrive.
    public func run(_ effect: Effect<Action>) {
        switch backing {
        case .core(let core): core.start(effect)
        case .scope(let scope): scope.start(effect)
        }
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

/// A child feature's view of a parent's ``InterceptorContext``.
final class ContextScope<State: Sendable, Action: Sendable>: Sendable {
    let read: @Sendable () -> State
    let send: @Sendable (Action) -> Void
    let start: @Sendable (Effect<Action>) -> Void

    init(
        read: @escaping @Sendable () -> State,
        send: @escaping @Sendable (Action) -> Void,
        start: @escaping @Sendable (Effect<Action>) -> Void
    ) {
        self.read = read
        self.send = send
        self.start = start
    }
}
