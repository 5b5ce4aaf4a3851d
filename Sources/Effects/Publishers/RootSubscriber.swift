/// The subscriber at the top of an effect a context runs: it answers the context to everything
/// above it and keeps the effect counted as running until it finishes, is cancelled (by its
/// downstream, without a completion, or by its id) or the context closes. A stop that comes
/// before the effect's subscription cancels that subscription as it arrives.
final class RootSubscriber<Downstream: Subscriber>: RunningEffect, Subscriber, Subscription {
    private let downstream: Downstream
    private let context: EffectContext
    /// The id it is registered under (resolved in its scope), if any.
    private let id: EffectID?
    private let link = Lock(SubscriptionLink.starting)

    init(downstream: Downstream, context: EffectContext, id: EffectID?) {
        self.downstream = downstream
        self.context = context
        self.id = id
    }

    var effectContext: EffectContext? { context }

    func receive(subscription: any Subscription) {
        if !link.withLock({ $0.attach(subscription) }) {
            subscription.cancel()
        }
    }

    func receive(_ input: Downstream.Input) {
        downstream.receive(input)
    }

    func receive(completion: Subscribers.Completion) {
        let (wasLive, subscription) = link.withLock { $0.endIfLive() }
        _ = subscription
        guard wasLive else { return }
        context.end(self, id: id)
        downstream.receive(completion: completion)
    }

    func cancel() {
        end(finishingDownstream: false)
    }

    /// Stops the effect and finishes the downstream, which may be waiting for it.
    func cancelByID() {
        end(finishingDownstream: true)
    }

    private func end(finishingDownstream: Bool) {
        let (wasLive, subscription) = link.withLock { $0.endIfLive() }
        guard wasLive else { return }
        context.end(self, id: id)
        subscription?.cancel()
        if finishingDownstream { downstream.receive(completion: .finished) }
    }

    func stop() {
        link.withLock { $0.end() }?.cancel()
    }

    var hasEnded: Bool { link.withLock { $0.hasEnded } }
}

/// Where a subscriber that must be able to cancel its upstream stands.
enum SubscriptionLink {
    case starting
    case running(any Subscription)
    case ended

    /// False if the link has ended or already holds one: the caller cancels it.
    mutating func attach(_ subscription: any Subscription) -> Bool {
        guard case .starting = self else { return false }
        self = .running(subscription)
        return true
    }

    /// The subscription it held, to cancel or release outside the lock.
    @discardableResult
    mutating func end() -> (any Subscription)? {
        defer { self = .ended }
        guard case .running(let subscription) = self else { return nil }
        return subscription
    }

    /// Whether this call ended it, and the subscription it held.
    mutating func endIfLive() -> (ended: Bool, subscription: (any Subscription)?) {
        if hasEnded { return (false, nil) }
        return (true, end())
    }

    var hasEnded: Bool {
        if case .ended = self { return true }
        return false
    }
}
