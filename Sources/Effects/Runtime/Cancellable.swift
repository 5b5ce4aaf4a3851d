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
    // Taken out once, by the first `cancel()` or by the deinit.
    @usableFromInline let held: Lock<Held>

    /// Wraps a closure that is called once, on the first `cancel()` or on release.
    @inlinable
    public init(_ cancel: @escaping @Sendable () -> Void) {
        held = Lock(.closure(cancel))
    }

    /// Wraps another cancellable, which is cancelled once, on the first `cancel()` or on release.
    @inlinable
    public init(_ cancellable: some Cancellable) {
        held = Lock(.value(cancellable))
    }

    /// Wraps a cancellable object (a subscription, usually), which is cancelled once, on the
    /// first `cancel()` or on release.
    @inlinable
    public init(_ cancellable: some Cancellable & AnyObject) {
        held = Lock(.object(cancellable))
    }

    /// What synchronous publishers return from `sink`: nothing is left to cancel by then.
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
        // Cancelled after the lock: a cancel that calls back in finds nothing to do.
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

    /// Keeps this cancellable alive in `set`.
    public func store(in set: inout Set<AnyCancellable>) {
        set.insert(self)
    }

    /// Keeps this cancellable alive in `collection`.
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

    /// The wrapped cancellable itself, not a closure calling it: an object or a closure fits in
    /// the enum's inline storage, so wrapping allocates nothing more.
    @usableFromInline
    enum Held: Sendable {
        case none
        case object(any Cancellable & AnyObject)
        case closure(@Sendable () -> Void)
        case value(any Cancellable)

        mutating func take() -> Held {
            defer { self = .none }
            return self
        }
    }
}
