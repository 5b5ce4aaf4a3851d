import Synchronization

/// Where the async work of an effect waits before it sends, while its store's queue is full.
///
/// A store closes the gate of its ``EffectContext`` when its queue reaches its bound and opens
/// it once the queue has drained to half of it; `send` in ``Effect/run(priority:operation:)``
/// awaits ``waitUntilOpen()`` before it hands a value on. That is the back-pressure an async
/// producer gets: it suspends instead of growing the queue, and a thread is not held while it
/// waits. Outside a store, or while the gate is open, waiting costs one atomic load.
///
/// A store calls ``close()`` and ``open()`` while it holds its own lock, so that the gate
/// follows the queue exactly; this lock is a leaf (nothing else is taken while it is held), so
/// the nesting cannot deadlock. Continuations are resumed after both locks are let go.
///
/// Size: one entry per task waiting now; a task that is cancelled while it waits stops waiting
/// (its value is then dropped by the cancelled subscription) and leaves no entry behind.
package final class SendGate: Sendable {
    /// One waiting task's place, from the ticket it takes to its resumption.
    private enum Entry {
        /// The ticket is taken; the continuation is on its way.
        case issued
        /// The task is suspended.
        case waiting(CheckedContinuation<Void, Never>)
        /// The task was cancelled before its continuation arrived: resume it as soon as it does.
        case cancelled
    }

    private struct Waiters {
        var isOpen = true
        var nextTicket: UInt64 = 0
        var entries: [UInt64: Entry] = [:]

        /// Whether `ticket` still waits for the gate (it was not cancelled in the meantime).
        func isWaiting(_ ticket: UInt64) -> Bool {
            if case .issued = entries[ticket] { return true }
            return false
        }
    }

    /// Read without the lock on the fast path; written only under it.
    private let isOpenHint = Atomic(true)
    private let waiters = Lock(Waiters())

    /// Makes an open gate.
    package init() {}

    /// Whether a value sent now goes through at once.
    package var isOpen: Bool {
        isOpenHint.load(ordering: .acquiring)
    }

    /// Makes senders wait from now on.
    package func close() {
        waiters.withLock { waiters in
            waiters.isOpen = false
            isOpenHint.store(false, ordering: .releasing)
        }
    }

    /// Lets senders through again.
    ///
    /// - Returns: The tasks that were waiting; call ``Opened/resume()`` once every lock is let go.
    package func open() -> Opened {
        waiters.withLock { waiters in
            waiters.isOpen = true
            isOpenHint.store(true, ordering: .releasing)
            var resumed: [CheckedContinuation<Void, Never>] = []
            for (ticket, entry) in waiters.entries {
                if case .waiting(let continuation) = entry {
                    resumed.append(continuation)
                    waiters.entries[ticket] = nil
                }
            }
            return Opened(continuations: resumed)
        }
    }

    /// Returns at once while the gate is open; otherwise suspends until it opens or the task is
    /// cancelled.
    package func waitUntilOpen() async {
        if isOpen { return }
        let ticket = waiters.withLock { waiters -> UInt64? in
            guard !waiters.isOpen else { return nil }
            let ticket = waiters.nextTicket
            waiters.nextTicket &+= 1
            waiters.entries[ticket] = .issued
            return ticket
        }
        guard let ticket else { return }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = waiters.withLock { waiters -> Bool in
                    if waiters.isOpen || !waiters.isWaiting(ticket) {
                        waiters.entries[ticket] = nil
                        return true
                    }
                    waiters.entries[ticket] = .waiting(continuation)
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let continuation = waiters.withLock { waiters -> CheckedContinuation<Void, Never>? in
                switch waiters.entries[ticket] {
                case .waiting(let continuation):
                    waiters.entries[ticket] = nil
                    return continuation
                case .issued:
                    waiters.entries[ticket] = .cancelled
                    return nil
                case .cancelled, nil:
                    return nil
                }
            }
            continuation?.resume()
        }
    }

    /// How many tasks are waiting at the gate (or about to), for tests: an entry that outlives
    /// its task's wait would show here.
    package var waitingCount: Int {
        waiters.withLock { $0.entries.count }
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
