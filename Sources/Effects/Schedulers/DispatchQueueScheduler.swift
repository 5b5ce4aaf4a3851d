import Dispatch

/// A real-time scheduler that runs work on a serial Dispatch queue.
///
/// Programs use it for delays a person should see (a mismatched pair stays face up for a
/// second). Work runs one item at a time on the queue, so deliveries through it are serial.
///
/// Delayed and repeating work waits in one timer queue per scheduler (copies share it): a heap
/// under one lock, and a single Dispatch timer armed for the earliest piece. Scheduling costs
/// O(log n) with n pieces pending; cancelling releases the work at once. Pending work runs even
/// if every copy of the scheduler is released. Due times are read on `ContinuousClock`.
public struct DispatchQueueScheduler: Scheduler {
    /// The queue that runs the work.
    public let queue: DispatchQueue

    let timers: DispatchTimerQueue

    /// Makes a scheduler on `queue`.
    ///
    /// - Parameter queue: A serial queue; by default a new one of its own.
    public init(queue: DispatchQueue = DispatchQueue(label: "ThreeDucks.DispatchQueueScheduler")) {
        self.queue = queue
        timers = DispatchTimerQueue(queue: queue)
    }

    /// The real time elapsed since this scheduler was made.
    public var now: Duration {
        timers.now
    }

    /// Runs `action` asynchronously on the queue.
    public func schedule(_ action: @escaping @Sendable () -> Void) {
        queue.async(execute: action)
    }

    /// Runs `action` on the queue once `delay` has passed.
    ///
    /// - Returns: A cancellable that removes the work and releases `action`, if it has not run.
    /// - Complexity: O(log n), n the work pending on this scheduler.
    @discardableResult
    public func schedule(
        after delay: Duration, _ action: consuming @escaping @Sendable () -> Void
    )
        -> any Cancellable
    {
        timers.schedule(TimedWork(action), after: delay)
    }

    /// Runs `action` on the queue once `delay` has passed, then every `interval`, until cancelled.
    ///
    /// Runs are due on the grid `now + delay + k × interval`. If the queue was too busy to run
    /// one before the next fell due, the work runs once for all the runs it missed, and the
    /// next run is the next one on the grid (as a Dispatch timer coalesces missed events).
    ///
    /// - Parameters:
    ///   - delay: How long to wait for the first run; a negative delay counts as zero.
    ///   - interval: The time between two runs; must be above zero.
    ///   - action: The work to run each time.
    /// - Returns: A cancellable that stops the runs and releases `action` at once.
    /// - Complexity: O(log n) to schedule, and per run; n the work pending on this scheduler.
    @discardableResult
    public func schedule(
        after delay: Duration,
        interval: Duration,
        _ action: @escaping @Sendable () -> Void
    ) -> any Cancellable {
        checkRepeatingInterval(interval)
        return timers.schedule(TimedWork(action, repeatingEvery: interval), after: delay)
    }
}
