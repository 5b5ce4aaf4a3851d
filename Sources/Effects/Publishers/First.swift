extension Publisher {
    /// Sends the first value, then finishes and cancels the upstream.
    ///
    /// ```swift
    /// let cancellable = [3, 1, 2].publisher
    ///     .first()
    ///     .sink { print($0) }   // 3
    /// ```
    ///
    /// If the upstream finishes without a value, the publisher finishes without one.
    ///
    /// - Returns: A publisher of at most one value.
    public func first() -> Publishers.First<Self> {
        Publishers.First(upstream: self)
    }

    /// Sends the first value that satisfies `predicate`, then finishes and cancels the upstream.
    ///
    /// ```swift
    /// let cancellable = [1, 4, 6].publisher
    ///     .first { $0.isMultiple(of: 2) }
    ///     .sink { print($0) }   // 4
    /// ```
    ///
    /// If the upstream finishes before a value satisfies it, the publisher finishes without one.
    ///
    /// - Parameter predicate: Returns `true` for the value to send.
    /// - Returns: A publisher of at most one value.
    public func first(where predicate: @escaping @Sendable (Output) -> Bool)
        -> Publishers.FirstWhere<Self>
    {
        Publishers.FirstWhere(upstream: self, predicate: predicate)
    }
}

extension Publishers {
    /// A publisher that sends its upstream's first value, then finishes.
    public struct First<Upstream: Publisher>: Publisher {
        /// The output is the upstream's.
        public typealias Output = Upstream.Output

        /// The publisher whose first value is sent.
        public let upstream: Upstream

        /// Makes the publisher; ``Publisher/first()`` reads better at the call site.
        ///
        /// - Parameter upstream: The publisher whose first value is sent.
        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        /// Attaches `subscriber` until the first value.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output {
            upstream.subscribe(FirstSubscriber(downstream: subscriber, predicate: nil))
        }
    }

    /// A publisher that sends the first of its upstream's values that satisfies a predicate,
    /// then finishes.
    public struct FirstWhere<Upstream: Publisher>: Publisher {
        /// The output is the upstream's.
        public typealias Output = Upstream.Output

        /// The publisher whose values are tested.
        public let upstream: Upstream

        /// Returns `true` for the value to send.
        public let predicate: @Sendable (Output) -> Bool

        /// Makes the publisher; ``Publisher/first(where:)`` reads better at the call site.
        ///
        /// - Parameters:
        ///   - upstream: The publisher whose values are tested.
        ///   - predicate: Returns `true` for the value to send.
        public init(upstream: Upstream, predicate: @escaping @Sendable (Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        /// Attaches `subscriber` until a value satisfies the predicate.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output {
            upstream.subscribe(FirstSubscriber(downstream: subscriber, predicate: predicate))
        }
    }
}

extension Publishers.First: CustomStringConvertible {
    /// `First(<upstream>)`.
    public var description: String {
        "First(\(upstream))"
    }
}

extension Publishers.FirstWhere: CustomStringConvertible {
    /// `FirstWhere(<upstream>)`.
    public var description: String {
        "FirstWhere(\(upstream))"
    }
}

/// What `first` remembers between calls: the upstream to cancel, and whether it is done.
private struct FirstState {
    var upstream: (any Subscription)?
    var isDone = false
}

private struct FirstSubscriber<Downstream: Subscriber>: Subscriber {
    let downstream: Downstream
    /// Nil for `first()`: every value qualifies.
    let predicate: (@Sendable (Downstream.Input) -> Bool)?
    let state = SerialBox(FirstState())

    var effectContext: EffectContext? {
        downstream.effectContext
    }

    func receive(subscription: any Subscription) {
        state.value.upstream = subscription
        downstream.receive(subscription: subscription)
    }

    func receive(_ input: Downstream.Input) {
        guard !state.value.isDone else { return }
        if let predicate, !predicate(input) { return }
        state.value.isDone = true
        let upstream = state.value.upstream.take()
        upstream?.cancel()
        downstream.receive(input)
        downstream.receive(completion: .finished)
    }

    func receive(completion: Subscribers.Completion) {
        guard !state.value.isDone else { return }
        state.value.isDone = true
        state.value.upstream = nil
        downstream.receive(completion: completion)
    }
}
