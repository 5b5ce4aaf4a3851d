extension Publisher {
    /// Sends `output` if the upstream finishes without having sent a value.
    ///
    /// ```swift
    /// savedScores
    ///     .replaceEmpty(with: [:])   // no saved scores: an empty table
    /// ```
    public func replaceEmpty(with output: Output) -> Publishers.ReplaceEmpty<Self> {
        Publishers.ReplaceEmpty(upstream: self, output: output)
    }
}

extension Publishers {
    /// A publisher that sends a given value when its upstream finishes without a value.
    public struct ReplaceEmpty<Upstream: Publisher>: Publisher, CustomStringConvertible {
        /// The output is the upstream's.
        public typealias Output = Upstream.Output

        /// The publisher that may send nothing.
        public let upstream: Upstream

        /// The value sent in place of nothing.
        public let output: Output

        /// Makes the publisher; ``Publisher/replaceEmpty(with:)`` reads better at the call site.
        public init(upstream: Upstream, output: Output) {
            self.upstream = upstream
            self.output = output
        }

        /// Attaches `subscriber`; each subscription notes on its own whether a value came.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output {
            let output = output
            upstream.subscribe(
                StepSubscriber(
                    downstream: subscriber, memory: true,
                    step: { (isEmpty: inout Bool, value: Output) in
                        isEmpty = false
                        return .send(value)
                    },
                    end: { isEmpty in isEmpty ? output : nil }
                ))
        }

        /// `ReplaceEmpty(<value>, <upstream>)`.
        public var description: String { "ReplaceEmpty(\(output), \(upstream))" }
    }
}
