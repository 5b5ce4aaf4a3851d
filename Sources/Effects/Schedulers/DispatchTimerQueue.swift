import Dispatch

/// The timer queue of a ``DispatchQueueScheduler``: pending work in a ``TimerHeap``, and one
/// Dispatch timer on the scheduler's queue, armed for the earliest piece.
///
/// Only the queue arms the timer (a pass ends by arming it; new work due before the armed time
/// queues a pass), since two threads arming at once could leave the later time in force.
/// Cancelling never re-arms: a pass for cancelled work finds nothing to do. While work is
/// pending the queue holds itself, so work on a scheduler nobody keeps still runs.
// Safe to share between threads: every mutable field is inside `state`, behind its `Lock`; the
// other stored properties never change, and the one that is not `Sendable`, `timer` (a Dispatch
// source), is thread-safe itself, armed only from `queue` (`runDueWork()`) and cancelled in
// `deinit`.
final class DispatchTimerQueue: @unchecked Sendable {   // see above
    /// What will next run a pass over the due work.
    private enum Alarm {
        case idle
        /// A pass is queued (or running); it arms the timer as it ends.
        case passQueued
        case armed(due: Duration)

        /// Whether new work due at `due` needs a pass queued, nothing running one by then.
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

        mutating func passEnded(next: Duration?) {
            self = next.map { .armed(due: $0) } ?? .idle
        }
    }

    private struct State {
        var work = TimerHeap<TimedWork>()
        var alarm = Alarm.idle
        /// The queue itself while `work` is not empty.
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

    /// - Complexity: O(log n), and a queued pass if the work is due before the armed time.
    func schedule(_ work: TimedWork, after delay: Duration) -> any Cancellable {
        DispatchTimerWork(timers: self, handle: enqueue(work, after: delay))
    }

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

    func cancelTimer(_ handle: TimerHandle) {
        let (removed, released) = state.withLock { state -> (TimedWork?, DispatchTimerQueue?) in
            let removed = state.work.remove(handle)
            let released = state.work.isEmpty ? state.keepAlive.take() : nil
            return (removed, released)
        }
        // Released outside the lock. The alarm stays: re-arming would cost the caller a pass.
        _ = (removed, released)
    }

    /// The first time on the grid `due + k × interval` (k ≥ 1) later than `limit`: missed runs
    /// are coalesced into one.
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

    /// Runs the work due when the pass starts, then arms the timer: work that falls due meanwhile
    /// waits for it, so that work rescheduling itself cannot hold the pass.
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

/// Small enough to sit inside an `any Cancellable` without a box.
private struct DispatchTimerWork: Cancellable {
    let timers: DispatchTimerQueue
    let handle: TimerHandle

    func cancel() {
        timers.cancelTimer(handle)
    }
}
