import Effects
import Synchronization

/// Runs one effect for a store: dispatches each value, and tells the store when it is done.
///
/// The store keeps it (by `key`) until the effect finishes or is cancelled, so a running effect
/// is never released early and a finished one is never kept. A cancellation can come before the
/// effect has handed over its subscription (a store released on another thread while it starts
/// the effect); the subscription is then cancelled as soon as it arrives.
@usableFromInline
final class EffectSubscriber<State: Sendable, Action: Sendable>: Subscriber, RunningEffect {
    private let core: StoreCore<State, Action>
    private let key: UInt64
    private let link = Mutex(Link.starting)

    private enum Link {
        /// Subscribed, but the publisher has not handed over its subscription yet.
        case starting
        case running(any Subscription)
        /// Finished or cancelled: nothing more to hold.
        case ended
    }

    init(core: StoreCore<State, Action>, key: UInt64) {
        self.core = core
        self.key = key
    }

    @usableFromInline
    func receive(subscription: any Subscription) {
        let isCancelled = link.withLock { link -> Bool in
            guard case .starting = link else { return true }
            link = .running(subscription)
            return false
        }
        if isCancelled { subscription.cancel() }
    }

    @usableFromInline
    func receive(_ input: Action) {
        core.dispatch(input)
    }

    @usableFromInline
    func receive(completion: Subscribers.Completion) {
        link.withLock { $0 = .ended }
        core.effectFinished(key)
    }

    @usableFromInline
    func cancel() {
        let taken = link.withLock { link -> (any Subscription)? in
            defer { link = .ended }
            guard case .running(let subscription) = link else { return nil }
            return subscription
        }
        taken?.cancel()
    }
}

/// Where an ``EffectSubscriber`` stands with its subscription. Outside the generic class on
/// purpose: nested, it would be generic too, and its metadata looked up on every call.
private enum EffectLink {
    case starting
    case running(any Subscription)
    case ended
}
