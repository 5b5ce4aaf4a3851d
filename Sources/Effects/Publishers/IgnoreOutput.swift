extension Publisher {
    /// Sends no value, only the upstream's completion.
    ///
    /// As in Combine, the output is `Never`: use it where only the end matters, to learn when
    /// work has finished (with ``sink(receiveCompletion:receiveValue:)``, for example).
    public func ignoreOutput() -> Publishers.IgnoreOutput<Self> {
        Publishers.IgnoreOutput(upstream: self)
    }
}

extension Publishers {
    /// A publisher that sends none of its upstream's values, only its completion.
    public struct IgnoreOutput<Upstream: Publisher>: Publisher, CustomStringConvertible {
        /// Nothing is ever sent.
        public typealias Output = Never

        /// The publisher whose completion is passed on.
        public let upstream: Upstream

        /// Makes the publisher; ``Publisher/ignoreOutput()`` reads better at the call site.
        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        /// Attaches `subscriber`; it gets the subscription and the completion.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output {
            upstream.subscribe(
                StepSubscriber(downstream: subscriber, memory: ()) {
                    (_: inout Void, _: Upstream.Output) in .skip
                })
        }

        /// `IgnoreOutput(<upstream>)`.
        public var description: String { "IgnoreOutput(\(upstream))" }
    }
}
