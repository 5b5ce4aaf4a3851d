extension Publisher {
    /// Sends the last value once the upstream finishes.
    ///
    /// If the upstream finishes without a value, the publisher finishes without one.
    public func last() -> Publishers.Last<Self> {
        Publishers.Last(upstream: self)
    }

    /// Sends the last value that satisfies `predicate` once the upstream finishes.
    ///
    /// If no value satisfies it, the publisher finishes without one.
    public func last(where predicate: @escaping @Sendable (Output) -> Bool)
        -> Publishers.LastWhere<Self>
    {
        Publishers.LastWhere(upstream: self, predicate: predicate)
    }
}

extension Publishers {
    /// A publisher that sends its upstream's last value when it finishes.
    public struct Last<Upstream: Publisher>: Publisher, CustomStringConvertible {
        /// The output is the upstream's.
        public typealias Output = Upstream.Output

        /// The publisher whose last value is sent.
        public let upstream: Upstream

        /// Makes the publisher; ``Publisher/last()`` reads better at the call site.
        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        /// Attaches `subscriber`; it gets the last value it was sent.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output {
            LastWhere(upstream: upstream) { _ in true }.receive(subscriber: subscriber)
        }

        /// `Last(<upstream>)`.
        public var description: String { "Last(\(upstream))" }
    }

    /// A publisher that sends the last of its upstream's values that satisfies a predicate,
    /// when it finishes.
    public struct LastWhere<Upstream: Publisher>: Publisher, CustomStringConvertible {
        /// The output is the upstream's.
        public typealias Output = Upstream.Output

        /// The publisher whose values are tested.
        public let upstream: Upstream

        /// Returns `true` for the values that may be sent.
        public let predicate: @Sendable (Output) -> Bool

        /// Makes the publisher; ``Publisher/last(where:)`` reads better at the call site.
        public init(upstream: Upstream, predicate: @escaping @Sendable (Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        /// Attaches `subscriber`; it gets the last value it was sent that satisfies the
        /// predicate.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output {
            let predicate = predicate
            upstream.subscribe(
                StepSubscriber(
                    downstream: subscriber, memory: Output?.none,
                    step: { (latest: inout Output?, value: Output) in
                        if predicate(value) { latest = value }
                        return .skip
                    },
                    end: { $0 }
                ))
        }

        /// `LastWhere(<upstream>)`.
        public var description: String { "LastWhere(\(upstream))" }
    }
}
