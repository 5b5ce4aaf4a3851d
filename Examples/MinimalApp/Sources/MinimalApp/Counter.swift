import Effects
import Redux

/// A counter that can count down to zero, one second at a time.
public struct Counter: Equatable, Sendable {
    /// The number shown.
    public var count = 0

    /// A counter at zero.
    public init() {}
}

/// What can happen to a ``Counter``.
public enum CounterAction: Equatable, Sendable {
    /// Adds one.
    case increment
    /// Counts down to zero, one a second.
    case countDown
    /// Takes one away, and is sent again while the count is above zero.
    case tick
}

/// Changes the counter in place for an action.
public let counterReducer: MutatingReducer<Counter, CounterAction> = { counter, action in
    switch action {
    case .increment: counter.count += 1
    case .countDown: break
    case .tick: counter.count -= 1
    }
}

/// Ticks once a second after `.countDown`, while the count is above zero.
///
/// - Parameter scheduler: Where the ticks wait: a `DispatchQueueScheduler` in the app, a
///   `TestScheduler` in tests.
/// - Returns: The middleware.
public func countingDown(scheduler: some Scheduler) -> Middleware<Counter, CounterAction> {
    { counter, action in
        guard action == .countDown || action == .tick, counter.count > 0 else { return .none }
        return Effect.just(.tick).delay(for: .seconds(1), scheduler: scheduler)
    }
}
