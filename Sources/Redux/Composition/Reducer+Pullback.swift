/// Lifts a feature's in-place reducer to an app's state and actions: it changes the app's state
/// at `state`, for the app's actions that `action` finds a feature action in, and ignores the
/// others.
///
/// ```swift
/// let settings = pullback(settingsReducer, state: \AppState.settings, action: settingsActions)
/// ```
///
/// The feature's state is changed in place through the key path, never copied.
///
/// - Parameters:
///   - reducer: The feature's reducer.
///   - path: Where the feature's state sits in the app's.
///   - action: Where the feature's actions sit among the app's.
/// - Returns: A reducer of the app's state and actions.
@inlinable
public func pullback<State, Action, ChildState, ChildAction>(
    _ reducer: @escaping MutatingReducer<ChildState, ChildAction>,
    state path: WritableKeyPath<State, ChildState> & Sendable,
    action: ActionPath<Action, ChildAction>
) -> MutatingReducer<State, Action> {
    { state, parentAction in
        guard let childAction = action.extract(parentAction) else { return }
        reducer(&state[keyPath: path], childAction)
    }
}

/// Lifts a feature's pure reducer to an app's state and actions (see the in-place form,
/// ``pullback(_:state:action:)->MutatingReducer<State,Action>``).
///
/// - Parameters:
///   - reducer: The feature's reducer.
///   - path: Where the feature's state sits in the app's.
///   - action: Where the feature's actions sit among the app's.
/// - Returns: A reducer of the app's state and actions.
@inlinable
public func pullback<State, Action, ChildState, ChildAction>(
    _ reducer: @escaping Reducer<ChildState, ChildAction>,
    state path: WritableKeyPath<State, ChildState> & Sendable,
    action: ActionPath<Action, ChildAction>
) -> Reducer<State, Action> {
    { (state: consuming State, parentAction: Action) -> State in
        guard let childAction = action.extract(parentAction) else { return state }
        var state = state
        // The child is moved out of the parent for the reducer and back, inside one access to
        // it, so that its arrays stay uniquely referenced.
        reduceInPlace(&state[keyPath: path], childAction, reducer)
        return state
    }
}

/// Replaces `child` with what `reducer` makes of it, moving it in and out.
@inlinable
func reduceInPlace<ChildState, ChildAction>(
    _ child: inout ChildState,
    _ action: ChildAction,
    _ reducer: Reducer<ChildState, ChildAction>
) {
    child = reducer(consume child, action)
}
