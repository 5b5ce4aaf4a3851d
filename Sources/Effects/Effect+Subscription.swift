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
        case .cancellable(let node):
            let (id, cancelInFlight, effect) = (node.id, node.cancelInFlight, node.effect)
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
        case .delayed(let node):
            subscribeDelayed(node.effect, by: node.interval, on: node.scheduler, subscriber, registry: registry)
        }
    }
}

/// Runs `effect` through a `Publishers.Delay` on `scheduler`, whose concrete type is opened
/// from the existential here.
private func subscribeDelayed<Output, Context: Scheduler, S: Subscriber>(
    _ effect: Effect<Output>,
    by interval: Duration,
    on scheduler: Context,
    _ subscriber: S,
    registry: CancellationRegistry?
) where S.Input == Output {
    let upstream = RegistryCarryingEffect(effect: effect, registry: registry)
    Publishers.Delay(upstream: upstream, interval: interval, scheduler: scheduler).subscribe(subscriber)
}

/// An effect that keeps its store's registry when wrapped in a publisher operator, so that ids
/// inside a delayed effect still work.
private struct RegistryCarryingEffect<Output: Sendable>: Publisher {
    let effect: Effect<Output>
    let registry: CancellationRegistry?

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output {
        effect.subscribe(subscriber, registry: registry)
    }
}
