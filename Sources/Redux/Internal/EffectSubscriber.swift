import Effects
import Synchronization

/// Runs one effect for a store: dispatches each value, and tells the store when it is done.
///
/// The store keeps it (by `key`) until the effect finishes or is cancelled, so a running effect
/// is never released early and a finished one is never kept.
@usableFromInline
final class EffectSubscriber<State: Sendable, Action: Sendable>: Subscriber, Cancellable {
    private let core: StoreCore<State, Action>
    private let key: UInt64
    private let subscription = Mutex<(any Subscription)?>(nil)

    init(core: StoreCore<State, Action>, key: UInt64) {
        self.core = core
        self.key = key
    }

    @usableFromInline
    func receive(subscription: any Subscription) {
        self.subscription.withLock { $0 = subscription }
    }

    @usableFromInline
    func receive(_ input: Action) {
        core.dispatch(input)
    }

    @usableFromInline
    func receive(completion: Subscribers.Completion) {
        subscription.withLock { $0 = nil }
        core.effectFinished(key)
    }

    @usableFromInline
    func cancel() {
        let taken = subscription.withLock { subscription in
            defer { subscription = nil }
            return subscription
        }
        taken?.cancel()
    }
}
