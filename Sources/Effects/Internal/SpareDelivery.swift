import Synchronization

/// The one delivery of a delayed value that an ``EffectContext`` keeps after starting it, so that
/// the next delayed value it starts from the same effect can run in the same object once this one
/// has fired: a store that answers every move with the same delayed action allocates, and frees,
/// nothing for it.
///
/// Reuse is not a second path: a reused delivery registers, schedules, fires and is cancelled
/// exactly as a new one does (it *is* one, restarted). It is reused only when it fired (`fired`
/// promises that no cancel wrote its fields), nothing else holds it (no queue, no table, no
/// downstream can reach it any more), and it would be built again identical: same type, same
/// context, same effect node, and bit for bit the same value and downstream (see
/// `DelayedValue.recycling`). Anything else gets a new delivery, which takes the slot.
///
/// The slot is one atomic word, a small state machine with no lock:
///
/// - `empty` (0) → holding a delivery: ``keep(_:)``, by compare-and-swap, handing the slot its
///   reference.
/// - holding → `empty`: ``take()``, by compare-and-swap, handing the reference to the caller,
///   who then owns the delivery alone or not at all; two threads can never both take it.
/// - anything → `closed` (1), for good: ``close()``, when the context closes. A delivery holds its
///   downstream (for a store, the store itself), so the slot must let it go when the store goes,
///   and must not take one back afterwards: ``keep(_:)`` finds `closed` and releases what it was
///   given instead.
///
/// Size: one delivery at most, however many delayed values come and go. Whatever it gives up is
/// released by the caller, outside any lock.
@usableFromInline
final class SpareDelivery: Sendable {
    @usableFromInline static var empty: UInt { 0 }
    @usableFromInline static var closed: UInt { 1 }

    /// `empty`, `closed`, or the bit pattern of a retained reference to a delivery.
    @usableFromInline let slot = Atomic<UInt>(SpareDelivery.empty)

    init() {}

    deinit {
        let held = slot.load(ordering: .acquiring)
        if held != Self.empty, held != Self.closed {
            Self.unmanaged(held).release()
        }
    }

    /// Takes the kept delivery, if there is one: the caller owns that reference now.
    @inlinable
    func take() -> DelayedDelivery? {
        let held = slot.load(ordering: .relaxed)
        guard held != Self.empty, held != Self.closed else { return nil }
        let (taken, _) = slot.compareExchange(
            expected: held, desired: Self.empty, ordering: .acquiring)
        // Lost a race with another thread that started a delayed value: it has the spare.
        guard taken else { return nil }
        return Self.unmanaged(held).takeRetainedValue()
    }

    /// Keeps `delivery` for the next start, unless a delivery is kept already or the context has
    /// closed; then `delivery` is released by the caller's scope as usual.
    @inlinable
    func keep(_ delivery: consuming DelayedDelivery) {
        let reference = Unmanaged.passRetained(delivery)
        let (kept, _) = slot.compareExchange(
            expected: Self.empty, desired: UInt(bitPattern: reference.toOpaque()),
            ordering: .releasing)
        if !kept { reference.release() }
    }

    /// Lets the kept delivery go and keeps nothing from now on.
    func close() {
        let held = slot.exchange(Self.closed, ordering: .acquiring)
        if held != Self.empty, held != Self.closed {
            Self.unmanaged(held).release()
        }
    }

    @inlinable
    static func unmanaged(_ bits: UInt) -> Unmanaged<DelayedDelivery> {
        Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: bits).unsafelyUnwrapped)
    }
}
