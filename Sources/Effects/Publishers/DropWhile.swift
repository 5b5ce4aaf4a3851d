extension Publisher {
    /// Leaves out values while `predicate` holds, then sends every value from the first one
    /// for which it does not.
    ///
    /// ```swift
    /// let cancellable = [1, 2, 5, 1].publisher
    ///     .drop { $0 < 3 }
    ///     .sink { print($0) }   // 5, 1
    /// ```
    ///
    /// Once a value has gone through, `predicate` is not called again.
    public func drop(while predicate: @escaping @Sendable (Output) -> Bool)
        -> Publishers.DropWhile<Self>
    {
        Publishers.DropWhile(upstream: self, predicate: predicate)
    }
}

extension Publishers {
    /// A publisher that leaves out its upstream's leading values while a predicate holds.
    public struct DropWhile<Upstream: Publisher>: Publisher, CustomStringConvertible {
        /// The output is the upstream's.
        public typealias Output = Upstream.Output

        /// The publisher whose leading values are left out.
        public let upstream: Upstream

        /// Returns `true` for the leading values to leave out.
        public let predicate: @Sendable (Output) -> Bool

        /// Makes the publisher; ``Publisher/drop(while:)`` reads better at the call site.
        public init(upstream: Upstream, predicate: @escaping @Sendable (Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        /// Attaches `subscriber`; each subscription tests its own leading values.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output {
            let predicate = predicate
            upstream.subscribe(
                StepSubscriber(downstream: subscriber, memory: true) { isDropping, value in
                    if isDropping, predicate(value) { return .skip }
                    isDropping = false
                    return .send(value)
                })
        }

        /// `DropWhile(<upstream>)`.
        public var description: String { "DropWhile(\(upstream))" }
    }
}
