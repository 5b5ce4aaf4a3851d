extension Publisher {
    /// Gathers every value into an array and sends it once the upstream finishes.
    ///
    /// An upstream that finishes without a value gives an empty array, as in Combine. The array
    /// grows with every value until then: use it on publishers that finish.
    public func collect() -> Publishers.Collect<Self> {
        Publishers.Collect(upstream: self)
    }
}

extension Publishers {
    /// A publisher that sends all of its upstream's values as one array when it finishes.
    public struct Collect<Upstream: Publisher>: Publisher, CustomStringConvertible {
        /// An array of the upstream's values.
        public typealias Output = [Upstream.Output]

        /// The publisher whose values are gathered.
        public let upstream: Upstream

        /// Makes the publisher; ``Publisher/collect()`` reads better at the call site.
        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        /// Attaches `subscriber`; each subscription gathers its own array.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output {
            upstream.subscribe(
                StepSubscriber(
                    downstream: subscriber, memory: Output(),
                    step: { (values: inout Output, value: Upstream.Output) in
                        values.append(value)
                        return .skip
                    },
                    end: { $0 }
                ))
        }

        /// `Collect(<upstream>)`.
        public var description: String { "Collect(\(upstream))" }
    }
}
