extension Publisher {
    /// Sends the latest value of this publisher and of three others, as a tuple, whenever any of
    /// them sends once all have sent, as ``combineLatest(_:)`` does for two.
    public func combineLatest<P1: Publisher, P2: Publisher, P3: Publisher>(
        _ publisher1: P1, _ publisher2: P2, _ publisher3: P3
    ) -> Publishers.CombineLatest4<Self, P1, P2, P3> {
        Publishers.CombineLatest4(self, publisher1, publisher2, publisher3)
    }

    /// Sends `transform` of the latest value of this publisher and of three others whenever any
    /// of them sends, once all have sent.
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
    public var description: String { "CombineLatest4(\(a), \(b), \(c), \(d))" }
}
