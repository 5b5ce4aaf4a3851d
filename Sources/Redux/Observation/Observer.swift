import Effects

/// One subscriber to a store's states, and its token's cancellable. Unsubscribing turns the
/// ``SubscriptionFlag`` off, which `notify` checks first: a notification under way skips it.
@usableFromInline
final class Observer<State>: Cancellable, Sendable {
    @usableFromInline let notify: @Sendable (State) -> Void
    @usableFromInline let flag: SubscriptionFlag
    @usableFromInline weak let host: (any ObserverHost<State>)?

    @inlinable
    init(
        of host: any ObserverHost<State>, flag: SubscriptionFlag,
        notify: @escaping @Sendable (State) -> Void
    ) {
        self.host = host
        self.flag = flag
        self.notify = notify
    }

    @usableFromInline
    func cancel() {
        flag.turnOff()
        host?.detach(self)
    }

    var isSubscribed: Bool { flag.isOn }

    func unsubscribe() { flag.turnOff() }
}

/// What an observer's token asks to unsubscribe it: its store.
@usableFromInline
protocol ObserverHost<State>: AnyObject, Sendable {
    associatedtype State
    func detach(_ observer: Observer<State>)
}

/// Whether an observer is still subscribed. The base class of ``Selection``, the object
/// `notify` reads anyway; atomic, not a lock, since every notification reads it.
// Unchecked only because the class is not final: its one field is a `OneWayFlag` (atomic where
// the system has atomics); each subclass says why its own fields are safe.
@usableFromInline
class SubscriptionFlag: @unchecked Sendable {   // one OneWayFlag field
    @usableFromInline final let on = OneWayFlag()

    @inlinable init() {}

    @inlinable final var isOn: Bool { on.isOn }

    final func turnOff() { on.turnOff() }
}

/// A store's observers in subscription order. Removing one empties its slot, and the list is
/// compacted (in order) once more than half the slots are empty, so its size follows the live
/// subscriptions: `append` and `remove` are O(1) amortized, a snapshot O(1) (shared storage).
@usableFromInline
struct ObserverList<State>: Sendable {
    /// Nil where one has left.
    @usableFromInline var slots: [Observer<State>?] = []
    @usableFromInline var slotByObserver: [ObjectIdentifier: Int] = [:]

    init() {}

    @inlinable var isEmpty: Bool { slotByObserver.isEmpty }

    /// The observers to notify after one action, copied only if the list changes meanwhile.
    @inlinable var snapshot: Snapshot { Snapshot(slots: slots) }

    mutating func append(_ observer: Observer<State>) {
        slotByObserver[ObjectIdentifier(observer)] = slots.count
        slots.append(observer)
    }

    /// Removes `observer`; returns it, for the caller to release outside the lock.
    mutating func remove(_ observer: Observer<State>) -> Observer<State>? {
        guard let slot = slotByObserver.removeValue(forKey: ObjectIdentifier(observer)) else {
            return nil
        }
        let removed = slots[slot]
        slots[slot] = nil
        if slots.count >= 16, slotByObserver.count * 2 < slots.count {
            compact()
        }
        return removed
    }

    private mutating func compact() {
        var survivors: [Observer<State>?] = []
        survivors.reserveCapacity(slotByObserver.count)
        for case let observer? in slots {
            slotByObserver[ObjectIdentifier(observer)] = survivors.count
            survivors.append(observer)
        }
        slots = survivors
    }

    @usableFromInline
    struct Snapshot: Sendable {
        @usableFromInline let slots: [Observer<State>?]

        @inlinable
        init(slots: [Observer<State>?]) {
            self.slots = slots
        }

        /// Calls every observer still subscribed, in subscription order (each checks its flag).
        @inlinable
        func notify(_ state: State) {
            forEachUnretained(in: slots) { $0.notify(state) }
        }
    }
}
