extension Publisher {
    /// Transforms every value with a closure.
    ///
    /// ```swift
    /// scoresPublisher.map { Action.highScoresLoaded($0) }
    /// ```
    ///
    /// - Parameter transform: Turns an upstream value into the value to send.
    /// - Returns: A publisher of the transformed values.
    public func map<T: Sendable>(_ transform: @escaping @Sendable (Output) -> T) -> Publishers.Map<Self, T> {
        Publishers.Map(upstream: self, transform: transform)
    }
}

extension Publishers {
    /// A publisher that transforms every value of its upstream.
    public struct Map<Upstream: Publisher, Output: Sendable>: Publisher {
        /// The publisher whose values are transformed.
        public let upstream: Upstream

        /// The transformation.
        public let transform: @Sendable (Upstream.Output) -> Output

        /// Makes the publisher; ``Publisher/map(_:)`` reads better at the call site.
        ///
        /// - Parameters:
        ///   - upstream: The publisher whose values are transformed.
        ///   - transform: The transformation.
        public init(upstream: Upstream, transform: @escaping @Sendable (Upstream.Output) -> Output) {
            self.upstream = upstream
            self.transform = transform
        }

        /// Attaches `subscriber` through the transformation.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output {
            upstream.subscribe(MapSubscriber(downstream: subscriber, transform: transform))
        }
    }
}

extension Publishers.Map: CustomStringConvertible {
    /// `Map(<upstream>)`.
    public var description: String {
        "Map(\(upstream))"
    }
}

private struct MapSubscriber<Downstream: Subscriber, Input: Sendable>: Subscriber {
    let downstream: Downstream
    let transform: @Sendable (Input) -> Downstream.Input

    var effectContext: EffectContext? {
        downstream.effectContext
    }

    func receive(subscription: any Subscription) {
        downstream.receive(subscription: subscription)
    }

    func receive(_ input: Input) {
        downstream.receive(transform(input))
    }

    func receive(completion: Subscribers.Completion) {
        downstream.receive(completion: completion)
    }
}
