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
    AnyMiddleware(instantiate: {
        let memory = Memory<Bool>()
        return AnyMiddleware.Running(
            remember: { state in memory.value = state[keyPath: path] != nil },
            react: { state, parentAction in
                let wasThere = memory.previous
                let child = state[keyPath: path]
                let ended: Effect<Action> =
                    wasThere && child == nil ? .cancel(id: EffectScope.child(path)) : .none
                guard let childAction = action.extract(parentAction) else { return ended }
                guard let child else {
                    // Set to nil by this very action (a sheet's own close button): nothing to do.
                    if !wasThere { reportMissingChild(childAction, of: path, in: "middleware") }
                    return ended
                }
                let effect = middleware(child, childAction)
                if effect.isNone { return ended }
                let scoped = effect.scoped(to: EffectScope.child(path), map: action.embed)
                return ended.isNone ? scoped : .merge(ended, scoped)
            })
    })
}
