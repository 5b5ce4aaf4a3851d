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
    func schedule(
        after delay: Duration, _ action: consuming @escaping @Sendable () -> Void
    )
        -> any Cancellable

    /// Runs `action` once `delay` has passed, then again every `interval`, until cancelled.
    ///
    /// Runs are due at `now + delay`, `now + delay + interval`, `now + delay + 2 × interval`, …
    /// (`now` read when this is called): each due time is counted from the first, never from
    /// when the previous run happened, so the runs do not drift.
    ///
    /// ```swift
    /// let ticking = scheduler.schedule(after: .seconds(1), interval: .seconds(1)) { tick() }
    /// // … later:
    /// ticking.cancel()
    /// ```
    ///
    /// - Parameters:
    ///   - delay: How long to wait for the first run; a negative delay counts as zero.
    ///   - interval: The time between two runs; must be above zero.
    ///   - action: The work to run each time.
    /// - Returns: A cancellable that stops the runs still to come and releases `action` (a run
    ///   under way finishes first). Cancelling from inside `action` is allowed.
    @discardableResult
    func schedule(
        after delay: Duration,
        interval: Duration,
        _ action: @escaping @Sendable () -> Void
    ) -> any Cancellable
}

// A default for repeating work, built on `schedule(after:_:)`.
//
// Why have one: `schedule(after:interval:_:)` was added after the protocol shipped, and a
// requirement without a default would stop every scheduler written outside this package from
// compiling. The default is correct for any scheduler (each run is due on the same grid, it
// stops on cancel and releases the action), only not the fastest: it makes one extra object and
// goes through the base scheduler once per run. Every scheduler in this package implements the
// requirement itself, with its own timer queue.
extension Scheduler {
    /// Runs `action` once `delay` has passed, then again every `interval`, by scheduling each
    /// run with ``schedule(after:_:)`` when the previous one has run.
    ///
    /// Each run is due at `now + delay + k × interval`; a run that falls due while the previous
    /// one is still running runs as soon as it ends. On a scheduler that runs delayed work
    /// before `schedule(after:_:)` returns (as ``ImmediateScheduler`` does), `action` runs once,
    /// at once, and the cancellable has nothing left to stop.
    ///
    /// - Parameters:
    ///   - delay: How long to wait for the first run; a negative delay counts as zero.
    ///   - interval: The time between two runs; must be above zero.
    ///   - action: The work to run each time.
    /// - Returns: A cancellable that stops the runs still to come and releases `action`.
    /// - Complexity: One allocation for the whole series, plus whatever the base scheduler
    ///   spends on each run's `schedule(after:_:)`.
    @discardableResult
    public func schedule(
        after delay: Duration,
        interval: Duration,
        _ action: @escaping @Sendable () -> Void
    ) -> any Cancellable {
        checkRepeatingInterval(interval)
        let series = RepeatingSeries(
            scheduler: self, firstDue: now + max(delay, .zero), interval: interval, action: action)
        series.scheduleRun(0)
        return series
    }
}

/// Stops the program if a repeating schedule's interval is not above zero: the one rule every
/// scheduler's `schedule(after:interval:_:)` shares.
@usableFromInline
func checkRepeatingInterval(_ interval: Duration) {
    precondition(
        interval > .zero, "a repeating schedule's interval must be above zero (got \(interval))")
}
