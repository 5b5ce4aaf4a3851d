extension Effect {
    /// Runs the effect for `subscriber`, in the subscriber's effect runtime, if it has one.
    ///
    /// Subscribed to directly (a `sink`), `.cancellable` runs its effect unchanged and
    /// `.cancel(id:)` just finishes.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output {
        subscribe(subscriber, context: subscriber.effectContext)
    }

    /// Runs the effect for `subscriber`; `.cancellable` parts are registered in `context` while
    /// they run, and `.cancel(id:)` parts cancel through it.
    package func subscribe<S: Subscriber>(_ subscriber: S, context: EffectContext?)
    where S.Input == Output {
        switch operation {
        case .none:
            subscriber.receive(subscription: Subscriptions.empty)
            subscriber.receive(completion: .finished)
        case .just(let value):
            Just(value).receive(subscriber: subscriber)
        case .node(let node):
            node.subscribe(subscriber, context: context)
        }
    }
}
