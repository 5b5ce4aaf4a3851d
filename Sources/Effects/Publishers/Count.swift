extension Publisher {
    /// Sends how many values the upstream sent, once it finishes.
    ///
    /// An upstream that finishes without a value gives zero. Nothing is sent before the upstream
    /// finishes: use it on publishers that finish.
    public func count() -> Publishers.Count<Self> {
        Publishers.Count(upstream: self)
    }
}

extension Publishers {
    /// A publisher that sends the number of its upstream's values when it finishes.
    public struct Count<Upstream: Publisher>: Publisher, CustomStringConvertible {
        /// The number of values.
        public typealias Output = Int

        /// The publisher whose values are counted.
        public let upstream: Upstream

        /// Makes the publisher; ``Publisher/count()`` reads better at the call site.
        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        /// Attaches `subscriber`; each subscription counts on its own.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output {
            upstream.subscribe(
                StepSubscriber(
                    downstream: subscriber, memory: 0,
                    step: { (count: inout Int, _: Upstream.Output) in
                        count += 1
                        return .skip
                    },
                    end: { $0 }
                ))
        }

        /// `Count(<upstream>)`.
        public var description: String { "Count(\(upstream))" }
    }
}
