import Effects

/// Lifts a child's middleware to a parent whose state holds the child as an optional at
/// `path`; every effect the child starts ends when the child does.
///
/// While the child is there, its middleware sees it (after the reducer) and its effects run
/// scoped to it (``EffectScope/child(_:)``): their ids mean "this id of this child", and when
/// an action sets the child to nil, every one of them is cancelled at once (delayed, async and
/// debounced alike) and delivers nothing more. A child action while the child is nil (and was
/// before the action) is ignored, and reported in debug builds.
///
/// ```swift
/// let ticker = ifLet(
///     ticking(clock: clock), state: \Screen.ticker, action: ScreenAction.tickerActions)
/// ```
///
/// - Parameters:
///   - middleware: The child's middleware.
///   - path: Where the optional child sits in the parent's state.
///   - action: Where the child's actions sit among the parent's.
/// - Returns: A middleware of the parent's state and actions, remembering whether the child was
///   there before each action.
/// - Complexity: O(1) per action, plus O(k) to cancel the k running effects of a child that
///   went.
@inlinable
public func ifLet<State: Sendable, Action: Sendable, ChildState: Sendable, ChildAction: Sendable>(
    _ middleware: @escaping Middleware<ChildState, ChildAction>,
    state path: KeyPath<State, ChildState?> & Sendable,
    action: ActionPath<Action, ChildAction>
) -> AnyMiddleware<State, Action> {
    ifLet(middleware, state: path, action: action) { _ in true }
}

/// Lifts the middleware of an identified child to a parent whose state holds the child as an
/// optional at `path`; every effect the child starts ends when the child does, or when another
/// child takes its place.
///
/// As the other `ifLet`, and more: a child replaced by one with another id in a single action
/// (a detail screen showing the next item) is a child that went, and a new one that came: every
/// effect of the one that went is cancelled, and the new one starts afresh. A child whose id
/// stays is the same child, however its other fields change.
///
/// - Parameters:
///   - middleware: The child's middleware.
///   - path: Where the optional child sits in the parent's state.
///   - action: Where the child's actions sit among the parent's.
/// - Returns: A middleware of the parent's state and actions, remembering which child was there
///   before each action.
/// - Complexity: O(1) per action, plus O(k) to cancel the k running effects of a child that
///   went.
@inlinable
public func ifLet<
    State: Sendable, Action: Sendable, ChildState: Identifiable & Sendable, ChildAction: Sendable
>(
    _ middleware: @escaping Middleware<ChildState, ChildAction>,
    state path: KeyPath<State, ChildState?> & Sendable,
    action: ActionPath<Action, ChildAction>
) -> AnyMiddleware<State, Action> where ChildState.ID: Sendable {
    ifLet(middleware, state: path, action: action) { $0.id }
}

/// The one `ifLet`: the child is known by `identity`, and effects end when the child that was
/// there before an action is gone after it, or is another (its identity differs).
@inlinable
func ifLet<
    State: Sendable, Action: Sendable, ChildState: Sendable, ChildAction: Sendable,
    Identity: Equatable & Sendable
>(
    _ middleware: @escaping Middleware<ChildState, ChildAction>,
    state path: KeyPath<State, ChildState?> & Sendable,
    action: ActionPath<Action, ChildAction>,
    identity: @escaping @Sendable (ChildState) -> Identity
) -> AnyMiddleware<State, Action> {
    AnyMiddleware(instantiate: {
        let memory = Memory<Identity?>()
        return AnyMiddleware.Running(
            remember: { state in
                let present: Identity? = state[keyPath: path].map(identity)
                memory.value = .some(present)   // remembered even when nil: "no child"
            },
            react: { state, parentAction in
                let previous = memory.previous
                let child = state[keyPath: path]
                let ended: Effect<Action> =
                    previous != nil && child.map(identity) != previous
                    ? .cancel(id: EffectScope.child(path)) : .none
                guard let childAction = action.extract(parentAction) else { return ended }
                guard let child else {
                    // Set to nil by this very action (a sheet's own close button): nothing to do.
                    if previous == nil {
                        reportMissingChild(childAction, of: path, in: "middleware")
                    }
                    return ended
                }
                let effect = middleware(child, childAction)
                if effect.isNone { return ended }
                let scoped = effect.scoped(to: EffectScope.child(path), map: action.embed)
                return ended.isNone ? scoped : .merge(ended, scoped)
            })
    })
}
