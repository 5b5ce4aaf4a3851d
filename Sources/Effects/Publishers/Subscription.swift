/// The link between a publisher and one subscriber: cancel it to stop the delivery.
///
/// Cancelling is idempotent and thread-safe. After `cancel()` returns, no further value or
/// completion reaches the subscriber, except for a delivery that had already started on another
/// thread at that moment.
public protocol Subscription: Cancellable, AnyObject {}

/// A namespace for ready-made subscriptions, as in Combine.
public enum Subscriptions {
    /// A subscription that does nothing when cancelled, for publishers that deliver everything
    /// synchronously (``Just``, ``Empty``).
    public static let empty: any Subscription = EmptySubscription()
}

private final class EmptySubscription: Subscription {
    func cancel() {}
}

/// The subscription of a publisher that delivers inside `subscribe` (``Just``, a sequence): a
/// flag read before each value, not a lock (Performance article's decision log).
@usableFromInline
final class FlagSubscription: Subscription {
    @usableFromInline let live = OneWayFlag()

    @inlinable
    init() {}

    @inlinable
    var isCancelled: Bool { !live.isOn }

    @usableFromInline
    func cancel() {
        live.turnOff()
    }
}
