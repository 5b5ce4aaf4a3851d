extension Effect {
    /// Runs the effect for `subscriber`, ignoring cancellation ids.
    ///
    /// Stores run effects with a registry of their own, which gives the ids their meaning.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output {
        subscribe(subscriber, registry: nil)
    }

    /// Runs the effect for `subscriber`; `.cancellable` parts are registered in `registry`
    /// while they run, and `.cancel(id:)` parts cancel through it.
    package func subscribe<S: Subscriber>(_ subscriber: S, registry: CancellationRegistry?) where S.Input == Output {
        switch operation {
        case .none:
            subscriber.receive(subscription: Subscriptions.empty)
            subscriber.receive(completion: .finished)
        case .just(let value):
            Just(value).receive(subscriber: subscriber)
        case .publisher(let publisher):
            publisher.receive(subscriber: subscriber)
        case .merge(let effects):
            MergeSubscription(downstream: subscriber, upstreamCount: effects.count)
                .start(effects.map { effect in { effect.subscribe($0, registry: registry) } })
        case .concatenate(let effects):
            ConcatenateSubscription(
                downstream: subscriber,
                starts: effects.map { effect in { effect.subscribe($0, registry: registry) } }
            ).start()
        case .cancellable(let id, let cancelInFlight, let effect):
            guard let registry else {
                effect.subscribe(subscriber, registry: nil)
                return
            }
            if cancelInFlight {
                registry.cancel(id: id)
            }
            let registered = RegisteredSubscription(downstream: subscriber, id: id, registry: registry)
            registry.insert(registered, id: id)
            effect.subscribe(registered, registry: registry)
        case .cancel(let id):
            registry?.cancel(id: id)
            subscriber.receive(subscription: Subscriptions.empty)
            subscriber.receive(completion: .finished)
        }
    }
}
