extension Scheduler {
    /// This scheduler as a Swift `Clock`, for async code that waits.
    ///
    /// Async work written against `some Clock<Duration>` sleeps on whatever scheduler it is given:
    /// in real time on a ``DispatchQueueScheduler``, in virtual time on a ``TestScheduler``, not
    /// at all on an ``ImmediateScheduler``.
    ///
    /// ```swift
    /// func ticking(clock: some Clock<Duration>) -> Effect<Action> {
    ///     .run { send in
    ///         while (try? await clock.sleep(for: .seconds(1))) != nil {
    ///             await send(.tick)
    ///         }
    ///     }
    /// }
    /// let effect = ticking(clock: scheduler.clock)
    /// ```
    public var clock: SchedulerClock {
        SchedulerClock(self)
    }
}

/// A `Clock` whose time is a scheduler's time, and whose sleeps wait on that scheduler.
///
/// A sleep on a ``TestScheduler``'s clock ends exactly when the test moves the clock to its
/// deadline; if the task prefers the test scheduler as its executor, the advance that wakes it
/// also runs it until it waits again. A cancelled sleep ends at once with `CancellationError`,
/// and its wake-up is released.
public struct SchedulerClock: Clock {
    /// A point in a scheduler's time: how long after the scheduler's epoch.
    public struct Instant: InstantProtocol, CustomStringConvertible {
        /// The time since the scheduler's epoch.
        public let offset: Duration

        /// The instant `offset` after the scheduler's epoch.
        public init(offset: Duration) {
            self.offset = offset
        }

        /// The instant `duration` later (earlier if negative).
        public func advanced(by duration: Duration) -> Instant {
            Instant(offset: offset + duration)
        }

        /// The time from this instant to `other`.
        public func duration(to other: Instant) -> Duration {
            other.offset - offset
        }

        /// Whether `lhs` comes before `rhs`.
        public static func < (lhs: Instant, rhs: Instant) -> Bool {
            lhs.offset < rhs.offset
        }

        /// The offset, as in `1.5 seconds`.
        public var description: String {
            "\(offset)"
        }
    }

    /// The scheduler this clock reads and sleeps on.
    public let scheduler: any Scheduler

    /// The clock of `scheduler`; ``Scheduler/clock`` is the usual way to get one.
    public init(_ scheduler: some Scheduler) {
        self.scheduler = scheduler
    }

    /// The scheduler's current time.
    public var now: Instant {
        Instant(offset: scheduler.now)
    }

    /// A nanosecond: the finest step a real scheduler's timers take. Virtual time is exact.
    public var minimumResolution: Duration {
        .nanoseconds(1)
    }

    /// Suspends until the scheduler's time reaches `deadline`.
    ///
    /// - Parameters:
    ///   - deadline: When to wake up; at or before ``now``, the sleep returns at once.
    ///   - tolerance: Ignored: schedulers run work when it is due.
    /// - Throws: `CancellationError` if the task is cancelled before or while it sleeps.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        let delay = deadline.offset - scheduler.now
        guard delay > .zero else { return }
        let sleeper = Sleeper()
        // A task a test scheduler counts is asleep, for the test store, until this returns.
        let counted = CountedTask.current(on: scheduler)
        counted?.fellAsleep()
        defer { counted?.wokeUp() }
        try await withTaskCancellationHandler {
            try await withUnsafeThrowingContinuation { continuation in
                sleeper.sleep(continuation, for: delay, on: scheduler)
            }
        } onCancel: {
            sleeper.cancel()
        }
    }
}
