/// A scheduler that hides the type of the scheduler it wraps.
///
/// Code that takes `some Scheduler` and keeps it in a closure stays generic over that type, and
/// generic code called from another module cannot be specialized: every effect it builds pays
/// for the genericity. Erasing the scheduler once, where the dependency comes in, lets the rest
/// be ordinary concrete code:
///
/// ```swift
/// func unFlipping(scheduler: some Scheduler) -> Middleware<Game, GameAction> {
///     let scheduler = AnyScheduler(scheduler)   // from here on, one concrete type
///     return { state, action in
///         guard case .flipCard = action, state.isMismatch else { return .none }
///         return Effect.just(.unFlipSelectedCards).delay(for: .seconds(1), scheduler: scheduler)
///     }
/// }
/// ```
public struct AnyScheduler: Scheduler {
    /// The wrapped scheduler.
    public let base: any Scheduler

    /// Wraps `scheduler` (an `AnyScheduler` is not wrapped twice).
    ///
    /// - Parameter scheduler: The scheduler to forward to.
    public init(_ scheduler: some Scheduler) {
        if let erased = scheduler as? AnyScheduler {
            self = erased
        } else {
            base = scheduler
        }
    }

    /// The wrapped scheduler's time.
    public var now: Duration {
        base.now
    }

    /// Runs `action` on the wrapped scheduler as soon as it can.
    public func schedule(_ action: @escaping @Sendable () -> Void) {
        base.schedule(action)
    }

    /// Runs `action` on the wrapped scheduler once `delay` has passed.
    @discardableResult
    public func schedule(
        after delay: Duration, _ action: consuming @escaping @Sendable () -> Void
    )
        -> any Cancellable
    {
        base.schedule(after: delay, action)
    }

    /// Runs `action` on the wrapped scheduler once `delay` has passed, then every `interval`.
    ///
    /// - Returns: The wrapped scheduler's cancellable, which stops the runs.
    @discardableResult
    public func schedule(
        after delay: Duration,
        interval: Duration,
        _ action: @escaping @Sendable () -> Void
    ) -> any Cancellable {
        base.schedule(after: delay, interval: interval, action)
    }
}
