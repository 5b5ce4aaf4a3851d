import Effects
import Synchronization

/// A scheduler that counts the work it holds: scheduled, and not yet run to the end or cancelled.
///
/// The program waits for a piped script's command to play out by waiting until the store runs
/// no effect *and* its schedulers hold no work. Work counts until its closure has *returned*:
/// a delayed action has then been dispatched, reduced and drawn by the thread that ran it, so
/// the count says more than the store's own count of running effects, which may drop just
/// before the action is dispatched.
///
/// ```swift
/// let scheduler = TrackedScheduler(DispatchQueueScheduler())
/// // … later, from another thread:
/// while scheduler.pendingWorkCount > 0 { usleep(1_000) }
/// ```
final class TrackedScheduler<Base: Scheduler>: Scheduler, WorkTracking {
    /// The scheduler that runs the work.
    let base: Base

    private let counter = WorkCounter()

    /// Tracks the work given to `base`.
    init(_ base: Base) {
        self.base = base
    }

    /// How many pieces of work are scheduled and have not finished running or been cancelled.
    var pendingWorkCount: Int {
        counter.count.withLock { $0 }
    }

    /// The base's time.
    var now: Duration {
        base.now
    }

    func schedule(_ action: @escaping @Sendable () -> Void) {
        let work = TrackedWork(counter)
        base.schedule {
            action()
            work.settle()
        }
    }

    @discardableResult
    func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> any Cancellable {
        let work = TrackedWork(counter)
        let handle = base.schedule(after: delay) {
            action()
            work.settle()
        }
        return TrackedCancellable(handle: handle, work: work)
    }

    /// Schedules repeating work, which counts as one piece until it is cancelled: it never
    /// runs to an end of its own.
    @discardableResult
    func schedule(
        after delay: Duration,
        interval: Duration,
        _ action: @escaping @Sendable () -> Void
    ) -> any Cancellable {
        let work = TrackedWork(counter)
        let handle = base.schedule(after: delay, interval: interval, action)
        return TrackedCancellable(handle: handle, work: work)
    }
}

/// Something that can tell how much work it still holds.
protocol WorkTracking: Sendable {
    /// How many pieces of work are scheduled and not yet finished or cancelled.
    var pendingWorkCount: Int { get }
}

/// Cancels tracked work, and uncounts it. Unlike `AnyCancellable` it does nothing when released:
/// a store lets go of the handle of work that is about to run, and that work must stay counted
/// until it has run.
private struct TrackedCancellable: Cancellable {
    let handle: any Cancellable
    let work: TrackedWork

    func cancel() {
        handle.cancel()
        work.settle()
    }
}

/// The number of pieces of work a ``TrackedScheduler`` holds.
private final class WorkCounter: Sendable {
    let count = Mutex(0)
}

/// One piece of tracked work: counted when made, and uncounted once, by whichever of running
/// to the end or being cancelled comes first.
private final class TrackedWork: Sendable {
    private let counter: WorkCounter
    private let isSettled = Mutex(false)

    init(_ counter: WorkCounter) {
        self.counter = counter
        counter.count.withLock { $0 += 1 }
    }

    func settle() {
        let isFirst = isSettled.withLock { isSettled in
            defer { isSettled = true }
            return !isSettled
        }
        if isFirst {
            counter.count.withLock { $0 -= 1 }
        }
    }
}
