/// The classic pure reducer: the next state from the current state and an action.
///
/// The reducer consumes its state, so changing and returning it copies nothing:
///
/// ```swift
/// let reducer: Reducer<Counter, CounterAction> = { (state: consuming Counter, action) in
///     if case .increment = action { state.count += 1 }
///     return state
/// }
/// ```
///
/// A reducer must be pure: no randomness, no clock, no I/O, and no access to the store. Side
/// effects belong in a ``Middleware``.
public typealias Reducer<State, Action> = @Sendable (consuming State, Action) -> State

/// A reducer that changes the state in place.
///
/// Equivalent to ``Reducer``; a large state is never copied on an action:
///
/// ```swift
/// let reducer: MutatingReducer<Counter, CounterAction> = { state, action in
///     if case .increment = action { state.count += 1 }
/// }
/// ```
public typealias MutatingReducer<State, Action> = @Sendable (inout State, Action) -> Void
