import Effects

/// Lifts a child's reducer to a parent whose state holds the child as an optional at `path`.
///
/// While the child is there, it is changed in place; a child action while it is nil is
/// ignored, and reported in debug builds (its effects should have ended when it went, which
/// the middleware form of `ifLet` sees to).
///
/// List it before the parent's own reducer in ``combine(_:)-(MutatingReducer<State,Action>...)``,
/// as below: the child then sees its action before the parent acts on it, so a child whose
/// close button the parent handles (`.child(.closeTapped)` sets it to nil) is reduced while it
/// is still there, the order The Composable Architecture's `ifLet` runs them in.
///
/// ```swift
/// let screenReducer: MutatingReducer<Screen, ScreenAction> = combine(
///     ifLet(tickerReducer, state: \Screen.ticker, action: ScreenAction.tickerActions),
///     screenOwnReducer
/// )
/// ```
///
/// - Parameters:
///   - reducer: The child's reducer.
///   - path: Where the optional child sits in the parent's state.
///   - action: Where the child's actions sit among the parent's.
/// - Returns: A reducer of the parent's state and actions.
@inlinable
public func ifLet<State, Action, ChildState, ChildAction>(
    _ reducer: @escaping MutatingReducer<ChildState, ChildAction>,
    state path: WritableKeyPath<State, ChildState?> & Sendable,
    action: ActionPath<Action, ChildAction>
) -> MutatingReducer<State, Action> {
    { state, parentAction in
        guard let childAction = action.extract(parentAction) else { return }
        guard state[keyPath: path] != nil else {
            reportMissingChild(childAction, of: path, in: "reducer")
            return
        }
        reducer(&state[keyPath: path]!, childAction)
    }
}

/// Lifts a child's reducer to a parent whose state holds the child as an optional at `path`:
/// the consuming form of ``ifLet(_:state:action:)->MutatingReducer<State,Action>``.
///
/// - Parameters:
///   - reducer: The child's reducer.
///   - path: Where the optional child sits in the parent's state.
///   - action: Where the child's actions sit among the parent's.
/// - Returns: A reducer of the parent's state and actions.
@inlinable
public func ifLet<State, Action, ChildState, ChildAction>(
    _ reducer: @escaping Reducer<ChildState, ChildAction>,
    state path: WritableKeyPath<State, ChildState?> & Sendable,
    action: ActionPath<Action, ChildAction>
) -> Reducer<State, Action> {
    { (state: consuming State, parentAction: Action) -> State in
        guard let childAction = action.extract(parentAction) else { return state }
        var state = state
        guard state[keyPath: path] != nil else {
            reportMissingChild(childAction, of: path, in: "reducer")
            return state
        }
        reduceInPlace(&state[keyPath: path]!, childAction, reducer)
        return state
    }
}

/// Reports, in a debug build, a child action while the optional child is nil.
@usableFromInline
func reportMissingChild<ChildAction>(_ action: ChildAction, of path: AnyKeyPath, in form: String) {
    IssueReporter.report(
        "ifLet \(form): ignored \(action) for \(path), which is nil. The child's effects "
            + "should have ended with it: lift its middleware with ifLet too. If the parent "
            + "set it to nil on this very action, list ifLet before the parent's reducer in "
            + "combine, so that the child sees its action first.")
}
