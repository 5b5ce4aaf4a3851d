/// Subscribes to an effect only once `interval` has passed on `scheduler`: the waiting part of
/// ``Effect/debounce(id:for:scheduler:)``, which starts the work (a search, a save) only when
/// the burst is over, rather than starting it at once and delaying what it sends.
///
/// Its subscription answers its downstream's context, so ids inside the effect keep working.
struct DelayedStart<Output: Sendable>: Publisher {
    let effect: Effect<Output>
    let interval: Duration
    let scheduler: any Scheduler

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output {
        DelayedStartSubscription(downstream: subscriber, effect: effect).start(
            after: interval, on: scheduler)
    }
}

/// Waits, then runs the effect for its downstream; cancelling drops the wait or stops the effect.
private final class DelayedStartSubscription<Downstream: Subscriber>: Subscriber, Subscription {
    /// The downstream (and, until it starts, the effect) live in the stages before the end
    /// only: once finished or cancelled, the subscription holds nothing, even while the
    /// downstream holds it.
    private enum Stage {
        case waiting(Downstream, Effect<Downstream.Input>, (any Cancellable)?)
        case started(Downstream, (any Subscription)?)
        case ended

        var downstream: Downstream? {
            switch self {
            case .waiting(let downstream, _, _), .started(let downstream, _): downstream
            case .ended: nil
            }
        }
    }

    private let stage: Lock<Stage>

    init(downstream: Downstream, effect: Effect<Downstream.Input>) {
        stage = Lock(.waiting(downstream, effect, nil))
    }

    var effectContext: EffectContext? {
        stage.withLock { $0.downstream }?.effectContext
    }

    func start(after interval: Duration, on scheduler: any Scheduler) {
        guard let downstream = stage.withLock({ $0.downstream }) else { return }
        downstream.receive(subscription: self)
        if case .ended = stage.withLock({ $0 }) { return }
        let work = scheduler.schedule(after: interval) { self.begin() }
        let spent = stage.withLock { stage -> Bool in
            guard case .waiting(let downstream, let effect, nil) = stage else { return true }
            stage = .waiting(downstream, effect, work)
            return false
        }
        // Ran already (an immediate scheduler) or cancelled meanwhile: cancelling is harmless,
        // and releases work that has not run.
        if spent { work.cancel() }
    }

    private func begin() {
        let begins = stage.withLock { stage -> (Downstream, Effect<Downstream.Input>)? in
            guard case .waiting(let downstream, let effect, _) = stage else { return nil }
            stage = .started(downstream, nil)
            return (downstream, effect)
        }
        if let (downstream, effect) = begins {
            effect.subscribe(self, context: downstream.effectContext)
        }
    }

    func receive(subscription: any Subscription) {
        let kept = stage.withLock { stage -> Bool in
            guard case .started(let downstream, nil) = stage else { return false }
            stage = .started(downstream, subscription)
            return true
        }
        if !kept { subscription.cancel() }
    }

    func receive(_ input: Downstream.Input) {
        guard let downstream = stage.withLock({ $0.downstream }) else { return }
        downstream.receive(input)
    }

    func receive(completion: Subscribers.Completion) {
        let previous = stage.withLock { stage -> Stage in
            guard case .started = stage else { return .ended }
            defer { stage = .ended }
            return stage
        }
        guard case .started(let downstream, _) = previous else { return }
        downstream.receive(completion: completion)
        // The downstream and the finished effect's subscription are released here, outside
        // the lock.
    }

    func cancel() {
        let previous = stage.withLock { stage in
            defer { stage = .ended }
            return stage
        }
        switch previous {
        case .waiting(_, _, let work): work?.cancel()
        case .started(_, let subscription): subscription?.cancel()
        case .ended: break
        }
    }
}
