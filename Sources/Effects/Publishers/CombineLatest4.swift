extension Publisher {
    /// Sends the latest value of this publisher and of three others, as a tuple, whenever any of
    /// them sends, once all have sent.
    ///
    /// ```swift
    /// level.combineLatest(lives, score, time)   // the latest of each of the four
    /// ```
    ///
    /// As ``combineLatest(_:)`` does for two: nothing is sent until every upstream has sent a
    /// value, and the publisher finishes once all have finished. The downstream is called one
    /// call at a time, even when the upstreams send from different threads.
    ///
    /// - Parameters:
    ///   - publisher1: The second publisher.
    ///   - publisher2: The third publisher.
    ///   - publisher3: The fourth publisher.
    /// - Returns: A publisher of tuples of latest values.
    public func combineLatest<P1: Publisher, P2: Publisher, P3: Publisher>(
        _ publisher1: P1, _ publisher2: P2, _ publisher3: P3
    )
        -> Publishers.CombineLatest4<Self, P1, P2, P3>
    {
        Publishers.CombineLatest4(self, publisher1, publisher2, publisher3)
    }

    /// Sends `transform` of the latest value of this publisher and of three others whenever any of
    /// them sends, once all have sent.
    ///
    /// ```swift
    /// moves.combineLatest(pairsFound, level, lives) { $0 + $1 + $2 + $3 }   // a sum of the four
    /// ```
    ///
    /// - Parameters:
    ///   - publisher1: The second publisher.
    ///   - publisher2: The third publisher.
    ///   - publisher3: The fourth publisher.
    ///   - transform: Combines the latest values into the value to send.
    /// - Returns: A publisher of combined values.
    public func combineLatest<P1: Publisher, P2: Publisher, P3: Publisher, T: Sendable>(
        _ publisher1: P1, _ publisher2: P2, _ publisher3: P3,
        _ transform: @escaping @Sendable (Output, P1.Output, P2.Output, P3.Output) -> T
    ) -> Publishers.Map<Publishers.CombineLatest4<Self, P1, P2, P3>, T> {
        Publishers.CombineLatest4(self, publisher1, publisher2, publisher3).map(transform)
    }
}

extension Publishers {
    /// A publisher that combines the latest values of four upstreams whenever any sends.
    public struct CombineLatest4<A: Publisher, B: Publisher, C: Publisher, D: Publisher>: Publisher
    {
        /// The latest value of each upstream.
        public typealias Output = (A.Output, B.Output, C.Output, D.Output)

        /// The first upstream.
        public let a: A

        /// The second upstream.
        public let b: B

        /// The third upstream.
        public let c: C

        /// The fourth upstream.
        public let d: D

        /// Makes the publisher; `a.combineLatest(b, c, d)` reads better at the call site.
        ///
        /// - Parameters:
        ///   - a: The first upstream.
        ///   - b: The second upstream.
        ///   - c: The third upstream.
        ///   - d: The fourth upstream.
        public init(_ a: A, _ b: B, _ c: C, _ d: D) {
            self.a = a
            self.b = b
            self.c = c
            self.d = d
        }

        /// Subscribes `subscriber` to every upstream, in order.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output {
            CombiningSubscription.start(.combineLatest, a, b, c, d, downstream: subscriber)
        }
    }
}

extension Publishers.CombineLatest4: CustomStringConvertible {
    /// `CombineLatest4(<a>, <b>, <c>, <d>)`.
    public var description: String {
        "CombineLatest4(\(a), \(b), \(c), \(d))"
    }
}
