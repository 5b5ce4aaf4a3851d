import Dispatch
import Synchronization

/// The timer queue of a ``DispatchQueueScheduler``: pending work in a ``TimerHeap``, and one
/// Dispatch timer on the scheduler's queue, armed for the earliest piece.
///
/// Only the queue arms the timer: a pass over the due work ends by arming it, and new work due
/// before the armed time queues a pass rather than arming from the caller's thread. Two threads
/// arming at once could otherwise leave the later call, for the later time, in force. Work runs
/// on the queue, outside the lock, which is taken once per piece.
///
/// While work is pending (the alarm is not idle) the queue holds a reference to itself, so that
/// work scheduled on a scheduler nobody keeps still runs, as one Dispatch timer per piece did.
final class DispatchTimerQueue: @unchecked Sendable {  // its mutable state is all behind `state`'s Mutex, and Dispatch timers are thread-safe
    /// What the Dispatch timer is doing. Not idle, it holds the queue alive.
    private enum Alarm {
        /// Nothing is pending; the timer may still fire for work since cancelled.
        case idle
        /// A pass over the due work is queued (or running) and will arm the timer as it ends.
        case passQueued(keepAlive: DispatchTimerQueue)
        /// The timer is armed (or about to be, by the pass that decided it) for `due`.
        case armed(due: Duration, keepAlive: DispatchTimerQueue)

        /// New work due at `due` came in: returns whether a pass must be queued to re-arm.
        mutating func workAdded(due: Duration, owner: DispatchTimerQueue) -> Bool {
            switch self {
            case .idle:
                self = .passQueued(keepAlive: owner)
                return true
            case .armed(let armed, let keepAlive) where due < armed:
                self = .passQueued(keepAlive: keepAlive)
                return true
            case .armed, .passQueued:
                return false
            }
        }

        /// A pass ended with `next` the earliest due time left, nil if nothing is left. Returns
        /// the reference that kept the queue alive, for the caller to release outside the lock,
        /// once nothing is pending.
        mutating func passEnded(next: Duration?) -> DispatchTimerQueue? {
            switch (self, next) {
            case (.idle, nil):
                // A pass queued before everything was cancelled, or a stale timer event.
                return nil
            case (.idle, .some):
                preconditionFailure("DispatchTimerQueue: work is pending while the alarm is idle")
            case (.passQueued(let keepAlive), nil), (.armed(_, let keepAlive), nil):
                self = .idle
                return keepAlive
            case (.passQueued(let keepAlive), .some(let due)), (.armed(_, let keepAlive), .some(let due)):
                self = .armed(due: due, keepAlive: keepAlive)
                return nil
            }
        }

        /// The last pending work was cancelled. Returns the reference to release.
        mutating func emptied() -> DispatchTimerQueue? {
            switch self {
            case .idle:
                return nil
            case .passQueued(let keepAlive), .armed(_, let keepAlive):
                self = .idle
                return keepAlive
            }
        }
    }

    private struct State {
        /// Every piece of pending work; O(log n) to add or run one, O(1) to cancel (TimerHeap).
        var work = TimerHeap<TimedWork>()
        var alarm = Alarm.idle

        /// Takes the next piece of work due by `limit`. Repeating work goes back in, due on its
        /// grid after `limit` (missed runs are coalesced), before it runs.
        mutating func takeNext(dueBy limit: Duration) -> (@Sendable () -> Void)? {
            guard let (handle, due) = work.popFirst(dueBy: limit) else { return nil }
            guard let piece = work[handle] else {
                preconditionFailure("DispatchTimerQueue: popped work has no payload")
            }
            if let interval = piece.interval {
                work.reinsert(handle, due: DispatchTimerQueue.nextDue(after: due, every: interval, laterThan: limit))
                return piece.action
            }
            return work.remove(handle)?.action
        }
    }

    let queue: DispatchQueue
    private let timer: any DispatchSourceTimer
    private let epoch: ContinuousClock.Instant
    private let state = Mutex(State())

    init(queue: DispatchQueue) {
        self.queue = queue
        epoch = ContinuousClock.now
        timer = DispatchSource.makeTimerSource(queue: queue)
        timer.setEventHandler { [weak self] in
            self?.runDueWork()
        }
        // Unarmed until the first pass arms it.
        timer.resume()
    }

    deinit {
        timer.cancel()
    }

    /// The time elapsed since the scheduler was made, on `ContinuousClock`.
    var now: Duration {
        ContinuousClock.now - epoch
    }

    /// Adds `work`, due after `delay`.
    ///
    /// - Complexity: O(log n); a queued pass (one `DispatchQueue.async`) only if the work is due
    ///   before the time the timer is armed for.
    func schedule(_ work: TimedWork, after delay: Duration) -> any Cancellable {
        let due = now + max(delay, .zero)
        let (handle, needsPass) = state.withLock { state in
            let handle = state.work.insert(work, due: due)
            return (handle, state.alarm.workAdded(due: due, owner: self))
        }
        if needsPass {
            queue.async { self.runDueWork() }
        }
        return DispatchTimerWork(timers: self, handle: handle)
    }

    fileprivate func cancel(_ handle: TimerHeap<TimedWork>.Handle) {
        let (removed, released) = state.withLock { state -> (TimedWork?, DispatchTimerQueue?) in
            let removed = state.work.remove(handle)
            let released = removed != nil && state.work.isEmpty ? state.alarm.emptied() : nil
            return (removed, released)
        }
        // Released here, outside the lock: the action, and perhaps the queue's hold on itself.
        _ = (removed, released)
    }

    /// The first time on the grid `due + k × interval` (k ≥ 1) later than `limit`: repeating
    /// work whose runs the queue was too busy to make runs once for all of them.
    ///
    /// - Complexity: O(1).
    static func nextDue(after due: Duration, every interval: Duration, laterThan limit: Duration) -> Duration {
        var next = due + interval
        if next <= limit {
            // Skip most missed runs at once; the estimate errs low, and the loop finishes.
            let missed = ((limit - next) / interval).rounded(.down) - 1
            if missed >= 1, missed < 1e15 {
                next += interval * Int64(missed)
            }
            while next <= limit { next += interval }
        }
        return next
    }

    /// A pass on the queue: runs every piece of work due by the time it starts, one lock per
    /// piece, then arms the timer for the earliest piece left. Work that falls due while the
    /// pass runs waits for the timer, so that work rescheduling itself cannot hold the pass.
    private func runDueWork() {
        dispatchPrecondition(condition: .onQueue(queue))
        let limit = now
        while let action = state.withLock({ $0.takeNext(dueBy: limit) }) {
            action()
        }
        let (next, released) = state.withLock { state in
            let next = state.work.firstDue()
            return (next, state.alarm.passEnded(next: next))
        }
        if let next {
            let remaining = Self.nanoseconds(in: next - now)
            timer.schedule(deadline: .now() + .nanoseconds(remaining))
        }
        _ = released
    }

    private static func nanoseconds(in duration: Duration) -> Int {
        let (seconds, attoseconds) = max(duration, .zero).components
        let (product, productOverflows) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        // Rounded up: a timer that fires a hair early finds nothing due and has to fire again.
        // The fraction can still tip a product just under the limit over it.
        let fraction = (attoseconds + 999_999_999) / 1_000_000_000
        let (total, sumOverflows) = product.addingReportingOverflow(fraction)
        if productOverflows || sumOverflows { return Int.max }
        return Int(total)
    }
}

/// The handle of work on a ``DispatchQueueScheduler``: a reference and two integers, small
/// enough to sit inside an `any Cancellable` without a box of its own.
private struct DispatchTimerWork: Cancellable {
    let timers: DispatchTimerQueue
    let handle: TimerHeap<TimedWork>.Handle

    func cancel() {
        timers.cancel(handle)
    }
}
