extension Publisher where Output: Equatable {
    /// Sends `true` and finishes as soon as the upstream sends `output`; sends `false` if it
    /// finishes without doing so.
    ///
    /// The upstream is cancelled once the value is found.
    public func contains(_ output: Output) -> Publishers.Contains<Self> {
        Publishers.Contains(upstream: self, output: output)
    }
}

extension Publisher {
    /// Sends `true` and finishes as soon as a value satisfies `predicate`; sends `false` if the
    /// upstream finishes before one does.
    ///
    /// The upstream is cancelled once a value satisfies it.
    public func contains(where predicate: @escaping @Sendable (Output) -> Bool)
        -> Publishers.ContainsWhere<Self>
    {
        Publishers.ContainsWhere(upstream: self, predicate: predicate)
    }
}

extension Publishers {
    /// A publisher that tells whether its upstream sends a given value.
    public struct Contains<Upstream: Publisher>: Publisher where Upstream.Output: Equatable {
        /// Whether the value was sent.
        public typealias Output = Bool

        /// The publisher whose values are searched.
        public let upstream: Upstream

        /// The value looked for.
        public let output: Upstream.Output

        /// Makes the publisher; ``Publisher/contains(_:)`` reads better at the call site.
        public init(upstream: Upstream, output: Upstream.Output) {
            self.upstream = upstream
            self.output = output
        }

        /// Attaches `subscriber` until the value is found or the upstream finishes.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output {
            let output = output
            ContainsWhere(upstream: upstream) { $0 == output }.receive(subscriber: subscriber)
        }
    }

    /// A publisher that tells whether any of its upstream's values satisfies a predicate.
    public struct ContainsWhere<Upstream: Publisher>: Publisher, CustomStringConvertible {
        /// Whether a value satisfied the predicate.
        public typealias Output = Bool

        /// The publisher whose values are tested.
        public let upstream: Upstream

        /// Returns `true` for the value looked for.
        public let predicate: @Sendable (Upstream.Output) -> Bool

        /// Makes the publisher; ``Publisher/contains(where:)`` reads better at the call site.
        public init(
            upstream: Upstream, predicate: @escaping @Sendable (Upstream.Output) -> Bool
        ) {
            self.upstream = upstream
            self.predicate = predicate
        }

        /// Attaches `subscriber` until a value satisfies the predicate or the upstream
        /// finishes.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output {
            upstream.subscribe(searching(for: predicate, downstream: subscriber, found: true))
        }

        /// `ContainsWhere(<upstream>)`.
        public var description: String { "ContainsWhere(\(upstream))" }
    }
}

/// The subscriber behind `contains` and `allSatisfy`: it stops at the first value for which
/// `predicate` holds and sends `found`, or sends `!found` when the upstream finishes first.
func searching<Input: Sendable, S: Subscriber<Bool>>(
    for predicate: @escaping @Sendable (Input) -> Bool, downstream: S, found: Bool
) -> some Subscriber<Input> {
    StepSubscriber(
        downstream: downstream, memory: (),
        step: { (_: inout Void, value: Input) in predicate(value) ? .sendAndFinish(found) : .skip },
        end: { _ in !found }
    )
}

extension Publishers.Contains: CustomStringConvertible {
    /// `Contains(<value>, <upstream>)`.
    public var description: String { "Contains(\(output), \(upstream))" }
}
