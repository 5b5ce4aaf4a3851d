import Dispatch
import Effects

/// A caller the store's machine told to wait: a thread on a semaphore (``wait()``), or a task on
/// a continuation (``suspend()``).
@usableFromInline
final class Waiter: StoreWaiter, Sendable {
    @usableFromInline let thread: ThreadID?
    /// Nil for a task.
    private let semaphore: DispatchSemaphore?
    private let parked = Lock(TaskParking<CheckedContinuation<Void, Never>>())

    @usableFromInline
    init(thread: ThreadID, suspends: Bool) {
        self.thread = suspends ? nil : thread
        semaphore = suspends ? nil : DispatchSemaphore(value: 0)
    }

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

    /// Returns at once if the signal came already.
    @usableFromInline
    func suspend() async {
        precondition(semaphore == nil, "a thread's waiter was awaited by a task")
        await withCheckedContinuation { continuation in
            if parked.withLock({ $0.suspend(continuation) }) {
                continuation.resume()
            }
        }
    }

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

/// A task's wait in a ``Waiter``: the signal and the continuation come in either order, and the
/// second resumes it. Generic so that tests drive it with plain values.
struct TaskParking<Continuation> {
    enum Stage {
        case waiting
        case suspended(Continuation)
        /// The signal came first: the task goes on as it suspends.
        case signalled
        case over
    }

    private(set) var stage = Stage.waiting

    /// True if the task must be resumed at once.
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

    /// The continuation to resume now, if the task is suspended already.
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
