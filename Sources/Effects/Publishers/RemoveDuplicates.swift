extension Publisher where Output: Equatable {
    /// Sends a value only if it differs from the value received just before it.
    ///
    /// ```swift
    /// let cancellable = [1, 1, 2, 2, 2, 1].publisher
    ///     .removeDuplicates()
    ///     .sink { print($0) }   // 1, 2, 1
    /// ```
    @inlinable
    public func removeDuplicates() -> Publishers.RemoveDuplicates<Self> {
        Publishers.RemoveDuplicates(upstream: self) { $0 == $1 }
    }
}

extension Publisher {
    /// Sends a value only if `predicate` says it is not a duplicate of the value received just
    /// before it.
    ///
    /// As in Combine, each value is compared with the previous value *received*, whether or not
    /// that one was sent.
    ///
    /// ```swift
    /// scores.removeDuplicates { $0.moves == $1.moves }
    /// ```
    ///
    /// - Parameter predicate: Returns `true` when the second value is a duplicate of the first.
    @inlinable
    public func removeDuplicates(
        by predicate: @escaping @Sendable (Output, Output) -> Bool
    ) -> Publishers.RemoveDuplicates<Self> {
        Publishers.RemoveDuplicates(upstream: self, predicate: predicate)
    }
}

extension Publishers {
    /// A publisher that sends only the values that are not duplicates of the value before them.
    public struct RemoveDuplicates<Upstream: Publisher>: Publisher, CustomStringConvertible {
        /// The output is the upstream's.
        public typealias Output = Upstream.Output

        /// The publisher whose duplicates are removed.
        public let upstream: Upstream

        /// Returns `true` when the second value is a duplicate of the first.
        public let predicate: @Sendable (Output, Output) -> Bool

        /// Makes the publisher; ``Publisher/removeDuplicates(by:)`` reads better at the call site.
        @inlinable
        public init(upstream: Upstream, predicate: @escaping @Sendable (Output, Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        /// Attaches `subscriber` through the comparison; each subscription remembers its own
        /// previous value.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output {
            // Straight to `receive(subscriber:)`, so that a chain stays specialized (see `Map`).
            upstream.receive(
                subscriber: RemoveDuplicatesSubscriber(downstream: subscriber, predicate: predicate)
            )
        }

        /// `RemoveDuplicates(<upstream>)`.
        public var description: String { "RemoveDuplicates(\(upstream))" }
    }
}

/// Passes on the values that differ from their predecessor. A struct, so that a chain of
/// operators is one value the optimizer sees through; the previous value lives in a box.
@usableFromInline
struct RemoveDuplicatesSubscriber<Downstream: Subscriber>: Subscriber {
    @usableFromInline let downstream: Downstream
    @usableFromInline let predicate: @Sendable (Downstream.Input, Downstream.Input) -> Bool
    @usableFromInline let previous: SerialBox<Downstream.Input?>

    @inlinable
    init(
        downstream: Downstream,
        predicate: @escaping @Sendable (Downstream.Input, Downstream.Input) -> Bool
    ) {
        self.downstream = downstream
        self.predicate = predicate
        previous = SerialBox(nil)
    }

    @inlinable
    var effectContext: EffectContext? { downstream.effectContext }

    @inlinable
    func receive(subscription: any Subscription) {
        downstream.receive(subscription: subscription)
    }

    @inlinable
    func receive(_ input: Downstream.Input) {
        let last = previous.value
        previous.value = input
        if let last, predicate(last, input) { return }
        downstream.receive(input)
    }

    @inlinable
    func receive(completion: Subscribers.Completion) {
        previous.value = nil
        downstream.receive(completion: completion)
    }
}
