extension Publisher {
    /// Leaves out the first `count` values and sends the rest.
    ///
    /// Each subscription counts on its own. The completion goes on whenever it comes, even
    /// before `count` values have been left out.
    ///
    /// - Parameter count: How many values to leave out; zero or more, one by default.
    public func dropFirst(_ count: Int = 1) -> Publishers.Drop<Self> {
        Publishers.Drop(upstream: self, count: count)
    }
}

extension Publishers {
    /// A publisher that leaves out a given number of its upstream's first values.
    public struct Drop<Upstream: Publisher>: Publisher, CustomStringConvertible {
        /// The output is the upstream's.
        public typealias Output = Upstream.Output

        /// The publisher whose first values are left out.
        public let upstream: Upstream

        /// How many values to leave out.
        public let count: Int

        /// Makes the publisher; ``Publisher/dropFirst(_:)`` reads better at the call site. A
        /// negative count stops the program with a message saying so, as in Combine.
        public init(upstream: Upstream, count: Int) {
            precondition(count >= 0, "dropFirst(_:) needs a count of zero or more (got \(count))")
            self.upstream = upstream
            self.count = count
        }

        /// Attaches `subscriber`; its count of values to leave out starts at ``count``.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output {
            upstream.subscribe(
                StepSubscriber(downstream: subscriber, memory: count) { remaining, value in
                    guard remaining > 0 else { return .send(value) }
                    remaining -= 1
                    return .skip
                })
        }

        /// `Drop(<count>, <upstream>)`.
        public var description: String { "Drop(\(count), \(upstream))" }
    }
}
