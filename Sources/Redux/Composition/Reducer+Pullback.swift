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
    pure(pullback(inPlace(reducer), state: path, action: action))
}

/// A pure reducer run in place: the state is moved out and back inside one access, so that its
/// arrays stay uniquely referenced.
@inlinable
func inPlace<State, Action>(
    _ reducer: @escaping Reducer<State, Action>
) -> MutatingReducer<State, Action> {
    { state, action in state = reducer(consume state, action) }
}

/// An in-place reducer as a pure one: the consumed state is changed and returned, not copied.
@inlinable
func pure<State, Action>(
    _ reducer: @escaping MutatingReducer<State, Action>
) -> Reducer<State, Action> {
    { (state: consuming State, action: Action) -> State in
        var state = state
        reducer(&state, action)
        return state
    }
}
