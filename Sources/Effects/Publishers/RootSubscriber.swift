/// The subscriber at the top of an effect a context runs: it passes values on, answers the
/// context to everything above it, and keeps the effect counted as running until it finishes,
/// is cancelled (by its downstream, or by its id if it has one), or the context closes.
///
/// It is also the subscription its downstream gets for the running effect: cancelling it stops
/// the effect and forgets it, without a completion (the downstream asked for the end).
///
/// A stop can come before the effect has handed over its subscription (a store released on
/// another thread while the effect starts); the subscription is then cancelled as it arrives.
final class RootSubscriber<Downstream: Subscriber>: RunningEffect, Subscriber, Subscription {
    private let downstream: Downstream
    private let context: EffectContext
    /// The id the root is registered under in its context, for a `.cancellable` (or debounced)
    /// effect started as a root, as the context's books name it (resolved in its scope); nil
    /// for none.
    private let id: EffectID?
    private let link = Lock(SubscriptionLink.starting)

    init(downstream: Downstream, context: EffectContext, id: EffectID?) {
        self.downstream = downstream
        self.context = context
        self.id = id
    }

    var effectContext: EffectContext? {
        context
    }

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
        // Stopped or cancelled first: the context has let it go already, and the downstream
        // expects nothing more.
        guard wasLive else { return }
        context.end(self, id: id)
        downstream.receive(completion: completion)
    }

    func cancel() {
        let (wasLive, subscription) = link.withLock { $0.endIfLive() }
        guard wasLive else { return }
        context.end(self, id: id)
        subscription?.cancel()
    }

    /// Cancelled by id: the context has taken it out of the id's group; it stops the effect and
    /// finishes the downstream, which may be waiting for it.
    func cancelByID() {
        let (wasLive, subscription) = link.withLock { $0.endIfLive() }
        guard wasLive else { return }
        context.end(self, id: id)
        subscription?.cancel()
        downstream.receive(completion: .finished)
    }

    func stop() {
        link.withLock { $0.end() }?.cancel()
    }

    /// Whether it has finished, been cancelled or stopped.
    var hasEnded: Bool {
        link.withLock { $0.hasEnded }
    }
}

/// Where a subscriber that keeps its upstream's subscription stands: one state machine for the
/// runtime's subscribers that must be able to cancel what they are attached to.
enum SubscriptionLink {
    /// Attached, but the subscription has not arrived yet.
    case starting
    case running(any Subscription)
    /// Finished or cancelled: nothing more to hold.
    case ended

    /// Keeps `subscription`; false if the link has ended already (the caller cancels it) or
    /// already holds one (a publisher that subscribed twice).
    mutating func attach(_ subscription: any Subscription) -> Bool {
        guard case .starting = self else { return false }
        self = .running(subscription)
        return true
    }

    /// Ends the link; returns the subscription it held, for the caller to cancel or release
    /// outside the lock.
    @discardableResult
    mutating func end() -> (any Subscription)? {
        defer { self = .ended }
        guard case .running(let subscription) = self else { return nil }
        return subscription
    }

    /// Ends the link if it had not ended: returns whether this call ended it, and the
    /// subscription it held, for the caller to cancel or release outside the lock.
    mutating func endIfLive() -> (ended: Bool, subscription: (any Subscription)?) {
        if hasEnded { return (false, nil) }
        return (true, end())
    }

    var hasEnded: Bool {
        if case .ended = self { return true }
        return false
    }
}
