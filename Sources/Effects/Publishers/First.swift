extension Publisher {
    /// Sends the first value, then finishes and cancels the upstream.
    ///
    /// If the upstream finishes without a value, the publisher finishes without one.
    public func first() -> Publishers.First<Self> {
        Publishers.First(upstream: self)
    }

    /// Sends the first value that satisfies `predicate`, then finishes and cancels the upstream.
    ///
    /// If the upstream finishes before a value satisfies it, the publisher finishes without one.
    public func first(where predicate: @escaping @Sendable (Output) -> Bool)
        -> Publishers.FirstWhere<Self>
    {
        Publishers.FirstWhere(upstream: self, predicate: predicate)
    }
}

extension Publishers {
    /// A publisher that sends its upstream's first value, then finishes.
    public struct First<Upstream: Publisher>: Publisher, CustomStringConvertible {
        /// The output is the upstream's.
        public typealias Output = Upstream.Output

        /// The publisher whose first value is sent.
        public let upstream: Upstream

        /// Makes the publisher; ``Publisher/first()`` reads better at the call site.
        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        /// Attaches `subscriber` until the first value.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output {
            FirstWhere(upstream: upstream) { _ in true }.receive(subscriber: subscriber)
        }

        /// `First(<upstream>)`.
        public var description: String { "First(\(upstream))" }
    }

    /// A publisher that sends the first of its upstream's values that satisfies a predicate,
    /// then finishes.
    public struct FirstWhere<Upstream: Publisher>: Publisher, CustomStringConvertible {
        /// The output is the upstream's.
        public typealias Output = Upstream.Output

        /// The publisher whose values are tested.
        public let upstream: Upstream

        /// Returns `true` for the value to send.
        public let predicate: @Sendable (Output) -> Bool

        /// Makes the publisher; ``Publisher/first(where:)`` reads better at the call site.
        public init(upstream: Upstream, predicate: @escaping @Sendable (Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        /// Attaches `subscriber` until a value satisfies the predicate.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output {
            let predicate = predicate
            upstream.subscribe(
                StepSubscriber(downstream: subscriber, memory: ()) { _, value in
                    predicate(value) ? .sendAndFinish(value) : .skip
                })
        }

        /// `FirstWhere(<upstream>)`.
        public var description: String { "FirstWhere(\(upstream))" }
    }
}
