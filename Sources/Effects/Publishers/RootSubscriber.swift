/// Stands between a running effect and its downstream, answering its context to everything
/// above it, in one of two roles:
///
/// - a root, at the top of an effect a context runs: counted as running until it finishes, is
///   cancelled (by its downstream, without a completion, or by its id) or the context closes;
/// - a member, around a `.cancellable` part of an effect: registered under its id while it runs.
///
/// Cancelled by id, either one cancels its upstream *and* finishes the downstream, so that a
/// merge or concatenation containing it goes on, and the store that started it can let it go. A
/// stop that comes before the upstream's subscription cancels that subscription as it arrives.
final class RootSubscriber<Downstream: Subscriber>: RunningEffect, Subscriber, Subscription {
    enum Role {
        /// The id it is registered under (resolved in its scope), if any.
        case root(EffectID?)
        case member(EffectID)
    }

    private let downstream: Downstream
    let context: EffectContext
    private let role: Role
    private let link = Lock(SubscriptionLink.starting)

    init(downstream: Downstream, context: EffectContext, id: EffectID?) {
        self.downstream = downstream
        self.context = context
        role = .root(id)
    }

    /// A member, registered under `id` when it starts.
    init(downstream: Downstream, id: EffectID, context: EffectContext) {
        self.downstream = downstream
        self.context = context
        role = .member(id)
    }

    var effectContext: EffectContext? { context }

    func start(_ effect: Effect<Downstream.Input>) {
        start { effect.subscribe($0, context: $0.context) }
    }

    /// A member's start: registers under its id, hands the downstream this subscription, then
    /// runs `subscribe`, which attaches this subscription (as the subscriber) to what it marks.
    func start(_ subscribe: (RootSubscriber) -> Void) {
        guard case .member(let id) = role, context.register(self, id: id) else { return }
        downstream.receive(subscription: self)
        if hasEnded { return }
        subscribe(self)
    }

    func receive(subscription: any Subscription) {
        if !link.withLock({ $0.attach(subscription) }) {
            subscription.cancel()
        }
    }

    func receive(_ input: Downstream.Input) {
        if case .member = role, hasEnded { return }
        downstream.receive(input)
    }

    func receive(completion: Subscribers.Completion) {
        let (wasLive, subscription) = link.withLock { $0.endIfLive() }
        _ = subscription
        guard wasLive else { return }
        leaveContext(byID: false)
        downstream.receive(completion: completion)
    }

    func cancel() {
        end(byID: false)
    }

    /// Stops the effect and finishes the downstream, which may be waiting for it.
    func cancelByID() {
        end(byID: true)
    }

    private func end(byID: Bool) {
        let (wasLive, subscription) = link.withLock { $0.endIfLive() }
        guard wasLive else { return }
        leaveContext(byID: byID)
        subscription?.cancel()
        if byID { downstream.receive(completion: .finished) }
    }

    /// A member cancelled by id has been taken out of the id's group by the context already.
    private func leaveContext(byID: Bool) {
        switch role {
        case .root(let id): context.end(self, id: id)
        case .member(let id): if !byID { context.unregister(self, id: id) }
        }
    }

    /// A root stops without a word; a member, which a closing context treats as any part
    /// registered under an id, is cancelled by id.
    func stop() {
        if case .member = role { return cancelByID() }
        link.withLock { $0.end() }?.cancel()
    }

    var hasEnded: Bool { link.withLock { $0.hasEnded } }
}

/// A `.cancellable` part's subscriber: a ``RootSubscriber`` in the member role.
typealias RegisteredSubscription<Downstream: Subscriber> = RootSubscriber<Downstream>

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
        hasEnded ? (false, nil) : (true, end())
    }

    var hasEnded: Bool { if case .ended = self { true } else { false } }
}
