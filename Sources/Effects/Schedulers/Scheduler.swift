/// Something that runs work now or later: the only way effects in this package wait.
///
/// Time is a `Duration` since the scheduler's own start (its epoch), so virtual and real
/// schedulers read alike. Inject a scheduler into every piece of code that waits: programs pass
/// a ``DispatchQueueScheduler``, tests a ``TestScheduler`` and move time by hand.
///
/// A negative delay counts as zero.
public protocol Scheduler: Sendable {
    /// The time elapsed since this scheduler's epoch.
    var now: Duration { get }

    /// Runs `action` as soon as the scheduler can.
    ///
    /// - Parameter action: The work to run.
    func schedule(_ action: @escaping @Sendable () -> Void)

    /// Runs `action` once `delay` has passed.
    ///
    /// - Parameters:
    ///   - delay: How long to wait; a negative delay counts as zero.
    ///   - action: The work to run.
    /// - Returns: A cancellable that, before the work has run, prevents it and releases it.
    @discardableResult
    func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> any Cancellable
}
