import Dispatch
import Effects
import Testing

/// The test scheduler as the executor of async tasks: they run only when the test moves it,
/// on the test's thread, until they wait again.
@Suite struct TestSchedulerTaskExecutorTests {
    /// An actor whose isolation is a Dispatch queue of its own, as the main actor's is the main
    /// thread: calling it leaves the test scheduler.
    actor Elsewhere {
        final class QueueExecutor: SerialExecutor {
            let queue = DispatchQueue(label: "TestSchedulerTaskExecutorTests.Elsewhere")

            func enqueue(_ job: consuming ExecutorJob) {
                let job = UnownedJob(job)
                queue.async { job.runSynchronously(on: self.asUnownedSerialExecutor()) }
            }
        }

        let executor = QueueExecutor()

        nonisolated var unownedExecutor: UnownedSerialExecutor {
            executor.asUnownedSerialExecutor()
        }

        /// Waits for `gate` (on the actor's own queue), then answers.
        func visit(after gate: DispatchSemaphore) -> Int {
            gate.wait()
            return 42
        }
    }

    /// An actor without an executor of its own: its code runs wherever its caller prefers.
    actor Counter {
        var count = 0

        func increment() -> Int {
            count += 1
            return count
        }
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @Test("a task that prefers the scheduler does not start until the test runs it")
    func waitsForTheTest() {
        let scheduler = TestScheduler()
        let log = Lock<[String]>([])
        Task(executorPreference: scheduler) { log.withLock { $0.append("ran") } }
        #expect(log.withLock { $0 } == [])
        #expect(scheduler.pendingWorkCount == 1)
        scheduler.runReadyTasks()
        #expect(log.withLock { $0 } == ["ran"])
        #expect(scheduler.pendingWorkCount == 0)
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @Test("ready tasks run before work due at the same advance, and in the order they became ready")
    func readyTasksFirst() {
        let scheduler = TestScheduler()
        let log = Lock<[String]>([])
        scheduler.schedule { log.withLock { $0.append("scheduled work") } }
        for name in ["first task", "second task"] {
            Task(executorPreference: scheduler) { @Sendable in log.withLock { $0.append(name) } }
        }
        scheduler.advance()
        #expect(log.withLock { $0 } == ["first task", "second task", "scheduled work"])
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @Test("child tasks and task groups run on the scheduler too, and finish inside the advance")
    func childTasks() {
        let scheduler = TestScheduler()
        let total = Lock<Int?>(nil)
        Task(executorPreference: scheduler) {
            async let one: Int = {
                try? await scheduler.clock.sleep(for: .seconds(1))
                return 1
            }()
            let others = await withTaskGroup(of: Int.self) { group in
                for value in [10, 100] {
                    group.addTask {
                        try? await scheduler.clock.sleep(for: .seconds(2))
                        return value
                    }
                }
                return await group.reduce(0, +)
            }
            let sum = await one + others
            total.withLock { $0 = sum }
        }
        scheduler.advance(by: .seconds(1))
        #expect(total.withLock { $0 } == nil)
        scheduler.advance(by: .seconds(1))
        #expect(total.withLock { $0 } == 111)
        #expect(scheduler.pendingWorkCount == 0)
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @Test("a plain actor's code runs on the scheduler too, inside the advance")
    func plainActorsStay() {
        let scheduler = TestScheduler()
        let counter = Counter()
        let log = Lock<[Int]>([])
        Task(executorPreference: scheduler) {
            try await scheduler.clock.sleep(for: .seconds(1))
            let count = await counter.increment()
            log.withLock { $0.append(count) }
        }
        scheduler.advance(by: .seconds(1))
        #expect(log.withLock { $0 } == [1])
        #expect(scheduler.pendingWorkCount == 0)
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @Test(
        "work that leaves for an actor with an executor of its own comes back as a job, run at the next step"
    )
    func comesBackFromAnActor() async {
        let scheduler = TestScheduler()
        let elsewhere = Elsewhere()
        let log = Lock<[Int]>([])
        let (arrivals, arrived) = AsyncStream<Void>.makeStream()
        let observation = scheduler.observeTaskArrivals { arrived.yield() }
        defer { observation.cancel() }

        // Held until the test has run the task up to its call, so that the way back cannot
        // arrive while the test is still running jobs.
        let gate = DispatchSemaphore(value: 0)
        Task(executorPreference: scheduler) {
            let value = await elsewhere.visit(after: gate)
            log.withLock { $0.append(value) }
        }
        var iterator = arrivals.makeAsyncIterator()
        await iterator.next()   // the task's first job
        scheduler.runReadyTasks()
        gate.signal()
        await iterator.next()   // back from the actor
        #expect(log.withLock { $0 } == [])
        scheduler.runReadyTasks()
        #expect(log.withLock { $0 } == [42])
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @Test("the same sleeping task, 1,000 times over, wakes at exactly the same instants")
    func deterministicUnderRepetition() {
        for _ in 0..<1_000 {
            let scheduler = TestScheduler()
            let log = Lock<[Duration]>([])
            Task(executorPreference: scheduler) {
                for _ in 0..<3 {
                    try await scheduler.clock.sleep(for: .milliseconds(250))
                    log.withLock { $0.append(scheduler.now) }
                }
            }
            scheduler.advance(by: .milliseconds(749))
            #expect(log.withLock { $0 } == [.milliseconds(250), .milliseconds(500)])
            scheduler.advance(by: .milliseconds(1))
            #expect(
                log.withLock { $0 } == [.milliseconds(250), .milliseconds(500), .milliseconds(750)])
            #expect(scheduler.pendingWorkCount == 0)
        }
    }
}
