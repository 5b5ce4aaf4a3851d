extension Publisher {
    /// Sends only the value at `index` (counting from zero), then finishes and cancels the
    /// upstream.
    ///
    /// ```swift
    /// let cancellable = ["a", "b", "c"].publisher
    ///     .output(at: 1)
    ///     .sink { print($0) }   // b
    /// ```
    ///
    /// If the upstream finishes first, the publisher finishes without a value.
    ///
    /// - Parameter index: The position of the value to send; zero or more.
    public func output(at index: Int) -> Publishers.Output<Self> {
        Publishers.Output(upstream: self, range: index..<(index + 1))
    }

    /// Sends only the values whose positions (counting from zero) fall in `range`, then
    /// finishes and cancels the upstream.
    ///
    /// ```swift
    /// let cancellable = [10, 20, 30, 40, 50].publisher
    ///     .output(in: 1...3)
    ///     .sink { print($0) }   // 20, 30, 40
    /// ```
    ///
    /// The publisher finishes as soon as the value at the range's last position has been sent
    /// (Combine waits for one more value from the upstream before it finishes); an empty range
    /// finishes at once. An open range (`2...`) sends every value from its start.
    ///
    /// - Parameter range: The positions of the values to send; its bounds are zero or more.
    public func output<Range: RangeExpression>(in range: Range) -> Publishers.Output<Self>
    where Range.Bound == Int {
        Publishers.Output(upstream: self, range: range.relative(to: 0..<Int.max))
    }
}

extension Publishers {
    /// A publisher that sends the values of its upstream whose positions fall in a range.
    public struct Output<Upstream: Publisher>: Publisher, CustomStringConvertible {
        /// The output is the upstream's.
        public typealias Output = Upstream.Output

        /// The publisher whose values are picked by position.
        public let upstream: Upstream

        /// The positions of the values to send, counting from zero.
        public let range: Range<Int>

        /// Makes the publisher; ``Publisher/output(in:)`` and ``Publisher/output(at:)`` read
        /// better at the call site. A negative bound stops the program, as in Combine.
        public init(upstream: Upstream, range: Range<Int>) {
            precondition(
                range.lowerBound >= 0, "output(in:) needs positions of zero or more (got \(range))")
            self.upstream = upstream
            self.range = range
        }

        /// Attaches `subscriber`; each subscription counts positions on its own.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output {
            let range = range
            upstream.subscribe(
                StepSubscriber(downstream: subscriber, memory: 0, finishesAtOnce: range.isEmpty) {
                    position, value in
                    defer { position += 1 }
                    if position < range.lowerBound { return .skip }
                    return position == range.upperBound - 1 ? .sendAndFinish(value) : .send(value)
                })
        }

        /// `Output(<range>, <upstream>)`.
        public var description: String { "Output(\(range), \(upstream))" }
    }
}
