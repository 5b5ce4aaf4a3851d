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
    /// - Returns: A publisher of the same events.
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
    public struct HandleEvents<Upstream: Publisher>: Publisher {
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
        ///
        /// - Parameters:
        ///   - upstream: The publisher whose events are watched.
        ///   - receiveSubscription: Called with the upstream's subscription when it arrives.
        ///   - receiveOutput: Called with every value.
        ///   - receiveCompletion: Called when the upstream finishes.
        ///   - receiveCancel: Called when the downstream cancels.
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
    }
}

extension Publishers.HandleEvents: CustomStringConvertible {
    /// `HandleEvents(<upstream>)`.
    public var description: String {
        "HandleEvents(\(upstream))"
    }
}

/// The closures of a ``Publishers/HandleEvents``, without the upstream: what a subscription
/// keeps.
private struct EventHooks<Output: Sendable>: Sendable {
    let receiveSubscription: (@Sendable (any Subscription) -> Void)?
    let receiveOutput: (@Sendable (Output) -> Void)?
    let receiveCompletion: (@Sendable (Subscribers.Completion) -> Void)?
    let receiveCancel: (@Sendable () -> Void)?
}

/// Calls the hooks as events pass, and stands between the downstream and the upstream's
/// subscription so that a cancel can be seen.
private final class HandleEventsSubscription<Downstream: Subscriber>: Subscriber, Subscription {
    private let downstream: Downstream
    private let hooks: EventHooks<Downstream.Input>
    private let link = Lock(SubscriptionLink.starting)

    init(downstream: Downstream, hooks: EventHooks<Downstream.Input>) {
        self.downstream = downstream
        self.hooks = hooks
    }

    var effectContext: EffectContext? {
        downstream.effectContext
    }

    func receive(subscription: any Subscription) {
        hooks.receiveSubscription?(subscription)
        guard link.withLock({ $0.attach(subscription) }) else {
            subscription.cancel()
            return
        }
        downstream.receive(subscription: self)
    }

    func receive(_ input: Downstream.Input) {
        hooks.receiveOutput?(input)
        downstream.receive(input)
    }

    func receive(completion: Subscribers.Completion) {
        let (wasLive, subscription) = link.withLock { $0.endIfLive() }
        _ = subscription
        guard wasLive else { return }
        hooks.receiveCompletion?(completion)
        downstream.receive(completion: completion)
    }

    func cancel() {
        let (wasLive, subscription) = link.withLock { $0.endIfLive() }
        guard wasLive else { return }
        hooks.receiveCancel?()
        subscription?.cancel()
    }
}
