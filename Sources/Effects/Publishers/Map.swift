extension Publisher {
    /// Transforms every value with a closure.
    ///
    /// ```swift
    /// scoresPublisher.map { Action.highScoresLoaded($0) }
    /// ```
    @inlinable
    public func map<T: Sendable>(_ transform: @escaping @Sendable (Output) -> T)
        -> Publishers.Map<Self, T>
    {
        Publishers.Map(upstream: self, transform: transform)
    }
}

extension Publishers {
    /// A publisher that transforms every value of its upstream.
    public struct Map<Upstream: Publisher, Output: Sendable>: Publisher, CustomStringConvertible {
        /// The publisher whose values are transformed.
        public let upstream: Upstream

        /// The transformation.
        public let transform: @Sendable (Upstream.Output) -> Output

        /// Makes the publisher; ``Publisher/map(_:)`` reads better at the call site.
        @inlinable
        public init(upstream: Upstream, transform: @escaping @Sendable (Upstream.Output) -> Output)
        {
            self.upstream = upstream
            self.transform = transform
        }

        /// Attaches `subscriber` through the transformation.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output {
            // `receive(subscriber:)`, not `subscribe(_:)`: the optimizer stops specializing a
            // generic function called again and again with ever larger subscriber types, and a
            // chain would run generic from its third operator on.
            upstream.receive(
                subscriber: MapSubscriber(downstream: subscriber, transform: transform))
        }

        /// `Map(<upstream>)`.
        public var description: String { "Map(\(upstream))" }
    }
}

@usableFromInline
struct MapSubscriber<Downstream: Subscriber, Input: Sendable>: Subscriber {
    @usableFromInline let downstream: Downstream
    @usableFromInline let transform: @Sendable (Input) -> Downstream.Input

    @inlinable
    init(downstream: Downstream, transform: @escaping @Sendable (Input) -> Downstream.Input) {
        self.downstream = downstream
        self.transform = transform
    }

    @inlinable
    var effectContext: EffectContext? { downstream.effectContext }

    @inlinable
    func receive(subscription: any Subscription) {
        downstream.receive(subscription: subscription)
    }

    @inlinable
    func receive(_ input: Input) {
        downstream.receive(transform(input))
    }

    @inlinable
    func receive(completion: Subscribers.Completion) {
        downstream.receive(completion: completion)
    }
}
