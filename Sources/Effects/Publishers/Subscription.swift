/// The link between a publisher and one subscriber: cancel it to stop the delivery.
///
/// Cancelling is idempotent and thread-safe. After `cancel()` returns, no further value or
/// completion reaches the subscriber, except for a delivery that had already started on another
/// thread at that moment.
///
/// Subscriptions are objects: the publisher and the subscriber share one, and keeping them
/// class-bound makes holding and releasing one as cheap as a pointer.
public protocol Subscription: Cancellable, AnyObject {}

/// A namespace for ready-made subscriptions, as in Combine.
public enum Subscriptions {
    /// A subscription that does nothing when cancelled.
    ///
    /// Publishers that deliver everything synchronously (``Just``, ``Empty``) hand this out:
    /// there is nothing to stop, and sharing one instance keeps them allocation-free.
    public static let empty: any Subscription = EmptySubscription()
}

private final class EmptySubscription: Subscription {
    func cancel() {}
}
