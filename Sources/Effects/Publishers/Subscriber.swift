/// A type that receives values from a publisher.
///
/// A subscriber first gets a ``Subscription`` (which it keeps to cancel later), then every value
/// through ``receive(_:)``, then at most one ``receive(completion:)``. Calls are serial but may
/// come from any thread, which is why subscribers are `Sendable`.
///
/// There is no demand to return: subscriptions in this package are always unlimited.
public protocol Subscriber<Input>: Sendable {
    /// The kind of value this subscriber receives.
    associatedtype Input: Sendable

    /// Tells the subscriber that it is attached; cancel `subscription` to stop receiving.
    func receive(subscription: any Subscription)

    /// Delivers one value.
    func receive(_ input: Input)

    /// Tells the subscriber that no more values will arrive; always `.finished`, since effects
    /// never fail.
    func receive(completion: Subscribers.Completion)

    /// The effect runtime this subscriber works for, if any: a store's ``EffectContext``.
    ///
    /// A store subscribes to an effect with a subscriber that answers its own context; every
    /// operator's subscriber answers its downstream's, so the context travels up the chain to
    /// each ``Effect`` inside it, however deeply it is wrapped. That is how
    /// ``Effect/cancellable(id:cancelInFlight:)`` and ``Effect/cancel(id:)`` keep their meaning
    /// under `map`, `receive(on:)` or any other operator. Write your own operator's subscriber
    /// the same way (`downstream.effectContext`); other subscribers need not implement it: the
    /// default is nil.
    var effectContext: EffectContext? { get }
}

extension Subscriber {
    /// No effect runtime: ids inside the publisher mean nothing.
    @inlinable
    public var effectContext: EffectContext? { nil }
}

/// A namespace for subscriber types and the completion signal, as in Combine.
public enum Subscribers {
    /// How a publisher ended: always `.finished`, since publishers here never fail; an enum so
    /// that code written against Combine's `Subscribers.Completion` reads the same.
    public enum Completion: Sendable, Hashable {
        /// The publisher sent all its values.
        case finished
    }
}
