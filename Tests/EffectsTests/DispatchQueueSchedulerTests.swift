import AllocationCounter
import Dispatch
@testable import Effects
import ConcurrencyTestSupport
import Testing

@Suite struct DispatchQueueSchedulerTests {
    @Test("schedule runs the work on its queue, in order", .timeLimit(.minutes(1)))
    func runsWorkOnQueueInOrder() async {
        let key = DispatchSpecificKey<Int>()
        let queue = DispatchQueue(label: "DispatchQueueSchedulerTests.order")
        queue.setSpecific(key: key, value: 7)
        let scheduler = DispatchQueueScheduler(queue: queue)
        let log = Lock<[Int?]>([])

        await withCheckedContinuation { continuation in
            for _ in 0..<3 {
                scheduler.schedule {
                    log.withLock { $0.append(DispatchQueue.getSpecific(key: key)) }
                }
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
        let ran = TestAtomic(false)
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
            let justUnderTheLimit = Duration(
                secondsComponent: 9_223_372_036, attosecondsComponent: 999_999_999_000_000_000)
            scheduler.schedule(after: justUnderTheLimit) {}.cancel()
            scheduler.schedule(after: .seconds(Int64.max)) {}.cancel()
        }
    }

    @Test(
        "many delayed items run in due order, and cancelled ones never run", .timeLimit(.minutes(1))
    )
    func manyItemsRunInDueOrder() async {
        let scheduler = DispatchQueueScheduler()
        let log = Lock<[Int]>([])
        // Each item's due time lies between the clock read before scheduling it, and the one
        // after, plus its delay.
        var dueBounds: [Int: (earliest: Duration, latest: Duration)] = [:]
        var generator = SystemRandomNumberGenerator()
        // Hold the queue while scheduling, so that what runs first is the timer queue's choice.
        let gate = DispatchSemaphore(value: 0)
        scheduler.queue.async { gate.wait() }
        for index in 0..<300 {
            let delay = Duration.microseconds(Int.random(in: 0...30_000, using: &generator))
            let before = scheduler.now
            let handle = scheduler.schedule(after: delay) { log.withLock { $0.append(index) } }
            let after = scheduler.now
            if index.isMultiple(of: 3) {
                handle.cancel()
            } else {
                dueBounds[index] = (before + delay, after + delay)
            }
        }
        gate.signal()
        await withCheckedContinuation { continuation in
            scheduler.schedule(after: .milliseconds(40)) { continuation.resume() }
        }

        let ran = log.withLock { $0 }
        #expect(
            ran.sorted() == dueBounds.keys.sorted(),
            "every kept item ran once; no cancelled one did")
        var outOfOrder = 0
        for (position, index) in ran.enumerated() {
            for later in ran[(position + 1)...] {
                // `later` ran after `index`: it must not have been certainly due before it.
                if let first = dueBounds[index], let second = dueBounds[later],
                    second.latest < first.earliest
                {
                    outOfOrder += 1
                }
            }
        }
        #expect(outOfOrder == 0)
    }

    @Test(
        "scheduling delayed work allocates nothing on the caller's thread once the timer is armed")
    func schedulingAllocatesNothing() {
        let scheduler = DispatchQueueScheduler()
        // Warm up: grows the timer queue's arrays and arms its timer (from the queue).
        let warmUp = (0..<64).map { _ in scheduler.schedule(after: .seconds(60)) {} }
        for handle in warmUp.dropFirst() { handle.cancel() }
        scheduler.queue.sync {}

        let before = allocation_count_on_this_thread()
        for _ in 0..<1_000 {
            let handle = scheduler.schedule(after: .seconds(61)) {}
            handle.cancel()
        }
        let allocations = allocation_count_on_this_thread() - before
        #expect(allocations == 0)
        warmUp[0].cancel()
    }

    @Test("cancelling releases the action, and what it captures, at once")
    func cancelReleasesAtOnce() {
        expectCancelReleasesAtOnce(on: DispatchQueueScheduler(), after: .seconds(60))
    }

    @Test(
        "repeating work runs again and again on the queue, and stops when cancelled",
        .timeLimit(.minutes(1)))
    func repeatingRunsUntilCancelled() async {
        let scheduler = DispatchQueueScheduler()
        let runs = Lock<[Duration]>([])
        let start = scheduler.now
        let handle = Lock<(any Cancellable)?>(nil)
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ticking = scheduler.schedule(after: .milliseconds(5), interval: .milliseconds(5)) {
                dispatchPrecondition(condition: .onQueue(scheduler.queue))
                let count = runs.withLock { runs in
                    runs.append(scheduler.now)
                    return runs.count
                }
                if count == 4 {
                    continuation.resume()
                }
            }
            handle.withLock { $0 = ticking }
        }
        handle.withLock { $0 }?.cancel()
        // A run may have been under way as it was cancelled: let it end.
        await withCheckedContinuation { continuation in
            scheduler.schedule { continuation.resume() }
        }
        let countAtCancel = runs.withLock { $0.count }
        // Work due three intervals later runs after any run that was still to come.
        await withCheckedContinuation { continuation in
            scheduler.schedule(after: .milliseconds(15)) { continuation.resume() }
        }
        let times = runs.withLock { $0 }
        #expect(times.count == countAtCancel)
        for (index, time) in times.prefix(4).enumerated() {
            #expect(
                time - start >= .milliseconds(5 * (index + 1)),
                "run \(index) not before its due time")
        }
        handle.withLock { $0 = nil }
    }

    @Test("a busy queue coalesces the runs it missed, and the next run stays on the grid")
    func missedRunsCoalesce() {
        let next = DispatchTimerQueue.nextDue
        #expect(next(.seconds(1), .seconds(1), .seconds(1)) == .seconds(2))
        #expect(next(.seconds(1), .seconds(1), .milliseconds(1_500)) == .seconds(2))
        #expect(next(.seconds(1), .seconds(1), .seconds(2)) == .seconds(3))
        #expect(next(.seconds(1), .seconds(1), .milliseconds(9_999)) == .seconds(10))
        #expect(next(.zero, .nanoseconds(3), .seconds(3_600)) == .seconds(3_600) + .nanoseconds(3))
        #expect(next(.zero, .nanoseconds(7), .seconds(1)) == .nanoseconds(1_000_000_001))
    }

    @Test(
        "after everything pending was cancelled, new work earlier or later than it still runs",
        .timeLimit(.minutes(1)))
    func workAfterCancellingEverything() async {
        let scheduler = DispatchQueueScheduler()
        let log = Lock<[String]>([])
        // Arms the timer for 30 ms, then leaves it armed for nothing.
        scheduler.schedule(after: .milliseconds(30)) { log.withLock { $0.append("cancelled") } }
            .cancel()
        await withCheckedContinuation { continuation in
            scheduler.schedule(after: .milliseconds(40)) {
                log.withLock { $0.append("later") }
                continuation.resume()
            }
            scheduler.schedule(after: .milliseconds(5)) { log.withLock { $0.append("earlier") } }
        }
        #expect(log.withLock { $0 } == ["earlier", "later"])
    }

    @Test("pending work runs even when no copy of the scheduler is kept", .timeLimit(.minutes(1)))
    func pendingWorkKeepsTheTimerAlive() async {
        await withCheckedContinuation { continuation in
            DispatchQueueScheduler().schedule(after: .milliseconds(5)) { continuation.resume() }
        }
        let runs = Lock(0)
        let ticking = Lock<(any Cancellable)?>(nil)
        await withCheckedContinuation { continuation in
            let handle = DispatchQueueScheduler().schedule(
                after: .milliseconds(1), interval: .milliseconds(1)
            ) {
                let count = runs.withLock { runs in
                    runs += 1
                    return runs
                }
                if count == 3 {
                    ticking.withLock { $0 }?.cancel()
                    continuation.resume()
                }
            }
            ticking.withLock { $0 = handle }
        }
        #expect(runs.withLock { $0 } >= 3)
        ticking.withLock { $0 }?.cancel()
        ticking.withLock { $0 = nil }
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
