/// Sits between a `.cancellable` effect and its downstream while it runs, registered under its
/// id in the context.
///
/// Cancelled by the downstream, it behaves like any subscription. Cancelled by id, it cancels
/// the effect *and* finishes the downstream, so that a merge or concatenation containing it goes
/// on, and the store that started it can let it go.
final class RegisteredSubscription<Downstream: Subscriber>: Subscriber, Subscription,
    CancellableByID
{
    private let downstream: Downstream
    private let id: EffectID
    let context: EffectContext
    private let link = Lock(SubscriptionLink.starting)

    init(downstream: Downstream, id: EffectID, context: EffectContext) {
        self.downstream = downstream
        self.id = id
        self.context = context
    }

    var effectContext: EffectContext? { context }

    func start(_ effect: Effect<Downstream.Input>) {
        start { effect.subscribe($0, context: $0.context) }
    }

    /// Registers under the id, hands the downstream this subscription, then runs `subscribe`,
    /// which attaches this subscription (as the subscriber) to what it marks.
    func start(_ subscribe: (RegisteredSubscription) -> Void) {
        guard context.register(self, id: id) else { return }
        downstream.receive(subscription: self)
        if link.withLock({ $0.hasEnded }) { return }
        subscribe(self)
    }

    func receive(subscription: any Subscription) {
        if !link.withLock({ $0.attach(subscription) }) {
            subscription.cancel()
        }
    }

    func receive(_ input: Downstream.Input) {
        guard !link.withLock({ $0.hasEnded }) else { return }
        downstream.receive(input)
    }

    func receive(completion: Subscribers.Completion) {
        let (wasLive, subscription) = link.withLock { $0.endIfLive() }
        _ = subscription
        guard wasLive else { return }
        context.unregister(self, id: id)
        downstream.receive(completion: completion)
    }

    func cancel() {
        let (wasLive, subscription) = link.withLock { $0.endIfLive() }
        guard wasLive else { return }
        context.unregister(self, id: id)
        subscription?.cancel()
    }

    func cancelByID() {
        let (wasLive, subscription) = link.withLock { $0.endIfLive() }
        guard wasLive else { return }
        subscription?.cancel()
        downstream.receive(completion: .finished)
    }
}
