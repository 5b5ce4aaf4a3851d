extension Publisher {
    /// Folds every value into a running result and sends each new result.
    ///
    /// ```swift
    /// let cancellable = [1, 2, 3].publisher
    ///     .scan(0) { total, value in total + value }
    ///     .sink { print($0) }   // 1, 3, 6
    /// ```
    ///
    /// Each subscription starts again from `initialResult`.
    ///
    /// - Parameters:
    ///   - initialResult: The result before the first value.
    ///   - nextPartialResult: Combines the result so far with a value into the next result.
    @inlinable
    public func scan<T: Sendable>(
        _ initialResult: T,
        _ nextPartialResult: @escaping @Sendable (T, Output) -> T
    ) -> Publishers.Scan<Self, T> {
        Publishers.Scan(
            upstream: self, initialResult: initialResult, nextPartialResult: nextPartialResult)
    }
}

extension Publishers {
    /// A publisher that sends the running result of folding its upstream's values.
    public struct Scan<Upstream: Publisher, Output: Sendable>: Publisher, CustomStringConvertible {
        /// The publisher whose values are folded.
        public let upstream: Upstream

        /// The result before the first value.
        public let initialResult: Output

        /// Combines the result so far with a value into the next result.
        public let nextPartialResult: @Sendable (Output, Upstream.Output) -> Output

        /// Makes the publisher; ``Publisher/scan(_:_:)`` reads better at the call site.
        @inlinable
        public init(
            upstream: Upstream,
            initialResult: Output,
            nextPartialResult: @escaping @Sendable (Output, Upstream.Output) -> Output
        ) {
            self.upstream = upstream
            self.initialResult = initialResult
            self.nextPartialResult = nextPartialResult
        }

        /// Attaches `subscriber`; its running result starts at ``initialResult``.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output {
            // Straight to `receive(subscriber:)`, so that a chain stays specialized (see `Map`).
            upstream.receive(
                subscriber: ScanSubscriber(
                    downstream: subscriber,
                    initialResult: initialResult,
                    nextPartialResult: nextPartialResult
                ))
        }

        /// `Scan(<initial result>, <upstream>)`.
        public var description: String { "Scan(\(initialResult), \(upstream))" }
    }
}

/// Folds each value into the running result, kept in a box between calls.
@usableFromInline
struct ScanSubscriber<Downstream: Subscriber, Input: Sendable>: Subscriber {
    @usableFromInline let downstream: Downstream
    @usableFromInline let nextPartialResult: @Sendable (Downstream.Input, Input) -> Downstream.Input
    @usableFromInline let result: SerialBox<Downstream.Input>

    @inlinable
    init(
        downstream: Downstream,
        initialResult: Downstream.Input,
        nextPartialResult: @escaping @Sendable (Downstream.Input, Input) -> Downstream.Input
    ) {
        self.downstream = downstream
        self.nextPartialResult = nextPartialResult
        result = SerialBox(initialResult)
    }

    @inlinable
    var effectContext: EffectContext? { downstream.effectContext }

    @inlinable
    func receive(subscription: any Subscription) {
        downstream.receive(subscription: subscription)
    }

    @inlinable
    func receive(_ input: Input) {
        let next = nextPartialResult(result.value, input)
        result.value = next
        downstream.receive(next)
    }

    @inlinable
    func receive(completion: Subscribers.Completion) {
        downstream.receive(completion: completion)
    }
}
