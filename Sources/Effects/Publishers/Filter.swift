extension Publisher {
    /// Sends only the values that satisfy a predicate.
    ///
    /// - Parameter isIncluded: Returns `true` for the values to keep.
    /// - Returns: A publisher of the kept values, in order.
    public func filter(_ isIncluded: @escaping @Sendable (Output) -> Bool)
        -> Publishers.Filter<Self>
    {
        Publishers.Filter(upstream: self, isIncluded: isIncluded)
    }
}

extension Publishers {
    /// A publisher that sends only the values of its upstream that satisfy a predicate.
    public struct Filter<Upstream: Publisher>: Publisher {
        /// The output is the upstream's.
        public typealias Output = Upstream.Output

        /// The publisher whose values are filtered.
        public let upstream: Upstream

        /// The predicate; `true` keeps the value.
        public let isIncluded: @Sendable (Upstream.Output) -> Bool

        /// Makes the publisher; ``Publisher/filter(_:)`` reads better at the call site.
        ///
        /// - Parameters:
        ///   - upstream: The publisher whose values are filtered.
        ///   - isIncluded: The predicate; `true` keeps the value.
        public init(upstream: Upstream, isIncluded: @escaping @Sendable (Upstream.Output) -> Bool) {
            self.upstream = upstream
            self.isIncluded = isIncluded
        }

        /// Attaches `subscriber` through the predicate.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output {
            upstream.subscribe(FilterSubscriber(downstream: subscriber, isIncluded: isIncluded))
        }
    }
}

extension Publishers.Filter: CustomStringConvertible {
    /// `Filter(<upstream>)`.
    public var description: String {
        "Filter(\(upstream))"
    }
}

private struct FilterSubscriber<Downstream: Subscriber>: Subscriber {
    let downstream: Downstream
    let isIncluded: @Sendable (Downstream.Input) -> Bool

    var effectContext: EffectContext? {
        downstream.effectContext
    }

    func receive(subscription: any Subscription) {
        downstream.receive(subscription: subscription)
    }

    func receive(_ input: Downstream.Input) {
        if isIncluded(input) {
            downstream.receive(input)
        }
    }

    func receive(completion: Subscribers.Completion) {
        downstream.receive(completion: completion)
    }
}
