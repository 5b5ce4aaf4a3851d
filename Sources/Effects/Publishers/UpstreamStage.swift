/// Where an operator whose own work (inner publishers, a held value) may outlive its upstream
/// stands with that upstream: `flatMap`, `switchToLatest`, a throttled effect. Kept behind the
/// owner's lock.
enum UpstreamStage {
    case awaitingSubscription
    case running(any Subscription)
    /// The upstream finished; the operator's own work may still deliver before it ends.
    case upstreamFinished
    case ended

    /// Between the subscription and the end: its work may still deliver.
    var isLive: Bool {
        switch self {
        case .running, .upstreamFinished: true
        case .awaitingSubscription, .ended: false
        }
    }

    /// False when a subscription arrived already or the operator has ended: the caller cancels.
    mutating func attach(_ subscription: any Subscription) -> Bool {
        guard case .awaitingSubscription = self else { return false }
        self = .running(subscription)
        return true
    }

    /// Ends, for a cancel: `.some` with the running upstream to cancel (if any), nil when it had
    /// ended already.
    mutating func end() -> (any Subscription)?? {
        let upstream: (any Subscription)?
        switch self {
        case .ended: return nil
        case .running(let subscription): upstream = subscription
        case .awaitingSubscription, .upstreamFinished: upstream = nil
        }
        self = .ended
        return .some(upstream)
    }
}
