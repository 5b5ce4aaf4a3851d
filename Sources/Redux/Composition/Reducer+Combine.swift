/// Runs several in-place reducers one after the other on the same state, in the order given.
///
/// ```swift
/// let appReducer = combine(
///     pullback(gameReducer, state: \AppState.game, action: gameActions),
///     pullback(settingsReducer, state: \AppState.settings, action: settingsActions)
/// )
/// ```
@inlinable
public func combine<State, Action>(
    _ reducers: MutatingReducer<State, Action>...
) -> MutatingReducer<State, Action> {
    combine(reducers)
}

/// Runs the in-place reducers of an array one after the other on the same state.
@inlinable
public func combine<State, Action>(
    _ reducers: [MutatingReducer<State, Action>]
) -> MutatingReducer<State, Action> {
    switch reducers.count {
    case 1:
        return reducers[0]
    case 2:
        let (first, second) = (reducers[0], reducers[1])
        return { state, action in
            first(&state, action)
            second(&state, action)
        }
    case 3:
        let (first, second, third) = (reducers[0], reducers[1], reducers[2])
        return { state, action in
            first(&state, action)
            second(&state, action)
            third(&state, action)
        }
    default:
        return { state, action in
            // By index: an unoptimized build may wrap each closure an iterator hands out.
            var index = 0
            while index < reducers.count {
                reducers[index](&state, action)
                index += 1
            }
        }
    }
}

/// Runs several pure reducers one after the other: each gets the state the previous returned.
@inlinable
public func combine<State, Action>(
    _ reducers: Reducer<State, Action>...
) -> Reducer<State, Action> {
    pure(combine(reducers.map { inPlace($0) }))
}
