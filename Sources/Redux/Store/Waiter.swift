import Dispatch
import Effects

/// A caller the store's machine told to wait, until it is signalled: a thread blocked in
/// `dispatch` or `subscribe` (``wait()``), or a task suspended in `enqueue` (``suspend()``).
///
/// The only place where a store's caller waits: a thread on a semaphore, a task on a
/// continuation, which leaves its thread free for other tasks (the cooperative pool has as many
/// threads as cores, and a blocked one is lost to all of them). The machine decides which, when
/// it makes the waiter (see ``StoreWaiter``); made only when a caller must wait, never on the
/// path of a dispatch that goes through.
@usableFromInline
final class Waiter: StoreWaiter, Sendable {
    @usableFromInline let thread: ThreadID?
    /// A thread's: it blocks on it. Nil for a task.
    private let semaphore: DispatchSemaphore?
    /// A task's: where its continuation meets the signal (a thread's waiter leaves it unused).
    private let parked = Lock(TaskParking<CheckedContinuation<Void, Never>>())

    @usableFromInline
    init(thread: ThreadID, suspends: Bool) {
        self.thread = suspends ? nil : thread
        semaphore = suspends ? nil : DispatchSemaphore(value: 0)
    }

    /// Blocks the calling thread until ``signal()``.
    @usableFromInline
    func wait() {
        guard let semaphore else {
            preconditionFailure("a task's waiter was waited on by a thread")
        }
        #if DEBUG
        // Under a systematic test, the tester parks the thread and runs others meanwhile.
        if let tester = ScheduleTesting.tester,
            tester.block(until: { [semaphore] in semaphore.wait(timeout: .now()) == .success })
        {
            return
        }
        #endif
        semaphore.wait()
    }

    /// Suspends the calling task until ``signal()`` (at once if it came already).
    @usableFromInline
    func suspend() async {
        precondition(semaphore == nil, "a thread's waiter was awaited by a task")
        await withCheckedContinuation { continuation in
            if parked.withLock({ $0.suspend(continuation) }) {
                continuation.resume()
            }
        }
    }

    /// Lets the caller go on: wakes the thread, or resumes the task (outside the lock).
    @usableFromInline
    func signal() {
        #if DEBUG
        ScheduleTesting.tester?.willSynchronize()
        #endif
        if let semaphore {
            semaphore.signal()
        } else {
            parked.withLock { $0.signal() }?.resume()
        }
    }
}

/// A task's wait in a ``Waiter``: the signal and the continuation may come in either order (the
/// machine hands the waiter out under the store's lock, the task suspends after it is let go),
/// and the continuation is resumed exactly once, by whichever comes second.
///
/// Pure, generic over the continuation so that tests drive it with plain values.
struct TaskParking<Continuation> {
    enum Stage {
        /// Neither has come.
        case waiting
        /// The task is suspended.
        case suspended(Continuation)
        /// The signal came first: the task goes on as it suspends.
        case signalled
        /// Resumed: nothing more happens.
        case over
    }

    private(set) var stage = Stage.waiting

    /// The task suspends: true if it must be resumed at once (the signal came first).
    mutating func suspend(_ continuation: Continuation) -> Bool {
        switch stage {
        case .waiting:
            stage = .suspended(continuation)
            return false
        case .signalled:
            stage = .over
            return true
        case .suspended, .over:
            preconditionFailure("a task suspended twice on one waiter")
        }
    }

    /// The signal: the continuation to resume now, if the task is suspended already.
    mutating func signal() -> Continuation? {
        switch stage {
        case .waiting:
            stage = .signalled
            return nil
        case .suspended(let continuation):
            stage = .over
            return continuation
        case .signalled, .over:
            preconditionFailure("a waiter was signalled twice")
        }
    }
}

extension TaskParking: Sendable where Continuation: Sendable {}
extension TaskParking.Stage: Sendable where Continuation: Sendable {}
