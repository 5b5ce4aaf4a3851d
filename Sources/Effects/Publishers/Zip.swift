extension Publisher {
    /// Pairs each value of this publisher with the value of `other` at the same position: the
    /// first with the first, the second with the second, and so on.
    ///
    /// ```swift
    /// questions.zip(answers)   // (question 1, answer 1), (question 2, answer 2), …
    /// ```
    ///
    /// As in Combine, a value waits until its partner arrives, and the publisher finishes when
    /// either upstream has finished and every value it sent has been paired (a value that can
    /// never be paired is dropped then, and the other upstream cancelled). The downstream is
    /// called one call at a time, even when the two send from different threads.
    ///
    /// - Complexity: Values wait in a queue per upstream: as many as one upstream is ahead of
    ///   the other.
    public func zip<Other: Publisher>(_ other: Other) -> Publishers.Zip<Self, Other> {
        Publishers.Zip(self, other)
    }

    /// Combines each value of this publisher with the value of `other` at the same position.
    ///
    /// ```swift
    /// names.zip(scores) { name, score in "\(name): \(score)" }
    /// ```
    public func zip<Other: Publisher, T: Sendable>(
        _ other: Other,
        _ transform: @escaping @Sendable (Output, Other.Output) -> T
    ) -> Publishers.Map<Publishers.Zip<Self, Other>, T> {
        Publishers.Zip(self, other).map(transform)
    }
}

extension Publishers {
    /// A publisher that pairs the values of two upstreams by position.
    public struct Zip<A: Publisher, B: Publisher>: Publisher, CustomStringConvertible {
        /// A pair of values at the same position.
        public typealias Output = (A.Output, B.Output)

        /// The first upstream.
        public let a: A

        /// The second upstream.
        public let b: B

        /// Makes the publisher; ``Publisher/zip(_:)`` reads better at the call site.
        public init(_ a: A, _ b: B) {
            self.a = a
            self.b = b
        }

        /// Subscribes `subscriber` to both upstreams, the first one first.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output {
            CombiningSubscription.start(.zip, a, b, downstream: subscriber)
        }

        /// `Zip(<a>, <b>)`.
        public var description: String { "Zip(\(a), \(b))" }
    }
}
