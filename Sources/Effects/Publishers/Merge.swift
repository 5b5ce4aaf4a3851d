extension Publisher {
    /// Sends the values of this publisher and of `other` as they arrive, interleaved; finishes
    /// when both have finished.
    public func merge<Other: Publisher>(with other: Other) -> Publishers.Merge<Self, Other>
    where Other.Output == Output {
        Publishers.Merge(self, other)
    }

    /// Sends the values of this publisher and of every other one as they arrive, interleaved.
    ///
    /// ```swift
    /// let cancellable = Just(1)
    ///     .merge(with: Just(2), Just(3))
    ///     .sink { print($0) }   // 1, 2, 3
    /// ```
    ///
    /// The result finishes when all have finished. All are of this publisher's type (Combine
    /// also merges up to eight publishers of different types): erase mixed ones with
    /// ``eraseToAnyPublisher()`` first.
    public func merge(with second: Self, _ third: Self, _ others: Self...)
        -> Publishers.MergeMany<Self>
    {
        Publishers.MergeMany([self, second, third] + others)
    }
}

extension Publishers {
    /// A publisher that interleaves the values of two upstreams as they arrive.
    ///
    /// Both upstreams are subscribed to at once, the first one first, so two synchronous
    /// upstreams deliver the first one's values before the second one's. The downstream never
    /// receives two calls at the same time, even when the upstreams deliver on different threads.
    public struct Merge<A: Publisher, B: Publisher>: Publisher where A.Output == B.Output {
        /// The output both upstreams share.
        public typealias Output = A.Output

        /// The first upstream.
        public let a: A

        /// The second upstream.
        public let b: B

        /// Makes the publisher; ``Publisher/merge(with:)`` reads better at the call site.
        public init(_ a: A, _ b: B) {
            self.a = a
            self.b = b
        }

        /// Subscribes `subscriber` to both upstreams.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output {
            let a = a, b = b
            MergeSubscription(downstream: subscriber).start([
                { a.subscribe($0) },
                { b.subscribe($0) },
            ])
        }
    }

    /// A publisher that interleaves the values of any number of upstreams of one type.
    ///
    /// It finishes when every upstream has finished, at once if there are none.
    public struct MergeMany<Upstream: Publisher>: Publisher {
        /// The output all upstreams share.
        public typealias Output = Upstream.Output

        /// The upstreams, subscribed to in this order.
        public let publishers: [Upstream]

        /// Makes a publisher that merges `publishers`.
        public init(_ publishers: [Upstream]) {
            self.publishers = publishers
        }

        /// Makes a publisher that merges `publishers`.
        public init(_ publishers: Upstream...) {
            self.publishers = publishers
        }

        /// Makes a publisher that merges the publishers of a sequence.
        ///
        /// ```swift
        /// let merged = Publishers.MergeMany((1...3).lazy.map { Just($0) })
        /// ```
        public init<Upstreams: Swift.Sequence>(_ publishers: Upstreams)
        where Upstreams.Element == Upstream {
            self.publishers = Array(publishers)
        }

        /// Subscribes `subscriber` to every upstream.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output {
            MergeSubscription(downstream: subscriber)
                .start(publishers.map { publisher in { publisher.subscribe($0) } })
        }
    }
}

extension Publishers.Merge: CustomStringConvertible {
    /// `Merge(<a>, <b>)`.
    public var description: String { "Merge(\(a), \(b))" }
}

extension Publishers.MergeMany: CustomStringConvertible {
    /// `Merge(<each upstream>)`.
    public var description: String {
        "Merge(\(publishers.map { "\($0)" }.joined(separator: ", ")))"
    }
}
