extension Publisher {
    /// Transforms every value with a closure and drops the `nil` results.
    public func compactMap<T: Sendable>(
        _ transform: @escaping @Sendable (Output) -> T?
    ) -> Publishers.CompactMap<Self, T> {
        Publishers.CompactMap(upstream: self, transform: transform)
    }
}

extension Publishers {
    /// A publisher that transforms the values of its upstream and drops the `nil` results.
    public struct CompactMap<Upstream: Publisher, Output: Sendable>: Publisher {
        /// The publisher whose values are transformed.
        public let upstream: Upstream

        /// The transformation; `nil` drops the value.
        public let transform: @Sendable (Upstream.Output) -> Output?

        /// Makes the publisher; ``Publisher/compactMap(_:)`` reads better at the call site.
        public init(upstream: Upstream, transform: @escaping @Sendable (Upstream.Output) -> Output?)
        {
            self.upstream = upstream
            self.transform = transform
        }

        /// Attaches `subscriber` through the transformation.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output {
            upstream.subscribe(CompactMapSubscriber(downstream: subscriber, transform: transform))
        }
    }
}

extension Publishers.CompactMap: CustomStringConvertible {
    /// `CompactMap(<upstream>)`.
    public var description: String { "CompactMap(\(upstream))" }
}

/// The subscriber of `compactMap`, `filter` and ``Effect/compactMap(_:)``'s node (which may hand
/// it a subscription and a completion per part it runs).
struct CompactMapSubscriber<Downstream: Subscriber, Input: Sendable>: Subscriber {
    let downstream: Downstream
    let transform: @Sendable (Input) -> Downstream.Input?

    var effectContext: EffectContext? { downstream.effectContext }

    func receive(subscription: any Subscription) {
        downstream.receive(subscription: subscription)
    }

    func receive(_ input: Input) {
        if let output = transform(input) {
            downstream.receive(output)
        }
    }

    func receive(completion: Subscribers.Completion) {
        downstream.receive(completion: completion)
    }
}
