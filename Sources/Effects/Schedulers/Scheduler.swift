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

extension Scheduler {
    /// Runs `action` once `delay` has passed, then again every `interval`, by scheduling each
    /// run with ``schedule(after:_:)`` when the previous one has run.
    ///
    /// Each run is due at `now + delay + k × interval`; a run that falls due while the previous
    /// one is still running runs as soon as it ends. On a scheduler that runs delayed work
    /// before `schedule(after:_:)` returns, `action` runs once, at once.
    ///
    /// - Parameters:
    ///   - delay: How long to wait for the first run; a negative delay counts as zero.
    ///   - interval: The time between two runs; must be above zero.
    ///   - action: The work to run each time.
    /// - Returns: A cancellable that stops the runs still to come and releases `action`.
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

@usableFromInline
func checkRepeatingInterval(_ interval: Duration) {
    precondition(
        interval > .zero, "a repeating schedule's interval must be above zero (got \(interval))")
}

/// A scheduler that hides the type of the scheduler it wraps.
///
/// Generic code called from another module cannot be specialized; erasing the scheduler once,
/// where the dependency comes in, lets the rest be ordinary concrete code:
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
    @discardableResult
    public func schedule(
        after delay: Duration,
        interval: Duration,
        _ action: @escaping @Sendable () -> Void
    ) -> any Cancellable {
        base.schedule(after: delay, interval: interval, action)
    }
}
