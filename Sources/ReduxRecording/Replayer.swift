import Effects
import Redux

/// Replays a recording into a fresh store on virtual time and gives the state it leads to.
///
/// Each recorded action is dispatched at its recorded time, by advancing a `TestScheduler`
/// to that time first, into a store built with the **reducer only**: no middlewares, no
/// interceptors. A recording made by ``Redux/Interceptor/recording(to:scheduler:onError:)`` holds
/// every action the reducer saw, including those that middlewares produced (a shuffled deck,
/// a date, the contents of a file), so the reducer alone reproduces the final state exactly;
/// running the middlewares again would produce their actions twice.
///
/// ```swift
/// let recording = try Recording<GameAction>(contentsOf: path)
/// let replayed = Replayer(initial: Game(), reducer: gameReducer).replay(recording)
/// assert(replayed == liveStore.state)
/// ```
public struct Replayer<State: Sendable, Action: Sendable>: Sendable {
    /// The state the recorded store started from.
    public let initial: State

    private let reducer: MutatingReducer<State, Action>

    /// Makes a replayer for a reducer that changes the state in place.
    ///
    /// - Parameters:
    ///   - initial: The state the recorded store started from.
    ///   - reducer: The reducer the recorded store used.
    public init(initial: State, reducer: @escaping MutatingReducer<State, Action>) {
        self.initial = initial
        self.reducer = reducer
    }

    /// Makes a replayer for a pure reducer.
    ///
    /// - Parameters:
    ///   - initial: The state the recorded store started from.
    ///   - reducer: The reducer the recorded store used.
    public init(initial: State, reducer: @escaping Reducer<State, Action>) {
        self.init(
            initial: initial, reducer: { state, action in state = reducer(consume state, action) })
    }

    /// Replays `recording`'s entries; a torn last line was already left out when it was parsed.
    ///
    /// - Parameter recording: The parsed recording.
    /// - Returns: The state after the last entry.
    public func replay(_ recording: Recording<Action>) -> State {
        replay(recording.entries)
    }

    /// Replays `entries` in order, each at its time.
    ///
    /// - Parameter entries: Recorded actions; an entry earlier than the one before is
    ///   dispatched without moving the clock back.
    /// - Returns: The state after the last entry.
    public func replay(_ entries: some Sequence<RecordedAction<Action>>) -> State {
        let scheduler = TestScheduler()
        let store = Store(initial: initial, mutatingReducer: reducer)
        Self.dispatch(entries, into: store, on: scheduler)
        return store.state
    }

    /// Dispatches `entries` into `store`, each once `scheduler` has been advanced to its time.
    ///
    /// Use it to watch a replay: subscribe to `store` first. Build `store` with the reducer
    /// only (see ``Replayer``), and make its time-dependent parts use `scheduler`.
    ///
    /// - Parameters:
    ///   - entries: Recorded actions, in order.
    ///   - store: The store that receives them.
    ///   - scheduler: The virtual clock; it starts at its current time and is moved to each
    ///     entry's time (never backwards).
    public static func dispatch(
        _ entries: some Sequence<RecordedAction<Action>>,
        into store: Store<State, Action>,
        on scheduler: TestScheduler
    ) {
        for entry in entries {
            scheduler.advance(to: max(entry.time, scheduler.now))
            store.dispatch(entry.action)
        }
    }
}
