import Effects
import Redux

/// One stopwatch: the seconds it has counted, and whether it is counting.
public struct Stopwatch: Identifiable, Equatable, Sendable {
    /// Which stopwatch it is.
    public let id: Int
    /// The whole seconds counted while it ran.
    public var seconds = 0
    /// Whether it is counting.
    public var isRunning = false

    /// A stopwatch at zero, stopped.
    public init(id: Int) {
        self.id = id
    }
}

/// What can happen to one stopwatch.
public enum StopwatchAction: Equatable, Sendable {
    /// Starts counting, a second at a time.
    case start
    /// Stops counting; the seconds stay.
    case stop
    /// One more second went by while it ran.
    case tick
}

/// The ticking of a stopwatch: one per stopwatch (an id means "of this stopwatch" under
/// `forEach`), so stopping one stopwatch never stops another.
private enum Ticking: Hashable, Sendable {
    case running
}

/// Changes one stopwatch in place.
public let stopwatchReducer: MutatingReducer<Stopwatch, StopwatchAction> = { watch, action in
    switch action {
    case .start: watch.isRunning = true
    case .stop: watch.isRunning = false
    case .tick: if watch.isRunning { watch.seconds += 1 }
    }
}

/// Ticks once a second on `clock` from `.start` until `.stop`.
///
/// - Parameter clock: The clock the seconds pass on: a `ContinuousClock` in the app, a
///   `TestScheduler`'s clock in tests.
/// - Returns: The middleware of one stopwatch.
public func ticking(on clock: some Clock<Duration>) -> Middleware<Stopwatch, StopwatchAction> {
    { _, action in
        switch action {
        case .start:
            return Effect.run { send in
                while true {
                    do { try await clock.sleep(for: .seconds(1)) } catch { return }
                    await send(.tick)
                }
            }
            .cancellable(id: Ticking.running, cancelInFlight: true)
        case .stop:
            return .cancel(id: Ticking.running)
        case .tick:
            return .none
        }
    }
}

/// A list of stopwatches.
public struct Stopwatches: Equatable, Sendable {
    /// The stopwatches, in order.
    public var watches: IdentifiedArrayOf<Stopwatch> = []
    /// The id the next new stopwatch gets.
    public var nextID = 1

    /// An empty list.
    public init() {}
}

/// What can happen to the list.
public enum StopwatchesAction: Equatable, Sendable {
    /// Adds a stopwatch at the end, stopped.
    case add
    /// Removes a stopwatch; if it was running, its ticking ends with it.
    case remove(id: Int)
    /// Something happened to one stopwatch.
    case watch(id: Int, StopwatchAction)

    /// Where a stopwatch's id and action sit among the list's actions.
    public static let watchActions = ActionPath(StopwatchesAction.watch) {
        if case .watch(let id, let action) = $0 { (id, action) } else { nil }
    }
}

/// Changes the list in place: adding and removing here, each stopwatch by its own reducer.
public let stopwatchesReducer: MutatingReducer<Stopwatches, StopwatchesAction> = combine(
    // Each stopwatch first: a stopwatch sees its own action before the list may remove it.
    forEach(stopwatchReducer, state: \Stopwatches.watches, action: StopwatchesAction.watchActions),
    { list, action in
        switch action {
        case .add:
            list.watches.append(Stopwatch(id: list.nextID))
            list.nextID += 1
        case .remove(let id):
            list.watches.remove(id: id)
        case .watch:
            break
        }
    }
)

/// The list's middlewares: each stopwatch ticks on its own.
///
/// - Parameter clock: The clock the seconds pass on.
/// - Returns: The middlewares to give the store.
public func stopwatchesMiddlewares(
    clock: some Clock<Duration>
) -> [AnyMiddleware<Stopwatches, StopwatchesAction>] {
    [
        forEach(
            ticking(on: clock), state: \Stopwatches.watches,
            action: StopwatchesAction.watchActions)
    ]
}
