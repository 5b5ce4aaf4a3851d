import Dispatch

/// The timer queue of a ``DispatchQueueScheduler``: pending work in a ``TimerHeap``, and one
/// Dispatch timer on the scheduler's queue, armed for the earliest piece.
///
/// Only the queue arms the timer: a pass over the due work ends by arming it, and new work due
/// before the armed time queues a pass rather than arming from the caller's thread. Two threads
/// arming at once could otherwise leave the later call, for the later time, in force. Work runs
/// on the queue, outside the lock, which is taken once per piece. Cancelling never re-arms: the
/// timer may fire for work since cancelled, and that pass finds nothing to do. So scheduling
/// and cancelling work due no earlier than the armed time costs the caller a lock and the heap
/// operations, nothing more.
///
/// While work is pending the queue holds a reference to itself, so that work scheduled on a
/// scheduler nobody keeps still runs, as one Dispatch timer per piece did.
// Safe to share between threads: every mutable field is inside `state`, behind its `Lock`; the
// other stored properties never change, and the one that is not `Sendable`, `timer` (a Dispatch
// source), is thread-safe itself, armed only from `queue` (`runDueWork()`) and cancelled in
// `deinit`.
final class DispatchTimerQueue: @unchecked Sendable {   // see above
    /// What will next run a pass over the due work.
    private enum Alarm {
        /// Nothing: no pass is queued, and the timer is not armed for pending work.
        case idle
        /// A pass is queued (or running); it arms the timer as it ends.
        case passQueued
        /// The timer is armed (or about to be, by the pass that decided it) to fire at `due`.
        case armed(due: Duration)

        /// New work due at `due` came in: returns whether a pass must be queued, because nothing
        /// will run one by then.
        mutating func workAdded(due: Duration) -> Bool {
            switch self {
            case .idle:
                self = .passQueued
                return true
            case .armed(let armed) where due < armed:
                self = .passQueued
                return true
            case .armed, .passQueued:
                return false
            }
        }

        /// A pass ended with `next` the earliest due time left, nil if nothing is left: the
        /// timer is armed for it.
        mutating func passEnded(next: Duration?) {
            self = next.map { .armed(due: $0) } ?? .idle
        }
    }

    private struct State {
        /// Every piece of pending work; O(log n) to add or run one, O(1) to cancel (TimerHeap).
        var work = TimerHeap<TimedWork>()
        var alarm = Alarm.idle
        /// The queue itself while `work` is not empty (set by scheduling, cleared by the pass or
        /// the cancel that finds it empty), nil otherwise.
        var keepAlive: DispatchTimerQueue?

        /// Takes the next piece of work due by `limit`. Repeating work goes back in, due on its
        /// grid after `limit` (missed runs are coalesced), before it runs.
        mutating func takeNext(dueBy limit: Duration) -> TimedWork? {
            let taken = work.takeFirst(dueBy: limit) { piece, due in
                piece.interval.map {
                    DispatchTimerQueue.nextDue(after: due, every: $0, laterThan: limit)
                }
            }
            return taken?.payload
        }
    }

    let queue: DispatchQueue
    private let timer: any DispatchSourceTimer
    private let epoch: ContinuousClock.Instant
    private let state = Lock(State())

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
    /// - Returns: A cancellable that removes the work and releases it, if it has not run.
    /// - Complexity: O(log n); a queued pass (one `DispatchQueue.async`) only if the work is due
    ///   before the time the timer is armed for.
    func schedule(_ work: TimedWork, after delay: Duration) -> any Cancellable {
        DispatchTimerWork(timers: self, handle: enqueue(work, after: delay))
    }

    /// Adds `work`, due after `delay`, and hands back its bare handle.
    ///
    /// - Complexity: as ``schedule(_:after:)``.
    func enqueue(_ work: consuming TimedWork, after delay: Duration) -> TimerHandle {
        let work = copy work
        let due = now + max(delay, .zero)
        let (handle, needsPass) = state.withLock { state in
            let handle = state.work.insert(work, due: due)
            if state.keepAlive == nil {
                state.keepAlive = self
            }
            return (handle, state.alarm.workAdded(due: due))
        }
        if needsPass {
            queue.async { self.runDueWork() }
        }
        return handle
    }

    /// Removes the work if it is still pending; it is released outside the lock.
    func cancelTimer(_ handle: TimerHandle) {
        let (removed, released) = state.withLock { state -> (TimedWork?, DispatchTimerQueue?) in
            let removed = state.work.remove(handle)
            let released = state.work.isEmpty ? state.keepAlive.take() : nil
            return (removed, released)
        }
        // Released here, outside the lock: the action, and perhaps the queue's hold on itself.
        // The alarm stays as it is: re-arming the timer later would cost the caller a pass.
        _ = (removed, released)
    }

    /// The first time on the grid `due + k × interval` (k ≥ 1) later than `limit`: repeating
    /// work whose runs the queue was too busy to make runs once for all of them.
    ///
    /// - Complexity: O(1).
    static func nextDue(after due: Duration, every interval: Duration, laterThan limit: Duration)
        -> Duration
    {
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
        while let work = state.withLock({ $0.takeNext(dueBy: limit) }) {
            work.action()
        }
        let (next, released) = state.withLock { state in
            let next = state.work.firstDue()
            state.alarm.passEnded(next: next)
            return (next, state.work.isEmpty ? state.keepAlive.take() : nil)
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
    let handle: TimerHandle

    func cancel() {
        timers.cancelTimer(handle)
    }
}
