extension Publisher {
    /// Sends the latest value of this publisher and of two others, as a tuple, whenever any of
    /// them sends once all have sent, as ``combineLatest(_:)`` does for two.
    public func combineLatest<P1: Publisher, P2: Publisher>(_ publisher1: P1, _ publisher2: P2)
        -> Publishers.CombineLatest3<Self, P1, P2>
    {
        Publishers.CombineLatest3(self, publisher1, publisher2)
    }

    /// Sends `transform` of the latest value of this publisher and of two others whenever any of
    /// them sends, once all have sent.
    public func combineLatest<P1: Publisher, P2: Publisher, T: Sendable>(
        _ publisher1: P1, _ publisher2: P2,
        _ transform: @escaping @Sendable (Output, P1.Output, P2.Output) -> T
    ) -> Publishers.Map<Publishers.CombineLatest3<Self, P1, P2>, T> {
        Publishers.CombineLatest3(self, publisher1, publisher2).map(transform)
    }
}

extension Publishers {
    /// A publisher that combines the latest values of three upstreams whenever any sends.
    public struct CombineLatest3<A: Publisher, B: Publisher, C: Publisher>: Publisher {
        /// The latest value of each upstream.
        public typealias Output = (A.Output, B.Output, C.Output)

        /// The first upstream.
        public let a: A

        /// The second upstream.
        public let b: B

        /// The third upstream.
        public let c: C

        /// Makes the publisher; `a.combineLatest(b, c)` reads better at the call site.
        public init(_ a: A, _ b: B, _ c: C) {
            self.a = a
            self.b = b
            self.c = c
        }

        /// Subscribes `subscriber` to every upstream, in order.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output {
            CombiningSubscription.start(.combineLatest, a, b, c, downstream: subscriber)
        }
    }
}

extension Publishers.CombineLatest3: CustomStringConvertible {
    /// `CombineLatest3(<a>, <b>, <c>)`.
    public var description: String { "CombineLatest3(\(a), \(b), \(c))" }
}
