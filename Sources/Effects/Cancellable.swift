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
public final class AnyCancellable: Cancellable, Hashable, @unchecked Sendable {   // see below
    // `held` is written by init, then only by the one caller that wins `stage` (or by deinit,
    // which has no rival); see `stage`.
    // The wrapped cancellable itself, not a closure calling it: a class (a subscription) or a
    // closure's two words fit in the enum's inline storage, so wrapping allocates nothing
    // beyond this object, and taking a class out is a retain, not a copy through an
    // existential's value witnesses.
    @exclusivity(unchecked) @usableFromInline nonisolated(unsafe) var held: Held

    // Who may take `held`: it moves once from `holding` to `taking`, by a compare-exchange that
    // only one `cancel()` can win, and the winner moves it on to `taken` (releasing) once it has
    // emptied `held`. So a cancel costs one locked instruction, not a lock's two, and the
    // deinit, which no other reference can race, one plain load (acquiring, so that it sees
    // `held` emptied by an earlier cancel on another thread).
    @usableFromInline let stage = Atomic<UInt8>(AnyCancellableStage.holding)

    /// Wraps a closure that is called once, on the first `cancel()` or on release.
    ///
    /// - Parameter cancel: The work that stops whatever is running.
    @inlinable
    public init(_ cancel: @escaping @Sendable () -> Void) {
        held = .closure(cancel)
    }

    /// Wraps another cancellable, which is cancelled once, on the first `cancel()` or on release.
    ///
    /// - Parameter cancellable: The cancellable to wrap.
    @inlinable
    public init(_ cancellable: some Cancellable) {
        held = .value(cancellable)
    }

    /// Wraps a cancellable object (a subscription, usually), which is cancelled once, on the
    /// first `cancel()` or on release.
    ///
    /// - Parameter cancellable: The cancellable to wrap.
    @inlinable
    public init(_ cancellable: some Cancellable & AnyObject) {
        held = .object(cancellable)
    }

    /// The cancellable that synchronous publishers return from `sink`: by the time it is
    /// returned there is nothing left to cancel, so one shared instance serves them all.
    @usableFromInline
    static let finished = AnyCancellable()

    @inlinable
    init() {
        held = .none
    }

    deinit {
        // The last reference is gone: nothing can cancel concurrently.
        if stage.load(ordering: .acquiring) == AnyCancellableStage.holding {
            Self.cancel(takeHeld())
        }
    }

    /// Cancels the wrapped work. Later calls do nothing.
    public func cancel() {
        guard
            stage.compareExchange(
                expected: AnyCancellableStage.holding, desired: AnyCancellableStage.taking,
                ordering: .acquiring
            ).exchanged
        else { return }
        let taken = takeHeld()
        stage.store(AnyCancellableStage.taken, ordering: .releasing)
        // Cancelled, then released, with `held` already empty: a cancel that calls back in
        // finds nothing to do.
        Self.cancel(taken)
    }

    /// Moves the wrapped work out, leaving nothing: no trip through the enum's outlined copy.
    private func takeHeld() -> Held {
        var taken = Held.none
        swap(&taken, &held)
        return taken
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
    }
}

/// The stages of an ``AnyCancellable``, as raw values for its atomic.
@usableFromInline
enum AnyCancellableStage {
    /// Holding the wrapped work, not cancelled.
    @usableFromInline static let holding: UInt8 = 0
    /// One `cancel()` has won and is emptying `held`.
    @usableFromInline static let taking: UInt8 = 1
    /// Cancelled: `held` is empty.
    @usableFromInline static let taken: UInt8 = 2
}
