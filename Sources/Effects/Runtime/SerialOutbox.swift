/// Events waiting for the one thread allowed to hand them to a downstream: how an operator fed
/// from several places at once (two upstreams, scheduled work, a subject's senders) still calls
/// its downstream one call at a time, in order.
///
/// ``push(_:)`` tells the caller whether it has become the deliverer, which then delivers what
/// ``pop()`` gives, outside the lock, until nil. Whoever pushes meanwhile only leaves its event:
/// calls never nest. After `.finished` or ``close()``, nothing more is accepted.
///
/// Size: what was pushed during a delivery, usually nothing; ``push(_:)`` and ``pop()`` are
/// O(1) amortized.
@usableFromInline
struct SerialOutbox<Value> {
    @usableFromInline
    enum Event {
        case value(Value)
        case finished
    }

    @usableFromInline var events = FIFOQueue<Event>()
    @usableFromInline var isDelivering = false
    @usableFromInline var isClosed = false

    @inlinable
    init() {}

    /// True if the caller is now the deliverer and must drain with ``pop()``.
    @inlinable
    mutating func push(_ event: Event) -> Bool {
        if isClosed { return false }
        if case .finished = event { isClosed = true }
        events.append(event)
        if isDelivering { return false }
        isDelivering = true
        return true
    }

    /// Nil when there is none, which ends the caller's role.
    @inlinable
    mutating func pop() -> Event? {
        if let event = events.popFirst() { return event }
        isDelivering = false
        return nil
    }

    /// Hands back what was waiting, for the caller to release outside its lock.
    @inlinable
    mutating func close() -> FIFOQueue<Event> {
        isClosed = true
        defer { events = FIFOQueue() }
        return events
    }
}

extension SerialOutbox: Sendable where Value: Sendable {}
extension SerialOutbox.Event: Sendable where Value: Sendable {}
