import Effects

/// Like `Just`, but through a subscription object of its own, which the tracker watches: it
/// must be released once the value is delivered, or the effect cancelled.
struct ProbeJust<Output: Sendable>: Publisher {
    let value: Output
    let tracker: LifetimeTracker

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output {
        let subscription = ProbeSubscription(downstream: subscriber, tracker: tracker)
        subscriber.receive(subscription: subscription)
        subscription.send(value)
    }
}

/// A publisher that never sends anything and never finishes: an effect that outlives its
/// screen. Its subscription holds its subscriber until cancelled, which must release both.
struct ProbeNever<Output: Sendable>: Publisher {
    let tracker: LifetimeTracker

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output {
        subscriber.receive(
            subscription: ProbeSubscription(downstream: subscriber, tracker: tracker))
    }
}

/// The watched subscription of the probe publishers.
final class ProbeSubscription<Downstream: Subscriber>: Subscription {
    private let downstream: Lock<Downstream?>
    private let lifetime: Lifetime

    init(downstream: Downstream, tracker: LifetimeTracker) {
        self.downstream = Lock(downstream)
        lifetime = Lifetime(tracker)
        tracker.watch(self)
    }

    /// Sends `value` and finishes, unless cancelled first.
    func send(_ value: Downstream.Input) {
        let taken = downstream.withLock { downstream in
            defer { downstream = nil }
            return downstream
        }
        guard let taken else { return }
        taken.receive(value)
        taken.receive(completion: .finished)
    }

    func cancel() {
        let dropped = downstream.withLock { downstream in
            defer { downstream = nil }
            return downstream
        }
        _ = dropped
    }
}
