extension Publisher {
    /// Sends the latest value of this publisher and of `other`, as a pair, whenever either
    /// sends, once both have sent.
    ///
    /// ```swift
    /// difficulty.combineLatest(highScores)
    ///     .map { level, scores in scores[level] }   // the record for the chosen level
    /// ```
    ///
    /// As in Combine, nothing is sent until both have sent a value, and the publisher finishes
    /// once both have finished. The downstream is called one call at a time, even when the two
    /// send from different threads.
    public func combineLatest<Other: Publisher>(_ other: Other)
        -> Publishers.CombineLatest<Self, Other>
    {
        Publishers.CombineLatest(self, other)
    }

    /// Sends `transform` of the latest value of this publisher and of `other` whenever either
    /// sends, once both have sent.
    ///
    /// ```swift
    /// moves.combineLatest(pairsFound) { moves, pairs in "\(pairs) pairs in \(moves) moves" }
    /// ```
    public func combineLatest<Other: Publisher, T: Sendable>(
        _ other: Other,
        _ transform: @escaping @Sendable (Output, Other.Output) -> T
    ) -> Publishers.Map<Publishers.CombineLatest<Self, Other>, T> {
        Publishers.CombineLatest(self, other).map(transform)
    }
}

extension Publishers {
    /// A publisher that pairs the latest values of two upstreams whenever either sends.
    public struct CombineLatest<A: Publisher, B: Publisher>: Publisher, CustomStringConvertible {
        /// A pair of latest values.
        public typealias Output = (A.Output, B.Output)

        /// The first upstream.
        public let a: A

        /// The second upstream.
        public let b: B

        /// Makes the publisher; ``Publisher/combineLatest(_:)`` reads better at the call site.
        public init(_ a: A, _ b: B) {
            self.a = a
            self.b = b
        }

        /// Subscribes `subscriber` to both upstreams, the first one first.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output {
            CombiningSubscription.start(.combineLatest, a, b, downstream: subscriber)
        }

        /// `CombineLatest(<a>, <b>)`.
        public var description: String { "CombineLatest(\(a), \(b))" }
    }
}
