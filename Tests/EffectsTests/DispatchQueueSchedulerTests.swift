import Dispatch
import Effects
import Synchronization
import Testing

@Suite struct DispatchQueueSchedulerTests {
    @Test("schedule runs the work on its queue, in order", .timeLimit(.minutes(1)))
    func runsWorkOnQueueInOrder() async {
        let key = DispatchSpecificKey<Int>()
        let queue = DispatchQueue(label: "DispatchQueueSchedulerTests.order")
        queue.setSpecific(key: key, value: 7)
        let scheduler = DispatchQueueScheduler(queue: queue)
        let log = Mutex<[Int?]>([])

        await withCheckedContinuation { continuation in
            for _ in 0..<3 {
                scheduler.schedule { log.withLock { $0.append(DispatchQueue.getSpecific(key: key)) } }
            }
            scheduler.schedule { continuation.resume() }
        }
        #expect(log.withLock { $0 } == [7, 7, 7])
    }

    @Test("delayed work runs on the queue, no earlier than asked", .timeLimit(.minutes(1)))
    func delayedWorkRunsAfterDelay() async {
        let scheduler = DispatchQueueScheduler()
        let start = scheduler.now
        let ranAt = await withCheckedContinuation { continuation in
            scheduler.schedule(after: .milliseconds(20)) {
                dispatchPrecondition(condition: .onQueue(scheduler.queue))
                continuation.resume(returning: scheduler.now)
            }
        }
        #expect(ranAt - start >= .milliseconds(20))
    }

    @Test("cancelled delayed work never runs", .timeLimit(.minutes(1)))
    func cancelledWorkDoesNotRun() async {
        let scheduler = DispatchQueueScheduler()
        let ran = Atomic(false)
        // Hold the queue, so that the work cannot start before it is cancelled.
        let gate = DispatchSemaphore(value: 0)
        scheduler.queue.async { gate.wait() }
        let cancellable = scheduler.schedule(after: .zero) { ran.store(true, ordering: .releasing) }
        cancellable.cancel()
        cancellable.cancel()
        gate.signal()

        // Work due later than the cancelled work runs after it would have.
        await withCheckedContinuation { continuation in
            scheduler.schedule(after: .milliseconds(20)) { continuation.resume() }
        }
        let didRun = ran.load(ordering: .acquiring)
        #expect(!didRun)
    }

    @Test("a negative delay runs the work as soon as possible", .timeLimit(.minutes(1)))
    func negativeDelayRunsSoon() async {
        let scheduler = DispatchQueueScheduler()
        await withCheckedContinuation { continuation in
            scheduler.schedule(after: .seconds(-10)) { continuation.resume() }
        }
    }

    @Test("a delay too long to count in nanoseconds waits forever instead of trapping")
    func hugeDelayDoesNotTrap() async {
        // In a child process: before the fix, the nanosecond arithmetic overflowed and trapped.
        await #expect(processExitsWith: .success) {
            let scheduler = DispatchQueueScheduler()
            let justUnderTheLimit = Duration(secondsComponent: 9_223_372_036, attosecondsComponent: 999_999_999_000_000_000)
            scheduler.schedule(after: justUnderTheLimit) {}.cancel()
            scheduler.schedule(after: .seconds(Int64.max)) {}.cancel()
        }
    }

    @Test("the clock moves forward from zero")
    func clockMovesForward() {
        let scheduler = DispatchQueueScheduler()
        let first = scheduler.now
        let second = scheduler.now
        #expect(first >= .zero)
        #expect(second >= first)
    }
}
