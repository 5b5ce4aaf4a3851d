import Effects

/// Lifts a child's reducer to a parent whose state holds the child as an optional at `path`.
///
/// A child action while it is nil is ignored, and reported in debug builds. List it before the
/// parent's own reducer in ``combine(_:)-(MutatingReducer<State,Action>...)``.
///
/// ```swift
/// let screenReducer: MutatingReducer<Screen, ScreenAction> = combine(
///     ifLet(tickerReducer, state: \Screen.ticker, action: ScreenAction.tickerActions),
///     screenOwnReducer
/// )
/// ```
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

/// Lifts a child's pure reducer to a parent's optional at `path` (see
/// ``ifLet(_:state:action:)->MutatingReducer<State,Action>``).
@inlinable
public func ifLet<State, Action, ChildState, ChildAction>(
    _ reducer: @escaping Reducer<ChildState, ChildAction>,
    state path: WritableKeyPath<State, ChildState?> & Sendable,
    action: ActionPath<Action, ChildAction>
) -> Reducer<State, Action> {
    pure(ifLet(inPlace(reducer), state: path, action: action))
}

@usableFromInline
func reportMissingChild<ChildAction>(_ action: ChildAction, of path: AnyKeyPath, in form: String) {
    IssueReporter.report(
        "ifLet \(form): ignored \(action) for \(path), which is nil. The child's effects "
            + "should have ended with it: lift its middleware with ifLet too. If the parent "
            + "set it to nil on this very action, list ifLet before the parent's reducer in "
            + "combine, so that the child sees its action first.")
}
