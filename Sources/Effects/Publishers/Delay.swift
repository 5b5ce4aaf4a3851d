extension Publisher {
    /// Delivers every value, and the completion, `interval` after the upstream produced it.
    ///
    /// ```swift
    /// Just(Action.unFlipSelectedCards)
    ///     .delay(for: .seconds(1), scheduler: scheduler)
    /// ```
    ///
    /// The order of values is kept, and so is their spacing. A negative interval counts as zero.
    /// Cancelling drops every delivery still waiting and cancels its scheduled work.
    ///
    /// - Parameters:
    ///   - interval: How long each event waits.
    ///   - scheduler: The scheduler that waits and then delivers.
    /// - Returns: A publisher of the same values, later.
    public func delay<Context: Scheduler>(
        for interval: Duration,
        scheduler: Context
    ) -> Publishers.Delay<Self, Context> {
        Publishers.Delay(upstream: self, interval: interval, scheduler: scheduler)
    }
}

extension Publishers {
    /// A publisher that delivers its upstream's values and completion after a fixed interval.
    public struct Delay<Upstream: Publisher, Context: Scheduler>: Publisher {
        /// The output is the upstream's.
        public typealias Output = Upstream.Output

        /// The publisher whose events are delayed.
        public let upstream: Upstream

        /// How long each event waits; a negative interval counts as zero.
        public let interval: Duration

        /// The scheduler that waits and delivers.
        public let scheduler: Context

        /// Makes the publisher; ``Publisher/delay(for:scheduler:)`` reads better at the call site.
        ///
        /// - Parameters:
        ///   - upstream: The publisher whose events are delayed.
        ///   - interval: How long each event waits.
        ///   - scheduler: The scheduler that waits and delivers.
        public init(upstream: Upstream, interval: Duration, scheduler: Context) {
            self.upstream = upstream
            self.interval = interval
            self.scheduler = scheduler
        }

        /// Subscribes `subscriber` through the delay.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output {
            let delay = max(interval, .zero)
            upstream.subscribe(ScheduledRelay(downstream: subscriber, scheduler: scheduler, delay: delay))
        }
    }
}

extension Publishers.Delay: CustomStringConvertible {
    /// `Delay(<interval>, <upstream>)`, for example `Delay(1.0 seconds, Just(unFlip))`.
    public var description: String {
        "Delay(\(interval), \(upstream))"
    }
}
