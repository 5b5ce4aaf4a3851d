extension Publisher {
    /// Sends the first `maxLength` values, then finishes and cancels the upstream.
    ///
    /// ```swift
    /// Publishers.Timer(every: .seconds(1), scheduler: scheduler)
    ///     .prefix(3)   // three ticks, then finished
    /// ```
    ///
    /// The publisher finishes as soon as the last value allowed has been sent (Combine waits for
    /// one more value from the upstream before it finishes); `prefix(0)` finishes at once. An
    /// upstream that finishes earlier finishes it too.
    ///
    /// - Parameter maxLength: How many values to send; zero or more.
    public func prefix(_ maxLength: Int) -> Publishers.Prefix<Self> {
        Publishers.Prefix(upstream: self, maxLength: maxLength)
    }
}

extension Publishers {
    /// A publisher that sends at most a given number of its upstream's values, then finishes.
    ///
    /// Combine names this type `Publishers.Output` (it also serves `output(in:)`); the operator,
    /// ``Publisher/prefix(_:)``, has Combine's name.
    public struct Prefix<Upstream: Publisher>: Publisher, CustomStringConvertible {
        /// The output is the upstream's.
        public typealias Output = Upstream.Output

        /// The publisher whose first values are sent.
        public let upstream: Upstream

        /// How many values to send.
        public let maxLength: Int

        /// Makes the publisher; ``Publisher/prefix(_:)`` reads better at the call site. A negative
        /// count stops the program with a message saying so, as in Combine.
        public init(upstream: Upstream, maxLength: Int) {
            precondition(
                maxLength >= 0, "prefix(_:) needs a count of zero or more (got \(maxLength))")
            self.upstream = upstream
            self.maxLength = maxLength
        }

        /// Attaches `subscriber`; each subscription counts on its own.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output {
            Publishers.Output(upstream: upstream, range: 0..<maxLength)
                .receive(subscriber: subscriber)
        }

        /// `Prefix(<count>, <upstream>)`.
        public var description: String { "Prefix(\(maxLength), \(upstream))" }
    }
}
