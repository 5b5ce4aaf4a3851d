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
    // The wrapped cancellable itself, not a closure calling it: a class (a subscription) or a
    // closure's two words fit in the enum's inline storage, so wrapping allocates nothing
    // beyond this object. Taken out once, by the first `cancel()` or by the deinit.
    @usableFromInline let held: Lock<Held>

    /// Wraps a closure that is called once, on the first `cancel()` or on release.
    ///
    /// - Parameter cancel: The work that stops whatever is running.
    @inlinable
    public init(_ cancel: @escaping @Sendable () -> Void) {
        held = Lock(.closure(cancel))
    }

    /// Wraps another cancellable, which is cancelled once, on the first `cancel()` or on release.
    ///
    /// - Parameter cancellable: The cancellable to wrap.
    @inlinable
    public init(_ cancellable: some Cancellable) {
        held = Lock(.value(cancellable))
    }

    /// Wraps a cancellable object (a subscription, usually), which is cancelled once, on the
    /// first `cancel()` or on release.
    ///
    /// - Parameter cancellable: The cancellable to wrap.
    @inlinable
    public init(_ cancellable: some Cancellable & AnyObject) {
        held = Lock(.object(cancellable))
    }

    /// The cancellable that synchronous publishers return from `sink`: by the time it is
    /// returned there is nothing left to cancel, so one shared instance serves them all.
    @usableFromInline
    static let finished = AnyCancellable()

    @inlinable
    init() {
        held = Lock(.none)
    }

    deinit {
        Self.cancel(held.withLock { $0.take() })
    }

    /// Cancels the wrapped work. Later calls do nothing.
    public func cancel() {
        // Taken under the lock, cancelled and released after it: a cancel that calls back in
        // finds nothing to do.
        Self.cancel(held.withLock { $0.take() })
    }

    private static func cancel(_ taken: consuming Held) {
        switch consume taken {
        case .none: break
        case .object(let cancellable): cancellable.cancel()
        case .closure(let cancel): cancel()
        case .value(let cancellable): cancellable.cancel()
        }
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
    public func store<C: RangeReplaceableCollection>(in collection: inout C)
    where C.Element == AnyCancellable {
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

    /// What an ``AnyCancellable`` holds until it cancels it.
    @usableFromInline
    enum Held: Sendable {
        /// Nothing: cancelled already, or nothing to cancel.
        case none
        /// A cancellable object.
        case object(any Cancellable & AnyObject)
        /// A closure.
        case closure(@Sendable () -> Void)
        /// Any other cancellable.
        case value(any Cancellable)

        /// Moves what is held out, leaving nothing.
        mutating func take() -> Held {
            defer { self = .none }
            return self
        }
    }
}
