extension Publisher {
    /// Sends only the values that satisfy a predicate.
    public func filter(_ isIncluded: @escaping @Sendable (Output) -> Bool)
        -> Publishers.Filter<Self>
    {
        Publishers.Filter(upstream: self, isIncluded: isIncluded)
    }
}

extension Publishers {
    /// A publisher that sends only the values of its upstream that satisfy a predicate.
    public struct Filter<Upstream: Publisher>: Publisher, CustomStringConvertible {
        /// The output is the upstream's.
        public typealias Output = Upstream.Output

        /// The publisher whose values are filtered.
        public let upstream: Upstream

        /// The predicate; `true` keeps the value.
        public let isIncluded: @Sendable (Upstream.Output) -> Bool

        /// Makes the publisher; ``Publisher/filter(_:)`` reads better at the call site.
        public init(upstream: Upstream, isIncluded: @escaping @Sendable (Upstream.Output) -> Bool) {
            self.upstream = upstream
            self.isIncluded = isIncluded
        }

        /// Attaches `subscriber` through the predicate.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output {
            let isIncluded = isIncluded
            upstream.subscribe(
                CompactMapSubscriber(downstream: subscriber) { isIncluded($0) ? $0 : nil })
        }

        /// `Filter(<upstream>)`.
        public var description: String { "Filter(\(upstream))" }
    }
}
