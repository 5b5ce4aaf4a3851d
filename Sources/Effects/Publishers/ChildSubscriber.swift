/// An operator that subscribes to several publishers at once (its upstreams, or inner
/// publishers) and tells them apart by number: merge, concatenation, `flatMap`,
/// `switchToLatest`.
protocol ChildOwner: AnyObject, Sendable {
    associatedtype ChildInput: Sendable

    /// The downstream's effect runtime, answered by every child.
    var context: EffectContext? { get }
    func child(_ number: Int, received subscription: any Subscription)
    func child(_ number: Int, received value: ChildInput)
    func childFinished(_ number: Int)
}

/// The subscriber a ``ChildOwner`` attaches to its publisher number `number`.
struct ChildSubscriber<Owner: ChildOwner>: Subscriber {
    let owner: Owner
    let number: Int

    var effectContext: EffectContext? {
        owner.context
    }

    func receive(subscription: any Subscription) {
        owner.child(number, received: subscription)
    }

    func receive(_ input: Owner.ChildInput) {
        owner.child(number, received: input)
    }

    func receive(completion: Subscribers.Completion) {
        owner.childFinished(number)
    }
}

/// An inner publisher of `flatMap` or `switchToLatest`, while it runs.
enum InnerLink {
    /// Subscribed, its subscription not arrived yet.
    case starting
    case running(any Subscription)
}
