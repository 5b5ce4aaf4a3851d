import Effects

/// Lifts a child's middleware to a parent whose state holds the child as an optional at
/// `path`; every effect the child starts ends when the child does.
///
/// Its effects run scoped to the child (``EffectScope/child(_:)``) and are cancelled at once
/// when an action sets it to nil. A child action while it is nil (and was before) is reported in
/// debug builds.
///
/// ```swift
/// let ticker = ifLet(
///     ticking(clock: clock), state: \Screen.ticker, action: ScreenAction.tickerActions)
/// ```
///
/// - Complexity: O(1) per action, plus O(k) to cancel the k effects of a child that went.
@inlinable
public func ifLet<State: Sendable, Action: Sendable, ChildState: Sendable, ChildAction: Sendable>(
    _ middleware: AnyMiddleware<ChildState, ChildAction>,
    state path: KeyPath<State, ChildState?> & Sendable,
    action: ActionPath<Action, ChildAction>
) -> AnyMiddleware<State, Action> {
    ifLet(middleware, state: path, action: action) { _ in true }
}

/// Lifts the middleware of an identified child to a parent's optional at `path`: as
/// ``ifLet(_:state:action:)-39fza``, and a child replaced by one with another id ends the first's
/// effects.
@inlinable
public func ifLet<
    State: Sendable, Action: Sendable, ChildState: Identifiable & Sendable, ChildAction: Sendable
>(
    _ middleware: AnyMiddleware<ChildState, ChildAction>,
    state path: KeyPath<State, ChildState?> & Sendable,
    action: ActionPath<Action, ChildAction>
) -> AnyMiddleware<State, Action> where ChildState.ID: Sendable {
    ifLet(middleware, state: path, action: action) { $0.id }
}

/// Lifts a child's middleware closure to a parent's optional at `path` (see
/// ``ifLet(_:state:action:)-39fza``).
@inlinable
public func ifLet<State: Sendable, Action: Sendable, ChildState: Sendable, ChildAction: Sendable>(
    _ middleware: @escaping Middleware<ChildState, ChildAction>,
    state path: KeyPath<State, ChildState?> & Sendable,
    action: ActionPath<Action, ChildAction>
) -> AnyMiddleware<State, Action> {
    ifLet(AnyMiddleware(middleware), state: path, action: action)
}

/// Lifts an identified child's middleware closure to a parent's optional at `path`.
@inlinable
public func ifLet<
    State: Sendable, Action: Sendable, ChildState: Identifiable & Sendable, ChildAction: Sendable
>(
    _ middleware: @escaping Middleware<ChildState, ChildAction>,
    state path: KeyPath<State, ChildState?> & Sendable,
    action: ActionPath<Action, ChildAction>
) -> AnyMiddleware<State, Action> where ChildState.ID: Sendable {
    ifLet(AnyMiddleware(middleware), state: path, action: action)
}

/// Lifts a child's middlewares, written one per line, to a parent's optional at `path`.
@inlinable
public func ifLet<State: Sendable, Action: Sendable, ChildState: Sendable, ChildAction: Sendable>(
    state path: KeyPath<State, ChildState?> & Sendable,
    action: ActionPath<Action, ChildAction>,
    @MiddlewareBuilder<ChildState, ChildAction> _ middlewares: () -> [AnyMiddleware<
        ChildState, ChildAction
    >]
) -> AnyMiddleware<State, Action> {
    ifLet(AnyMiddleware(combining: middlewares()), state: path, action: action)
}

/// Lifts an identified child's middlewares, written one per line, to a parent's optional.
@inlinable
public func ifLet<
    State: Sendable, Action: Sendable, ChildState: Identifiable & Sendable, ChildAction: Sendable
>(
    state path: KeyPath<State, ChildState?> & Sendable,
    action: ActionPath<Action, ChildAction>,
    @MiddlewareBuilder<ChildState, ChildAction> _ middlewares: () -> [AnyMiddleware<
        ChildState, ChildAction
    >]
) -> AnyMiddleware<State, Action> where ChildState.ID: Sendable {
    ifLet(AnyMiddleware(combining: middlewares()), state: path, action: action)
}

/// Every `ifLet`: effects end when the child is gone after an action, or its `identity` differs.
@inlinable
func ifLet<
    State: Sendable, Action: Sendable, ChildState: Sendable, ChildAction: Sendable,
    Identity: Hashable & Sendable
>(
    _ middleware: AnyMiddleware<ChildState, ChildAction>,
    state path: KeyPath<State, ChildState?> & Sendable,
    action: ActionPath<Action, ChildAction>,
    identity: @escaping @Sendable (ChildState) -> Identity
) -> AnyMiddleware<State, Action> {
    let instantiate = middleware.instantiate
    return AnyMiddleware(instantiate: {
        let memory = Memory<Identity?>()
        let child = RunningCopies<Identity, ChildState, ChildAction>(instantiate)
        let step: @Sendable (State, ChildAction?) -> Effect<Action> = { state, acting in
            let previous = memory.previous
            let present = state[keyPath: path]
            var ended: Effect<Action> = .none
            if let previous, present.map(identity) != previous {
                child.remove(previous)
                ended = .cancel(id: EffectScope.child(path))
            }
            guard let acting else {
                // Not the child's action: a nested `forEach` or `ifLet` may still end effects.
                guard let present else { return ended }
                let settled = child.settle(present, as: identity(present))
                if settled.isNone { return ended }
                return merged(ended, settled.scoped(to: EffectScope.child(path), map: action.embed))
            }
            guard let present else {
                // Set to nil by this very action (a sheet's own close button): nothing to do.
                if previous == nil {
                    reportMissingChild(acting, of: path, in: "middleware")
                }
                return ended
            }
            let effect = child.react(present, as: identity(present), acting)
            if effect.isNone { return ended }
            return merged(ended, effect.scoped(to: EffectScope.child(path), map: action.embed))
        }
        return AnyMiddleware.Running(
            remember: { state in
                let present = state[keyPath: path]
                let presentIdentity = present.map(identity)
                memory.value = .some(presentIdentity)   // remembered even when nil
                if let present, let presentIdentity {
                    child.remember(present, as: presentIdentity)
                }
            },
            react: { state, parentAction in step(state, action.extract(parentAction)) },
            settle: { state in step(state, nil) })
    })
}
