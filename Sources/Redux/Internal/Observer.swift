import Synchronization

/// One subscriber to a store's states.
///
/// The store calls `notify` only from the thread that drains its queue, one call at a time;
/// `isActive` turns off at unsubscription so that a notification already under way skips it.
@usableFromInline
final class Observer<State>: Sendable {
    @usableFromInline let active = Atomic(true)
    @usableFromInline let notify: @Sendable (State) -> Void

    init(notify: @escaping @Sendable (State) -> Void) {
        self.notify = notify
    }

    @inlinable
    var isActive: Bool {
        active.load(ordering: .acquiring)
    }

    func deactivate() {
        active.store(false, ordering: .releasing)
    }
}
