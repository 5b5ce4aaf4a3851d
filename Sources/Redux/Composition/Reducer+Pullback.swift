/// Lifts a feature's in-place reducer to an app's state and actions: it changes the app's state
/// at `path` for the feature's actions, and ignores the others.
///
/// ```swift
/// let settings = pullback(settingsReducer, state: \AppState.settings, action: settingsActions)
/// ```
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

/// Lifts a feature's pure reducer to an app's state and actions (see
/// ``pullback(_:state:action:)->MutatingReducer<State,Action>``).
@inlinable
public func pullback<State, Action, ChildState, ChildAction>(
    _ reducer: @escaping Reducer<ChildState, ChildAction>,
    state path: WritableKeyPath<State, ChildState> & Sendable,
    action: ActionPath<Action, ChildAction>
) -> Reducer<State, Action> {
    { (state: consuming State, parentAction: Action) -> State in
        guard let childAction = action.extract(parentAction) else { return state }
        var state = state
        // Moved out and back inside one access, so that its arrays stay uniquely referenced.
        reduceInPlace(&state[keyPath: path], childAction, reducer)
        return state
    }
}

@inlinable
func reduceInPlace<ChildState, ChildAction>(
    _ child: inout ChildState,
    _ action: ChildAction,
    _ reducer: Reducer<ChildState, ChildAction>
) {
    child = reducer(consume child, action)
}
