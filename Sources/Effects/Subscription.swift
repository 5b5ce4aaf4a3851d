/// The link between a publisher and one subscriber: cancel it to stop the delivery.
///
/// Cancelling is idempotent and thread-safe. After `cancel()` returns, no further value or
/// completion reaches the subscriber, except for a delivery that had already started on another
/// thread at that moment.
public protocol Subscription: Cancellable {}

/// A namespace for ready-made subscriptions, as in Combine.
public enum Subscriptions {
    /// A subscription that does nothing when cancelled.
    ///
    /// Publishers that deliver everything synchronously (``Just``, ``Empty``) hand this out:
    /// there is nothing to stop, and sharing one instance keeps them allocation-free.
    public static let empty: any Subscription = EmptySubscription()
}

private struct EmptySubscription: Subscription {
    func cancel() {}
}
