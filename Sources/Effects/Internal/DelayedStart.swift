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
    private enum Stage {
        /// The scheduled work's handle, once `schedule` has returned it.
        case waiting((any Cancellable)?)
        /// The effect runs; its subscription once it has arrived.
        case started((any Subscription)?)
        case ended
    }

    private let downstream: Downstream
    private let effect: Effect<Downstream.Input>
    private let stage = Lock(Stage.waiting(nil))

    init(downstream: Downstream, effect: Effect<Downstream.Input>) {
        self.downstream = downstream
        self.effect = effect
    }

    var effectContext: EffectContext? {
        downstream.effectContext
    }

    func start(after interval: Duration, on scheduler: any Scheduler) {
        downstream.receive(subscription: self)
        if case .ended = stage.withLock({ $0 }) { return }
        let work = scheduler.schedule(after: interval) { self.begin() }
        let spent = stage.withLock { stage -> Bool in
            guard case .waiting(nil) = stage else { return true }
            stage = .waiting(work)
            return false
        }
        // Ran already (an immediate scheduler) or cancelled meanwhile: cancelling is harmless,
        // and releases work that has not run.
        if spent { work.cancel() }
    }

    private func begin() {
        let begins = stage.withLock { stage -> Bool in
            guard case .waiting = stage else { return false }
            stage = .started(nil)
            return true
        }
        if begins {
            effect.subscribe(self, context: downstream.effectContext)
        }
    }

    func receive(subscription: any Subscription) {
        let kept = stage.withLock { stage -> Bool in
            guard case .started(nil) = stage else { return false }
            stage = .started(subscription)
            return true
        }
        if !kept { subscription.cancel() }
    }

    func receive(_ input: Downstream.Input) {
        downstream.receive(input)
    }

    func receive(completion: Subscribers.Completion) {
        let previous = stage.withLock { stage -> Stage in
            guard case .started = stage else { return .ended }
            defer { stage = .ended }
            return stage
        }
        guard case .started = previous else { return }
        downstream.receive(completion: completion)
    }

    func cancel() {
        let previous = stage.withLock { stage in
            defer { stage = .ended }
            return stage
        }
        switch previous {
        case .waiting(let work): work?.cancel()
        case .started(let subscription): subscription?.cancel()
        case .ended: break
        }
    }
}
