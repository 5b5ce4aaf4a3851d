/// Events waiting for the one thread allowed to hand them to a downstream: how an operator fed
/// from several places at once (two upstreams, scheduled work, a subject's senders) still calls
/// its downstream one call at a time, in order.
///
/// Its owner keeps it in the state behind its lock. ``push(_:)`` appends an event and tells the
/// caller whether it has become the deliverer; the deliverer then takes events with ``pop()``,
/// one lock at a time, and delivers each *outside* the lock, until ``pop()`` returns nil, which
/// gives the role up. Whoever pushes while another thread delivers only leaves its event: the
/// deliverer delivers it before letting go (a trampoline, as in ``MergeSubscription``). A
/// downstream that pushes again from inside its own `receive` is handled the same way: its event
/// waits for the current call to return, so calls never nest.
///
/// After `.finished` has been pushed, or the outbox closed (cancelled), nothing more is
/// accepted.
///
/// Size and cost: `events` holds what was pushed while a delivery was under way, usually
/// nothing; ``push(_:)`` and ``pop()`` are O(1) (amortized), and ``close()`` hands back what was
/// waiting, for the owner to release outside its lock.
@usableFromInline
struct SerialOutbox<Value> {
    /// One thing to deliver.
    @usableFromInline
    enum Event {
        case value(Value)
        case finished
    }

    @usableFromInline var events = FIFOQueue<Event>()
    @usableFromInline var isDelivering = false
    /// Whether `.finished` was pushed or the outbox was closed: nothing more goes in.
    @usableFromInline var isClosed = false

    @inlinable
    init() {}

    /// Appends `event`; returns true if the caller is now the deliverer and must drain with
    /// ``pop()``, false if another thread delivers it (or the outbox is closed and drops it).
    @inlinable
    mutating func push(_ event: Event) -> Bool {
        if isClosed { return false }
        if case .finished = event { isClosed = true }
        events.append(event)
        if isDelivering { return false }
        isDelivering = true
        return true
    }

    /// The next event for the deliverer, moved out; nil when there is none, which ends the
    /// caller's role.
    @inlinable
    mutating func pop() -> Event? {
        if let event = events.popFirst() { return event }
        isDelivering = false
        return nil
    }

    /// Accepts nothing more and hands back what was waiting, for the caller to release outside
    /// its lock. A deliverer at work finds nothing more to pop.
    @inlinable
    mutating func close() -> FIFOQueue<Event> {
        isClosed = true
        defer { events = FIFOQueue() }
        return events
    }
}

extension SerialOutbox: Sendable where Value: Sendable {}
extension SerialOutbox.Event: Sendable where Value: Sendable {}
