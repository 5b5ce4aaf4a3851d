import Effects

/// A scheduler whose clock runs `speed` times faster than the one it wraps.
///
/// Delays are divided by the speed (at 20, the game's one-second mismatch lasts 50 ms) and
/// ``now`` is multiplied by it, so the game reads *game* time: a recording made at any speed
/// stamps a mismatch's un-flip one second after the flip.
///
/// ```swift
/// let scheduler = ScaledScheduler(DispatchQueueScheduler(), speed: 20)
/// ```
struct ScaledScheduler<Base: Scheduler>: Scheduler {
    /// The scheduler that does the waiting.
    let base: Base

    /// How many times faster than `base` this clock runs; above zero.
    let speed: Double

    /// Wraps `base`.
    ///
    /// - Parameters:
    ///   - base: The scheduler that does the waiting.
    ///   - speed: How many times faster the clock runs; must be above zero.
    init(_ base: Base, speed: Double) {
        precondition(speed > 0 && speed.isFinite, "a scheduler's speed must be above zero")
        self.base = base
        self.speed = speed
    }

    /// The base's time, times the speed.
    var now: Duration {
        speed == 1 ? base.now : base.now * speed
    }

    func schedule(_ action: @escaping @Sendable () -> Void) {
        base.schedule(action)
    }

    /// Runs `action` after `delay` divided by the speed.
    @discardableResult
    func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void)
        -> any Cancellable
    {
        base.schedule(after: speed == 1 ? delay : delay / speed, action)
    }

    /// Runs `action` after `delay`, then every `interval`, both divided by the speed.
    @discardableResult
    func schedule(
        after delay: Duration,
        interval: Duration,
        _ action: @escaping @Sendable () -> Void
    ) -> any Cancellable {
        speed == 1
            ? base.schedule(after: delay, interval: interval, action)
            : base.schedule(after: delay / speed, interval: interval / speed, action)
    }
}
