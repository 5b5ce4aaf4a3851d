extension Publisher {
    /// Sends values while `predicate` holds; at the first value for which it does not, finishes
    /// and cancels the upstream.
    ///
    /// ```swift
    /// let cancellable = [1, 2, 5, 1].publisher
    ///     .prefix { $0 < 3 }
    ///     .sink { print($0) }   // 1, 2
    /// ```
    ///
    /// The value that fails `predicate` is not sent. An upstream that finishes earlier finishes
    /// it too.
    public func prefix(while predicate: @escaping @Sendable (Output) -> Bool)
        -> Publishers.PrefixWhile<Self>
    {
        Publishers.PrefixWhile(upstream: self, predicate: predicate)
    }
}

extension Publishers {
    /// A publisher that sends its upstream's leading values while a predicate holds, then
    /// finishes.
    public struct PrefixWhile<Upstream: Publisher>: Publisher, CustomStringConvertible {
        /// The output is the upstream's.
        public typealias Output = Upstream.Output

        /// The publisher whose leading values are sent.
        public let upstream: Upstream

        /// Returns `true` for the leading values to send.
        public let predicate: @Sendable (Output) -> Bool

        /// Makes the publisher; ``Publisher/prefix(while:)`` reads better at the call site.
        public init(upstream: Upstream, predicate: @escaping @Sendable (Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        /// Attaches `subscriber` until a value fails the predicate.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output {
            let predicate = predicate
            upstream.subscribe(
                StepSubscriber(downstream: subscriber, memory: ()) { _, value in
                    predicate(value) ? .send(value) : .finish
                })
        }

        /// `PrefixWhile(<upstream>)`.
        public var description: String { "PrefixWhile(\(upstream))" }
    }
}
