import Effects
import Foundation

// Debug builds only: release builds have no scheduling points (see `ScheduleTesting`).
#if DEBUG
/// A cooperative pool in miniature for systematic tests: a few threads of a `ControlledScheduler`
/// that run queued jobs (tasks that prefer it as their executor, and plain closures, such as a
/// store's home scheduling its work) until the scenario says it is over.
///
/// What makes the real pool worth testing against: it has as many threads as cores, and a job
/// waits until one of them is free. A thread blocked in a `dispatch` is not free.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
final class ControlledPool: TaskExecutor {
    enum Job: Sendable {
        case task(UnownedJob)
        case closure(@Sendable () -> Void)
    }

    struct Queue {
        var jobs: [Job] = []
        /// The job each thread took while it was parked, to run once it is chosen.
        var taken: [Int: Job] = [:]
        /// The threads running the home's work right now.
        var onHome: Set<UInt> = []
        /// How many of the scenario's tasks have returned.
        var finishedTasks = 0
    }

    private let queue = Lock(Queue())
    /// How many tasks the scenario runs: the threads return once nothing is queued and they
    /// all have.
    private let taskCount: Int

    init(taskCount: Int) {
        self.taskCount = taskCount
    }

    /// A task of the scenario has returned.
    func taskFinished() {
        queue.withLock { $0.finishedTasks += 1 }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = Job.task(UnownedJob(job))
        queue.withLock { $0.jobs.append(job) }
    }

    /// Queues a closure, as a home schedules a piece of a store's work; it runs marked as the
    /// home's (``isRunningHomeWork``).
    func scheduleHomeWork(_ work: @escaping @Sendable () -> Void) {
        queue.withLock {
            $0.jobs.append(
                .closure { [self] in
                    let thread = currentThread()
                    queue.withLock { _ = $0.onHome.insert(thread) }
                    work()
                    queue.withLock { _ = $0.onHome.remove(thread) }
                })
        }
    }

    /// Whether the calling thread runs a piece of the home's work.
    var isRunningHomeWork: Bool {
        let thread = currentThread()
        return queue.withLock { $0.onHome.contains(thread) }
    }

    /// The body of pool thread `index`: runs jobs until the scenario is over and nothing is
    /// queued, parking (a scheduling point of the tester) while there is nothing to run.
    func work(as index: Int) {
        guard let tester = ScheduleTesting.tester else {
            preconditionFailure("a controlled pool runs under a ControlledScheduler")
        }
        while true {
            let isReady: @Sendable () -> Bool = { [self] in
                // Asked under the tester's own lock: this lock must not be a scheduling point.
                queue.withLockUnscheduled { queue in
                    guard !queue.jobs.isEmpty else { return queue.finishedTasks == taskCount }
                    queue.taken[index] = queue.jobs.removeFirst()
                    return true
                }
            }
            _ = tester.block(until: isReady)
            let job = queue.withLockUnscheduled { $0.taken.removeValue(forKey: index) }
            switch job {
            case .task(let job): job.runSynchronously(on: asUnownedTaskExecutor())
            case .closure(let body): body()
            case nil: return
            }
        }
    }
}
#endif
