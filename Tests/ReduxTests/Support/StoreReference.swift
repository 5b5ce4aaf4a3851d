import Effects
import Redux

/// Lets a middleware or an interceptor, made before its store exists, reach that store later.
///
/// It holds the store weakly, so it never keeps a store alive, unless ``keep(_:)`` is used to
/// make it the store's only owner (to release the store at a chosen moment with
/// ``release()``).
final class StoreReference<State: Sendable, Action: Sendable>: Sendable {
    private struct Slot {
        weak var weak: Store<State, Action>?
        var strong: Store<State, Action>?
    }

    private let slot = Lock(Slot())

    init() {}

    /// The store, if it is still alive.
    var store: Store<State, Action>? {
        slot.withLock { $0.weak }
    }

    /// Points at `store` without keeping it alive.
    func refer(to store: Store<State, Action>) {
        slot.withLock { $0.weak = store }
    }

    /// Points at `store` and keeps it alive until ``release()``.
    func keep(_ store: Store<State, Action>) {
        slot.withLock { $0 = Slot(weak: store, strong: store) }
    }

    /// Drops the strong reference that ``keep(_:)`` took; the store is released outside the
    /// lock, if this was its last owner.
    func release() {
        let taken = slot.withLock { slot in
            defer { slot.strong = nil }
            return slot.strong
        }
        _ = taken
    }

    /// Dispatches to the store, if it is still alive.
    func dispatch(_ action: Action) {
        store?.dispatch(action)
    }
}
