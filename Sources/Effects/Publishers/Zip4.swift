extension Publisher {
    /// Combines each value of this publisher with the values of three others at the same
    /// position, into a tuple, as ``zip(_:)`` does for two.
    public func zip<P1: Publisher, P2: Publisher, P3: Publisher>(
        _ publisher1: P1, _ publisher2: P2, _ publisher3: P3
    ) -> Publishers.Zip4<Self, P1, P2, P3> {
        Publishers.Zip4(self, publisher1, publisher2, publisher3)
    }

    /// Combines each value of this publisher with the values of three others at the same
    /// position, through `transform`.
    public func zip<P1: Publisher, P2: Publisher, P3: Publisher, T: Sendable>(
        _ publisher1: P1, _ publisher2: P2, _ publisher3: P3,
        _ transform: @escaping @Sendable (Output, P1.Output, P2.Output, P3.Output) -> T
    ) -> Publishers.Map<Publishers.Zip4<Self, P1, P2, P3>, T> {
        Publishers.Zip4(self, publisher1, publisher2, publisher3).map(transform)
    }
}

extension Publishers {
    /// A publisher that combines the values of four upstreams by position.
    public struct Zip4<A: Publisher, B: Publisher, C: Publisher, D: Publisher>: Publisher {
        /// The values at the same position, one from each upstream.
        public typealias Output = (A.Output, B.Output, C.Output, D.Output)

        /// The first upstream.
        public let a: A

        /// The second upstream.
        public let b: B

        /// The third upstream.
        public let c: C

        /// The fourth upstream.
        public let d: D

        /// Makes the publisher; `a.zip(b, c, d)` reads better at the call site.
        public init(_ a: A, _ b: B, _ c: C, _ d: D) {
            self.a = a
            self.b = b
            self.c = c
            self.d = d
        }

        /// Subscribes `subscriber` to every upstream, in order.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output {
            CombiningSubscription.start(.zip, a, b, c, d, downstream: subscriber)
        }
    }
}

extension Publishers.Zip4: CustomStringConvertible {
    /// `Zip4(<a>, <b>, <c>, <d>)`.
    public var description: String { "Zip4(\(a), \(b), \(c), \(d))" }
}
