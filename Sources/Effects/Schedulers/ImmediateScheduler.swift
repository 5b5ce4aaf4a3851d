/// A scheduler that runs all work at once, on the calling thread, ignoring delays.
///
/// Handy where an effect's timing does not matter: `Just(x).delay(for: .seconds(5), scheduler:
/// ImmediateScheduler())` delivers `x` synchronously. Its clock stands still at zero.
public struct ImmediateScheduler: Scheduler {
    /// Makes an immediate scheduler.
    public init() {}

    /// Always zero: no time passes on this scheduler.
    public var now: Duration {
        .zero
    }

    /// Runs `action` before returning.
    public func schedule(_ action: @escaping @Sendable () -> Void) {
        action()
    }

    /// Runs `action` before returning, whatever the delay.
    ///
    /// - Returns: A cancellable with nothing left to cancel.
    @discardableResult
    public func schedule(
        after delay: Duration, _ action: consuming @escaping @Sendable () -> Void
    )
        -> any Cancellable
    {
        action()
        return Subscriptions.empty
    }

    /// Runs `action` once, before returning, whatever the delay and interval.
    ///
    /// A clock that never moves cannot space runs out, so, as with Combine's
    /// `ImmediateScheduler`, the action runs once, now. `interval` must still be above zero.
    ///
    /// - Returns: A cancellable with nothing left to cancel.
    @discardableResult
    public func schedule(
        after delay: Duration,
        interval: Duration,
        _ action: @escaping @Sendable () -> Void
    ) -> any Cancellable {
        checkRepeatingInterval(interval)
        action()
        return Subscriptions.empty
    }
}
