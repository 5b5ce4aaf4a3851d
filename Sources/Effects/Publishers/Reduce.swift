extension Publisher {
    /// Folds every value into one result and sends it once the upstream finishes.
    ///
    /// ```swift
    /// let cancellable = [1, 2, 3].publisher
    ///     .reduce(0) { total, value in total + value }
    ///     .sink { print($0) }   // 6
    /// ```
    ///
    /// An upstream that finishes without a value gives `initialResult`. Where ``scan(_:_:)``
    /// sends every running result, `reduce` sends only the last.
    ///
    /// - Parameters:
    ///   - initialResult: The result before the first value.
    ///   - nextPartialResult: Combines the result so far with a value into the next result.
    public func reduce<T: Sendable>(
        _ initialResult: T,
        _ nextPartialResult: @escaping @Sendable (T, Output) -> T
    ) -> Publishers.Reduce<Self, T> {
        Publishers.Reduce(
            upstream: self, initial: initialResult, nextPartialResult: nextPartialResult)
    }
}

extension Publishers {
    /// A publisher that folds its upstream's values into one result, sent when it finishes.
    public struct Reduce<Upstream: Publisher, Output: Sendable>: Publisher {
        /// The publisher whose values are folded.
        public let upstream: Upstream

        /// The result before the first value.
        public let initial: Output

        /// Combines the result so far with a value into the next result.
        public let nextPartialResult: @Sendable (Output, Upstream.Output) -> Output

        /// Makes the publisher; ``Publisher/reduce(_:_:)`` reads better at the call site.
        public init(
            upstream: Upstream,
            initial: Output,
            nextPartialResult: @escaping @Sendable (Output, Upstream.Output) -> Output
        ) {
            self.upstream = upstream
            self.initial = initial
            self.nextPartialResult = nextPartialResult
        }

        /// Attaches `subscriber`; its result starts at ``initial``.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output {
            let nextPartialResult = nextPartialResult
            upstream.subscribe(
                StepSubscriber(
                    downstream: subscriber, memory: initial,
                    step: { (result: inout Output, value: Upstream.Output) in
                        result = nextPartialResult(result, value)
                        return .skip
                    },
                    end: { $0 }
                ))
        }
    }
}

extension Publishers.Reduce: CustomStringConvertible {
    /// `Reduce(<initial result>, <upstream>)`.
    public var description: String { "Reduce(\(initial), \(upstream))" }
}
