extension Publisher {
    /// Calls closures when the publisher's events pass, without changing them: for logging,
    /// metrics and debugging.
    ///
    /// ```swift
    /// search
    ///     .handleEvents(receiveOutput: { print("results:", $0) }, receiveCancel: { print("cancelled") })
    /// ```
    ///
    /// Each closure runs before the event goes on downstream. There is no `receiveRequest`, as
    /// there is no demand in this package.
    ///
    /// - Parameters:
    ///   - receiveSubscription: Called with the upstream's subscription when it arrives.
    ///   - receiveOutput: Called with every value.
    ///   - receiveCompletion: Called when the upstream finishes.
    ///   - receiveCancel: Called when the downstream cancels (once, and not after the upstream
    ///     has finished).
    public func handleEvents(
        receiveSubscription: (@Sendable (any Subscription) -> Void)? = nil,
        receiveOutput: (@Sendable (Output) -> Void)? = nil,
        receiveCompletion: (@Sendable (Subscribers.Completion) -> Void)? = nil,
        receiveCancel: (@Sendable () -> Void)? = nil
    ) -> Publishers.HandleEvents<Self> {
        Publishers.HandleEvents(
            upstream: self,
            receiveSubscription: receiveSubscription,
            receiveOutput: receiveOutput,
            receiveCompletion: receiveCompletion,
            receiveCancel: receiveCancel
        )
    }
}

extension Publishers {
    /// A publisher that calls closures as its upstream's events pass.
    public struct HandleEvents<Upstream: Publisher>: Publisher, CustomStringConvertible {
        /// The output is the upstream's.
        public typealias Output = Upstream.Output

        /// The publisher whose events are watched.
        public let upstream: Upstream

        /// Called with the upstream's subscription when it arrives.
        public let receiveSubscription: (@Sendable (any Subscription) -> Void)?

        /// Called with every value.
        public let receiveOutput: (@Sendable (Output) -> Void)?

        /// Called when the upstream finishes.
        public let receiveCompletion: (@Sendable (Subscribers.Completion) -> Void)?

        /// Called when the downstream cancels.
        public let receiveCancel: (@Sendable () -> Void)?

        /// Makes the publisher; ``Publisher/handleEvents(receiveSubscription:receiveOutput:receiveCompletion:receiveCancel:)``
        /// reads better at the call site.
        public init(
            upstream: Upstream,
            receiveSubscription: (@Sendable (any Subscription) -> Void)? = nil,
            receiveOutput: (@Sendable (Output) -> Void)? = nil,
            receiveCompletion: (@Sendable (Subscribers.Completion) -> Void)? = nil,
            receiveCancel: (@Sendable () -> Void)? = nil
        ) {
            self.upstream = upstream
            self.receiveSubscription = receiveSubscription
            self.receiveOutput = receiveOutput
            self.receiveCompletion = receiveCompletion
            self.receiveCancel = receiveCancel
        }

        /// Attaches `subscriber` through the closures.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output {
            let hooks = EventHooks(
                receiveSubscription: receiveSubscription,
                receiveOutput: receiveOutput,
                receiveCompletion: receiveCompletion,
                receiveCancel: receiveCancel
            )
            upstream.subscribe(HandleEventsSubscription(downstream: subscriber, hooks: hooks))
        }

        /// `HandleEvents(<upstream>)`.
        public var description: String { "HandleEvents(\(upstream))" }
    }
}

private struct EventHooks<Output: Sendable>: Sendable {
    let receiveSubscription: (@Sendable (any Subscription) -> Void)?
    let receiveOutput: (@Sendable (Output) -> Void)?
    let receiveCompletion: (@Sendable (Subscribers.Completion) -> Void)?
    let receiveCancel: (@Sendable () -> Void)?
}

/// Stands between the downstream and the upstream's subscription so that a cancel can be seen.
private final class HandleEventsSubscription<Downstream: Subscriber>: Subscriber, Subscription {
    private typealias Live = (
        downstream: Downstream, hooks: EventHooks<Downstream.Input>, upstream: (any Subscription)?
    )

    /// Nil once the completion or a cancel has come: nothing is kept after the end.
    private let live: Lock<Live?>

    init(downstream: Downstream, hooks: EventHooks<Downstream.Input>) {
        live = Lock((downstream, hooks, nil))
    }

    var effectContext: EffectContext? { live.withLock { $0?.downstream }?.effectContext }

    func receive(subscription: any Subscription) {
        live.withLock { $0?.hooks.receiveSubscription }?(subscription)
        let downstream = live.withLock { live -> Downstream? in
            guard live != nil, live?.upstream == nil else { return nil }
            live?.upstream = subscription
            return live?.downstream
        }
        guard let downstream else {
            subscription.cancel()
            return
        }
        downstream.receive(subscription: self)
    }

    func receive(_ input: Downstream.Input) {
        guard let (downstream, hooks, _) = live.withLock({ $0 }) else { return }
        hooks.receiveOutput?(input)
        downstream.receive(input)
    }

    func receive(completion: Subscribers.Completion) {
        guard let (downstream, hooks, upstream) = live.withLock({ $0.take() }) else { return }
        hooks.receiveCompletion?(completion)
        downstream.receive(completion: completion)
        _ = upstream
    }

    func cancel() {
        guard let (_, hooks, upstream) = live.withLock({ $0.take() }) else { return }
        hooks.receiveCancel?()
        upstream?.cancel()
    }
}
