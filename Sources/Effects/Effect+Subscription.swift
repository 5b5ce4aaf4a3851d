extension Effect {
    /// Runs the effect for `subscriber`, in the subscriber's effect runtime, if it has one.
    ///
    /// Inside a store every subscriber answers the store's ``EffectContext``, so ids work at
    /// any depth; subscribed to directly (a `sink`), `.cancellable` runs its effect unchanged and
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
        case .publisher(let publisher):
            publisher.receive(subscriber: subscriber)
        case .merge(let effects):
            MergeSubscription(downstream: subscriber, upstreamCount: effects.count)
                .start(effects.map { effect in { effect.subscribe($0, context: context) } })
        case .concatenate(let effects):
            ConcatenateSubscription(
                downstream: subscriber,
                starts: effects.map { effect in { effect.subscribe($0, context: context) } }
            ).start()
        case .cancellable(let node):
            guard let context else {
                node.effect.subscribe(subscriber, context: nil)
                return
            }
            if node.cancelInFlight {
                context.cancel(id: node.id)
            }
            if let delayed = node.delayed, let value = delayed.value {
                DelayedValue(
                    value, to: subscriber, context: context, identified: node, isRoot: false
                )
                .start(after: delayed.interval, onAny: delayed.scheduler)
            } else {
                RegisteredSubscription(downstream: subscriber, id: node.id, context: context).start(
                    node.effect)
            }
        case .cancel(let id):
            context?.cancel(id: id)
            subscriber.receive(subscription: Subscriptions.empty)
            subscriber.receive(completion: .finished)
        case .delayed(let node):
            if let value = node.value {
                DelayedValue(
                    value, to: subscriber, context: context, identified: nil, isRoot: false
                )
                .start(after: node.interval, onAny: node.scheduler)
            } else {
                subscribeDelayed(node.effect, by: node.interval, on: node.scheduler, subscriber)
            }
        case .debounced(let node):
            // `.cancellable(id:cancelInFlight: true)` around a wait that starts the effect.
            guard let context else {
                DelayedStart(
                    effect: node.effect, interval: node.interval, scheduler: node.scheduler
                ).subscribe(subscriber)
                return
            }
            context.cancel(id: node.id)
            if case .just(let value) = node.effect.operation {
                DelayedValue(
                    value, to: subscriber, context: context, identified: node, isRoot: false
                )
                .start(after: node.interval, onAny: node.scheduler)
            } else {
                RegisteredSubscription(downstream: subscriber, id: node.id, context: context).start
                { registered in
                    DelayedStart(
                        effect: node.effect, interval: node.interval, scheduler: node.scheduler
                    ).subscribe(registered)
                }
            }
        case .throttled(let node):
            // `.cancellable(id:cancelInFlight: true)` around the effect, whose values go through
            // the context's memory of the id.
            guard let context else {
                node.effect.subscribe(
                    ThrottledEffectSubscription(
                        downstream: subscriber, node: node, memory: ThrottleMemory()), context: nil)
                return
            }
            context.cancel(id: node.id)
            RegisteredSubscription(downstream: subscriber, id: node.id, context: context).start {
                registered in
                node.effect.subscribe(
                    ThrottledEffectSubscription(
                        downstream: registered, node: node, memory: context.throttles),
                    context: context
                )
            }
        }
    }
}

/// Runs `effect` through a `Publishers.Delay` on `scheduler`, whose concrete type is opened
/// from the existential here. The relay answers its downstream's context, so ids inside the
/// delayed effect keep working.
private func subscribeDelayed<Output, Context: Scheduler, S: Subscriber>(
    _ effect: Effect<Output>,
    by interval: Duration,
    on scheduler: Context,
    _ subscriber: S
) where S.Input == Output {
    Publishers.Delay(upstream: effect, interval: interval, scheduler: scheduler).subscribe(
        subscriber)
}
