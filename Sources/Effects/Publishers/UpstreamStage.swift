/// Where an operator stands with its upstream when its own work (inner publishers, a held
/// value) may outlive that upstream: `flatMap`, `switchToLatest`, a throttled effect.
///
/// Its owner keeps it behind its lock, beside the rest of its state.
enum UpstreamStage {
    case awaitingSubscription
    case running(any Subscription)
    /// The upstream finished; the operator's own work may still deliver before it ends.
    case upstreamFinished
    case ended

    /// Keeps the upstream's subscription; false when one arrived already or the operator has
    /// ended, and the caller cancels it.
    mutating func attach(_ subscription: any Subscription) -> Bool {
        guard case .awaitingSubscription = self else { return false }
        self = .running(subscription)
        return true
    }

    /// Ends, for a cancel: the upstream to cancel (nil when there is none running), or nil
    /// overall when it had ended already.
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
