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
    /// A scheduler whose clock never moves cannot space runs out, and running them all at once
    /// would never end. So, as Combine's `ImmediateScheduler` does for a repeating schedule
    /// (it ignores the date and performs the action immediately), the action runs once, now.
    ///
    /// - Parameters:
    ///   - delay: Ignored.
    ///   - interval: Must be above zero, as on every scheduler; otherwise ignored.
    ///   - action: The work to run, once.
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
