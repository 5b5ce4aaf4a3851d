extension Publisher {
    /// Delivers every value and the completion on `scheduler`.
    ///
    /// Use it to hop to the thread that owns what the subscriber touches. The subscription itself
    /// is handed over at once; only the events wait for the scheduler. Order is kept.
    ///
    /// - Parameter scheduler: The scheduler that delivers.
    /// - Returns: A publisher of the same values, delivered on `scheduler`.
    public func receive<Context: Scheduler>(on scheduler: Context)
        -> Publishers.ReceiveOn<Self, Context>
    {
        Publishers.ReceiveOn(upstream: self, scheduler: scheduler)
    }
}

extension Publishers {
    /// A publisher that delivers its upstream's events on a given scheduler.
    public struct ReceiveOn<Upstream: Publisher, Context: Scheduler>: Publisher {
        /// The output is the upstream's.
        public typealias Output = Upstream.Output

        /// The publisher whose events move.
        public let upstream: Upstream

        /// The scheduler that delivers.
        public let scheduler: Context

        /// Makes the publisher; ``Publisher/receive(on:)`` reads better at the call site.
        public init(upstream: Upstream, scheduler: Context) {
            self.upstream = upstream
            self.scheduler = scheduler
        }

        /// Subscribes `subscriber` so that it is called on the scheduler.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output {
            upstream.subscribe(
                DelayFeed(downstream: subscriber, interval: .zero, scheduler: scheduler))
        }
    }
}

extension Publishers.ReceiveOn: CustomStringConvertible {
    /// `ReceiveOn(<scheduler type>, <upstream>)`.
    public var description: String {
        "ReceiveOn(\(Context.self), \(upstream))"
    }
}
