import Effects
import Synchronization

/// One subscriber to a store's states, as its store's list holds it.
///
/// The store calls `notify` only from the thread that drains its queue, one call at a time.
/// Unsubscribing turns the observer's ``SubscriptionFlag`` off, and `notify` checks that flag
/// first, so that a notification already under way skips an observer unsubscribed meanwhile.
/// The flag lives in the object that `notify` reads anyway (the selection of a selecting
/// observer), so checking it costs no load of its own.
///
/// It is also its own token's cancellable (wrapped in the `AnyCancellable` that `subscribe`
/// returns), so that subscribing allocates no closure to unsubscribe.
@usableFromInline
final class Observer<State>: Cancellable, Sendable {
    @usableFromInline let notify: @Sendable (State) -> Void
    @usableFromInline let flag: SubscriptionFlag
    /// The store it is subscribed to, if it still exists.
    @usableFromInline weak let host: (any ObserverHost<State>)?
    /// Where it sits in its store's ``ObserverList``; -1 outside. Read and written only under
    /// the store's lock (an atomic only because `Observer` is shared across threads).
    let slot = Atomic(-1)

    /// An observer of `host` that `notify` calls as long as `flag` is on; `notify` checks it.
    @inlinable
    init(
        of host: any ObserverHost<State>, flag: SubscriptionFlag,
        notify: @escaping @Sendable (State) -> Void
    ) {
        self.host = host
        self.flag = flag
        self.notify = notify
    }

    /// Unsubscribes it (what its token does).
    @usableFromInline
    func cancel() {
        flag.turnOff()
        host?.detach(self)
    }

    var isSubscribed: Bool {
        flag.isOn
    }

    func unsubscribe() {
        flag.turnOff()
    }
}

/// What an observer's token asks to unsubscribe it: its store.
@usableFromInline
protocol ObserverHost<State>: AnyObject, Sendable {
    associatedtype State
    /// Unsubscribes `observer`.
    func detach(_ observer: Observer<State>)
}

/// Whether an observer is still subscribed: on until its token unsubscribes it.
///
/// A base class for the objects an observer's `notify` reads on every call (``Selection``,
/// ``PlainObserver``), so that the check shares their memory.
@usableFromInline
class SubscriptionFlag: @unchecked Sendable {   // an atomic; subclasses say what they add
    // Unchecked because the class is not final: its one field is atomic; each subclass says
    // why its own fields are safe.
    @usableFromInline final let on = Atomic(true)

    @inlinable
    init() {}

    @inlinable
    final var isOn: Bool {
        on.load(ordering: .acquiring)
    }

    final func turnOff() {
        on.store(false, ordering: .releasing)
    }
}

/// An observer of whole states, with the flag its notifications check.
@usableFromInline
final class PlainObserver<State>: SubscriptionFlag, @unchecked Sendable {   // immutable fields
    @usableFromInline let body: @Sendable (State) -> Void

    @inlinable
    init(_ body: @escaping @Sendable (State) -> Void) {
        self.body = body
    }

    /// Passes `state` on, unless unsubscribed.
    @inlinable
    @inline(__always)
    func receive(_ state: State) {
        if isOn { body(state) }
    }
}

/// A store's observers in subscription order, each removable in O(1).
///
/// Every observer remembers its slot; removing one empties the slot, and the list is compacted
/// (the survivors keep their order and learn their new slots) once more than half the slots
/// are empty, so its size follows the live subscriptions, never those that have left.
///
/// - Complexity: `append` and `remove` O(1) amortized; a snapshot is O(1) (it shares storage).
@usableFromInline
struct ObserverList<State>: Sendable {
    @usableFromInline var slots: [Observer<State>?] = []
    @usableFromInline var liveCount = 0

    init() {}

    @inlinable
    var isEmpty: Bool {
        liveCount == 0
    }

    /// The observers to notify after one action: shares the storage, copied only if the list
    /// changes while the notification runs.
    @inlinable
    var snapshot: Snapshot {
        Snapshot(slots: slots)
    }

    mutating func append(_ observer: Observer<State>) {
        observer.slot.store(slots.count, ordering: .relaxed)
        slots.append(observer)
        liveCount += 1
    }

    /// Removes `observer`; returns it, for the caller to release outside the lock.
    mutating func remove(_ observer: Observer<State>) -> Observer<State>? {
        let slot = observer.slot.load(ordering: .relaxed)
        guard slot >= 0, slot < slots.count, slots[slot] === observer else { return nil }
        observer.slot.store(-1, ordering: .relaxed)
        let removed = slots[slot]
        slots[slot] = nil
        liveCount -= 1
        if slots.count >= 16, liveCount * 2 < slots.count {
            compact()
        }
        return removed
    }

    private mutating func compact() {
        var survivors: [Observer<State>?] = []
        survivors.reserveCapacity(liveCount)
        for case let observer? in slots {
            observer.slot.store(survivors.count, ordering: .relaxed)
            survivors.append(observer)
        }
        slots = survivors
    }

    /// The observers as they were when an action was reduced.
    @usableFromInline
    struct Snapshot: Sendable {
        @usableFromInline let slots: [Observer<State>?]

        @inlinable
        init(slots: [Observer<State>?]) {
            self.slots = slots
        }

        /// Calls every observer still subscribed, in subscription order.
        ///
        /// Specialized, but not inlined into the store's reaction to an action: on its own, the
        /// loop keeps the state where each call finds it, with fewer loads and stores per
        /// observer (about 5 % of a selecting observer's cost, measured with 100 of them).
        @inlinable
        @inline(never)
        func notify(_ state: State) {
            // The snapshot keeps every observer alive for the whole loop: no retain and release
            // per observer, which would cost more than a selecting observer's own work. Each
            // checks its own flag (see `Observer`).
            forEachUnretained(in: slots) { observer in
                observer.notify(state)
            }
        }
    }
}
