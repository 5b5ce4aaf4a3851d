/// Where the async work of an effect waits before it sends, while its store's queue is full.
///
/// A store closes the gate when its queue reaches its bound and opens it once the queue has
/// drained to half; `send` in ``Effect/run(priority:operation:)-9qce4`` awaits
/// ``waitUntilOpen()``. The store calls ``close()`` and ``open()`` under its own lock; this one
/// is a leaf, so the nesting cannot deadlock.
package final class SendGate: Sendable {
    private let state = Lock(SendGateState<CheckedContinuation<Void, Never>>())

    package init() {}

    /// Whether a value sent now goes through at once.
    package var isOpen: Bool {
        state.withLock { $0.isOpen }
    }

    /// Makes senders wait from now on.
    package func close() {
        state.withLock { $0.close() }
    }

    /// Lets senders through again; call ``Opened/resume()`` on the result once every lock is
    /// let go.
    package func open() -> Opened {
        Opened(continuations: state.withLock { $0.open() })
    }

    /// Returns at once while the gate is open; otherwise suspends until it opens or the task is
    /// cancelled.
    package func waitUntilOpen() async {
        guard let ticket = state.withLock({ $0.takeTicket() }) else { return }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                if state.withLock({ $0.suspend(ticket, continuation) }) {
                    continuation.resume()
                }
            }
        } onCancel: {
            state.withLock { $0.cancel(ticket) }?.resume()
        }
    }

    /// How many tasks are waiting at the gate (or about to), for tests.
    package var waitingCount: Int {
        state.withLock { $0.waitingCount }
    }

    /// The tasks an ``open()`` let through, to be resumed outside every lock.
    package struct Opened: Sendable {
        let continuations: [CheckedContinuation<Void, Never>]

        /// Resumes them.
        package func resume() {
            for continuation in continuations {
                continuation.resume()
            }
        }
    }
}

/// The gate's state machine: open, or closed with the tasks waiting at it. Generic over the
/// continuation, so that tests drive it with plain values.
///
/// A waiting task takes a ticket (``takeTicket()``), then suspends under it (``suspend(_:_:)``);
/// the ticket's entry records an opening or cancelling in between, so it is resumed once.
///
/// Size: one entry per task waiting now, only while closed. Every transition is O(1), except
/// ``open()``, O(entries).
struct SendGateState<Continuation> {
    enum Entry {
        /// The ticket is taken; the continuation is on its way.
        case issued
        case waiting(Continuation)
        /// Cancelled before its continuation arrived: resume it as soon as it does.
        case cancelled
    }

    enum Gate {
        case open
        case closed(entries: [UInt64: Entry])
    }

    private(set) var gate = Gate.open
    /// Never reset, so that a late ticket from an earlier closing never names a newer entry.
    private(set) var nextTicket: UInt64 = 0

    init() {}

    var isOpen: Bool {
        if case .open = gate { return true }
        return false
    }

    var waitingCount: Int {
        guard case .closed(let entries) = gate else { return 0 }
        return entries.count
    }

    mutating func close() {
        guard case .open = gate else { return }
        gate = .closed(entries: [:])
    }

    /// Returns the continuations to resume. A continuation not yet arrived finds the gate open.
    mutating func open() -> [Continuation] {
        guard case .closed(let entries) = gate else { return [] }
        gate = .open
        return entries.values.compactMap { entry in
            if case .waiting(let continuation) = entry { return continuation }
            return nil
        }
    }

    /// Nil while the gate is open (go on), or the ticket to wait under.
    mutating func takeTicket() -> UInt64? {
        let ticket = nextTicket
        guard (withEntries { $0[ticket] = .issued }) != nil else { return nil }
        nextTicket &+= 1
        return ticket
    }

    /// True if the continuation must be resumed at once (opened or cancelled meanwhile).
    mutating func suspend(_ ticket: UInt64, _ continuation: Continuation) -> Bool {
        withEntries { entries in
            switch entries[ticket] {
            case .issued:
                entries[ticket] = .waiting(continuation)
                return false
            case .cancelled, nil:
                entries[ticket] = nil
                return true
            case .waiting:
                preconditionFailure("SendGate: ticket \(ticket) suspended twice")
            }
        } ?? true
    }

    /// The continuation to resume now, if it has arrived.
    mutating func cancel(_ ticket: UInt64) -> Continuation? {
        withEntries { entries -> Continuation? in
            switch entries[ticket] {
            case .waiting(let continuation):
                entries[ticket] = nil
                return continuation
            case .issued:
                entries[ticket] = .cancelled
                return nil
            case .cancelled, nil:
                return nil
            }
        } ?? nil
    }

    /// Nil, without running `body`, if the gate is open.
    private mutating func withEntries<Result>(_ body: (inout [UInt64: Entry]) -> Result)
        -> Result?
    {
        guard case .closed(var entries) = gate else { return nil }
        // Out of the enum while `body` changes them, so that they change in place.
        gate = .open
        defer { gate = .closed(entries: entries) }
        return body(&entries)
    }
}
