extension Publisher {
    /// Combines each value of this publisher with the values of two others at the same position,
    /// into a tuple, as ``zip(_:)`` does for two.
    public func zip<P1: Publisher, P2: Publisher>(_ publisher1: P1, _ publisher2: P2)
        -> Publishers.Zip3<Self, P1, P2>
    {
        Publishers.Zip3(self, publisher1, publisher2)
    }

    /// Combines each value of this publisher with the values of two others at the same position,
    /// through `transform`.
    public func zip<P1: Publisher, P2: Publisher, T: Sendable>(
        _ publisher1: P1, _ publisher2: P2,
        _ transform: @escaping @Sendable (Output, P1.Output, P2.Output) -> T
    ) -> Publishers.Map<Publishers.Zip3<Self, P1, P2>, T> {
        Publishers.Zip3(self, publisher1, publisher2).map(transform)
    }
}

extension Publishers {
    /// A publisher that combines the values of three upstreams by position.
    public struct Zip3<A: Publisher, B: Publisher, C: Publisher>: Publisher {
        /// The values at the same position, one from each upstream.
        public typealias Output = (A.Output, B.Output, C.Output)

        /// The first upstream.
        public let a: A

        /// The second upstream.
        public let b: B

        /// The third upstream.
        public let c: C

        /// Makes the publisher; `a.zip(b, c)` reads better at the call site.
        public init(_ a: A, _ b: B, _ c: C) {
            self.a = a
            self.b = b
            self.c = c
        }

        /// Subscribes `subscriber` to every upstream, in order.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output {
            CombiningSubscription.start(.zip, a, b, c, downstream: subscriber)
        }
    }
}

extension Publishers.Zip3: CustomStringConvertible {
    /// `Zip3(<a>, <b>, <c>)`.
    public var description: String { "Zip3(\(a), \(b), \(c))" }
}
