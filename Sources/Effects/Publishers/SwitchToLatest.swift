extension Publisher where Output: Publisher {
    /// Sends the values of the latest publisher this publisher sent, cancelling the one before
    /// as each new one arrives.
    ///
    /// ```swift
    /// queries
    ///     .map { query in results(for: query) }   // a publisher of results per query
    ///     .switchToLatest()                       // only the latest query's results
    /// ```
    ///
    /// The publisher finishes once the upstream and the latest inner publisher have finished.
    /// Values an inner publisher sends after it was replaced are dropped. Cancelling it cancels
    /// the running inner publisher first, then the upstream, as Combine does. The downstream is
    /// called one call at a time, even when the publishers send from several threads.
    public func switchToLatest() -> Publishers.SwitchToLatest<Output, Self> {
        Publishers.SwitchToLatest(upstream: self)
    }
}

extension Publishers {
    /// A publisher that sends the values of the latest publisher its upstream sent.
    public struct SwitchToLatest<Inner: Publisher, Upstream: Publisher>: Publisher
    where Upstream.Output == Inner {
        /// The inner publishers' output.
        public typealias Output = Inner.Output

        /// The publisher of publishers.
        public let upstream: Upstream

        /// Makes the publisher; ``Publisher/switchToLatest()`` reads better at the call site.
        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        /// Attaches `subscriber` to the latest inner publisher's values.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output {
            upstream.subscribe(
                FlatMapSubscription(downstream: subscriber, limit: 1, switches: true) {
                    inner, child in inner.subscribe(child)
                })
        }
    }
}

extension Publishers.SwitchToLatest: CustomStringConvertible {
    /// `SwitchToLatest(<upstream>)`.
    public var description: String { "SwitchToLatest(\(upstream))" }
}
