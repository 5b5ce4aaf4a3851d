/// Where the async work of an effect waits before it sends, while its store's queue is full.
///
/// A store closes the gate of its ``EffectContext`` when its queue reaches its bound and opens
/// it once the queue has drained to half of it; `send` in ``Effect/run(priority:operation:)-9qce4``
/// awaits ``waitUntilOpen()`` before it hands a value on. That is the back-pressure an async
/// producer gets: it suspends instead of growing the queue, and a thread is not held while it
/// waits. Outside a store, or while the gate is open, waiting costs one short critical section.
///
/// A store calls ``close()`` and ``open()`` while it holds its own lock, so that the gate
/// follows the queue exactly; this lock is a leaf (nothing else is taken while it is held), so
/// the nesting cannot deadlock. Continuations are resumed after both locks are let go.
///
/// Every decision is made by ``SendGateState``; this class only locks, and resumes outside the
/// lock what it hands back.
package final class SendGate: Sendable {
    private let state = Lock(SendGateState<CheckedContinuation<Void, Never>>())

    /// Makes an open gate.
    package init() {}

    /// Whether a value sent now goes through at once.
    package var isOpen: Bool {
        state.withLock { $0.isOpen }
    }

    /// Makes senders wait from now on.
    package func close() {
        state.withLock { $0.close() }
    }

    /// Lets senders through again.
    ///
    /// - Returns: The tasks that were waiting; call ``Opened/resume()`` once every lock is let go.
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

    /// How many tasks are waiting at the gate (or about to), for tests: an entry that outlives
    /// its task's wait would show here.
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

/// The gate's state machine: open, or closed with the tasks waiting at it. Pure (generic over
/// the continuation, so that tests drive it with plain values); ``SendGate`` keeps it behind its
/// lock and resumes, outside the lock, the continuations its transitions hand back.
///
/// A waiting task goes through two steps, each a transition: it takes a ticket
/// (``takeTicket()``), then, once its continuation exists, suspends under it
/// (``suspend(_:_:)``). Opening or cancelling may come between the two; the ticket's entry
/// records that, so that the continuation is resumed exactly once, whichever comes first.
///
/// Size: `entries` holds one entry per task waiting now, and only while the gate is closed;
/// opening empties it, and a task cancelled while it waits leaves no entry behind once its
/// continuation has arrived. Every transition is O(1) (a dictionary operation), except
/// ``open()``, O(entries).
struct SendGateState<Continuation> {
    /// One waiting task's place, from the ticket it takes to its resumption.
    enum Entry {
        /// The ticket is taken; the continuation is on its way.
        case issued
        /// The task is suspended.
        case waiting(Continuation)
        /// The task was cancelled before its continuation arrived: resume it as soon as it does.
        case cancelled
    }

    enum Gate {
        /// Senders go through.
        case open
        /// Senders wait, each under its ticket.
        case closed(entries: [UInt64: Entry])
    }

    private(set) var gate = Gate.open
    /// The next ticket. Never reset, so that a ticket from an earlier closing, whose
    /// continuation arrives late, never names a newer task's entry.
    private(set) var nextTicket: UInt64 = 0

    init() {}

    var isOpen: Bool {
        if case .open = gate { return true }
        return false
    }

    /// How many tickets are waiting or about to.
    var waitingCount: Int {
        guard case .closed(let entries) = gate else { return 0 }
        return entries.count
    }

    /// Makes senders wait from now on; closing a closed gate changes nothing.
    mutating func close() {
        guard case .open = gate else { return }
        gate = .closed(entries: [:])
    }

    /// Lets senders through; returns the continuations to resume. Tickets whose continuation
    /// has not arrived are forgotten: it is resumed as it arrives, finding the gate open.
    mutating func open() -> [Continuation] {
        guard case .closed(let entries) = gate else { return [] }
        gate = .open
        return entries.values.compactMap { entry in
            if case .waiting(let continuation) = entry { return continuation }
            return nil
        }
    }

    /// A sender arrives: nil while the gate is open (go on), or the ticket to wait under.
    mutating func takeTicket() -> UInt64? {
        let ticket = nextTicket
        guard (withEntries { $0[ticket] = .issued }) != nil else { return nil }
        nextTicket &+= 1
        return ticket
    }

    /// The continuation of `ticket` arrives: true if it must be resumed at once (the gate
    /// opened, or its task was cancelled, meanwhile), false if it now waits for ``open()``.
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

    /// The task of `ticket` was cancelled: returns its continuation if it must be resumed now.
    /// One that has not arrived yet is resumed as it arrives (``suspend(_:_:)``).
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

    /// Runs `body` on the entries of the closed gate; nil, without running it, if the gate is
    /// open.
    private mutating func withEntries<Result>(_ body: (inout [UInt64: Entry]) -> Result)
        -> Result?
    {
        guard case .closed(var entries) = gate else { return nil }
        // Out of the enum while `body` changes them, so that they change in place, not in a copy.
        gate = .open
        defer { gate = .closed(entries: entries) }
        return body(&entries)
    }
}
