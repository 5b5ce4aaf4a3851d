import Synchronization

/// Something whose work can be stopped.
///
/// Subscriptions and scheduled work are cancellable. `cancel()` must be safe to call more than
/// once and from any thread.
public protocol Cancellable: Sendable {
    /// Stops the work and releases what it holds.
    func cancel()
}

/// A type-erased cancellable that cancels when it is released.
///
/// `sink` returns one: keep it for as long as you want the values. Store several in a set or
/// an array with `store(in:)`.
///
/// ```swift
/// var cancellables = Set<AnyCancellable>()
/// publisher.sink { print($0) }.store(in: &cancellables)
/// ```
public final class AnyCancellable: Cancellable, Hashable {
    @usableFromInline let onCancel: Mutex<(@Sendable () -> Void)?>

    /// Wraps a closure that is called once, on the first `cancel()` or on release.
    ///
    /// - Parameter cancel: The work that stops whatever is running.
    @inlinable
    public init(_ cancel: @escaping @Sendable () -> Void) {
        onCancel = Mutex(cancel)
    }

    /// Wraps another cancellable, which is cancelled once, on the first `cancel()` or on release.
    ///
    /// - Parameter cancellable: The cancellable to wrap.
    @inlinable
    public convenience init(_ cancellable: some Cancellable) {
        self.init { cancellable.cancel() }
    }

    /// The cancellable that synchronous publishers return from `sink`: by the time it is
    /// returned there is nothing left to cancel, so one shared instance serves them all.
    @usableFromInline
    static let finished = AnyCancellable()

    @inlinable
    init() {
        onCancel = Mutex(nil)
    }

    deinit {
        cancel()
    }

    /// Cancels the wrapped work. Later calls do nothing.
    public func cancel() {
        let cancel = onCancel.withLock { onCancel in
            defer { onCancel = nil }
            return onCancel
        }
        cancel?()
    }

    /// Keeps this cancellable alive in `set` (the usual way to hold several).
    ///
    /// - Parameter set: The set that owns it from now on.
    public func store(in set: inout Set<AnyCancellable>) {
        set.insert(self)
    }

    /// Keeps this cancellable alive in `collection`.
    ///
    /// - Parameter collection: The collection that owns it from now on.
    public func store<C: RangeReplaceableCollection>(in collection: inout C) where C.Element == AnyCancellable {
        collection.append(self)
    }

    /// Two cancellables are equal when they are the same instance.
    public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool {
        lhs === rhs
    }

    /// Hashes the instance's identity.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}
