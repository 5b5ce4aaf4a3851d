extension Publisher {
    /// Sends `true` if every value satisfies `predicate`, once the upstream finishes; sends
    /// `false` and finishes as soon as one does not.
    ///
    /// The upstream is cancelled at the first value that fails. An upstream that finishes
    /// without a value gives `true`.
    public func allSatisfy(_ predicate: @escaping @Sendable (Output) -> Bool)
        -> Publishers.AllSatisfy<Self>
    {
        Publishers.AllSatisfy(upstream: self, predicate: predicate)
    }
}

extension Publishers {
    /// A publisher that tells whether all of its upstream's values satisfy a predicate.
    public struct AllSatisfy<Upstream: Publisher>: Publisher, CustomStringConvertible {
        /// Whether every value passed.
        public typealias Output = Bool

        /// The publisher whose values are tested.
        public let upstream: Upstream

        /// Returns `true` for the values that pass.
        public let predicate: @Sendable (Upstream.Output) -> Bool

        /// Makes the publisher; ``Publisher/allSatisfy(_:)`` reads better at the call site.
        public init(
            upstream: Upstream, predicate: @escaping @Sendable (Upstream.Output) -> Bool
        ) {
            self.upstream = upstream
            self.predicate = predicate
        }

        /// Attaches `subscriber` until a value fails or the upstream finishes.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output {
            // All pass unless one fails: a search for the first failure.
            let predicate = predicate
            upstream.subscribe(
                searching(for: { !predicate($0) }, downstream: subscriber, found: false))
        }

        /// `AllSatisfy(<upstream>)`.
        public var description: String { "AllSatisfy(\(upstream))" }
    }
}
