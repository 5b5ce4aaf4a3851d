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
    /// - Returns: A publisher of at most `maxLength` values.
    public func prefix(_ maxLength: Int) -> Publishers.Prefix<Self> {
        Publishers.Prefix(upstream: self, maxLength: maxLength)
    }
}

extension Publishers {
    /// A publisher that sends at most a given number of its upstream's values, then finishes.
    ///
    /// Combine names this type `Publishers.Output` (it also serves `output(in:)`); the operator,
    /// ``Publisher/prefix(_:)``, has Combine's name.
    public struct Prefix<Upstream: Publisher>: Publisher {
        /// The output is the upstream's.
        public typealias Output = Upstream.Output

        /// The publisher whose first values are sent.
        public let upstream: Upstream

        /// How many values to send.
        public let maxLength: Int

        /// Makes the publisher; ``Publisher/prefix(_:)`` reads better at the call site.
        ///
        /// - Parameters:
        ///   - upstream: The publisher whose first values are sent.
        ///   - maxLength: How many values to send; a negative count stops the program with a
        ///     message saying so, as in Combine.
        public init(upstream: Upstream, maxLength: Int) {
            precondition(
                maxLength >= 0, "prefix(_:) needs a count of zero or more (got \(maxLength))")
            self.upstream = upstream
            self.maxLength = maxLength
        }

        /// Attaches `subscriber`; each subscription counts on its own.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output {
            upstream.subscribe(PrefixSubscriber(downstream: subscriber, maxLength: maxLength))
        }
    }
}

extension Publishers.Prefix: CustomStringConvertible {
    /// `Prefix(<count>, <upstream>)`.
    public var description: String {
        "Prefix(\(maxLength), \(upstream))"
    }
}

/// What a prefix remembers between calls.
private struct PrefixState {
    var remaining: Int
    /// Held to cancel the upstream once the count is reached; dropped when done.
    var upstream: (any Subscription)?
    var isDone = false
}

private struct PrefixSubscriber<Downstream: Subscriber>: Subscriber {
    let downstream: Downstream
    let state: SerialBox<PrefixState>

    init(downstream: Downstream, maxLength: Int) {
        self.downstream = downstream
        state = SerialBox(PrefixState(remaining: maxLength))
    }

    var effectContext: EffectContext? {
        downstream.effectContext
    }

    func receive(subscription: any Subscription) {
        downstream.receive(subscription: subscription)
        if state.value.remaining == 0 {
            state.value.isDone = true
            subscription.cancel()
            downstream.receive(completion: .finished)
        } else {
            state.value.upstream = subscription
        }
    }

    func receive(_ input: Downstream.Input) {
        guard !state.value.isDone else { return }
        state.value.remaining -= 1
        guard state.value.remaining == 0 else {
            downstream.receive(input)
            return
        }
        // The last value allowed: the upstream is cancelled first, so that nothing it sends
        // while the downstream handles this value is kept waiting.
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
