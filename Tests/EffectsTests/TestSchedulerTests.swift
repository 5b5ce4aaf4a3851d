import AllocationCounter
import Effects
import Testing

@Suite struct TestSchedulerTests {
    @Test("the clock starts at zero and nothing runs until it moves")
    func nothingRunsUntilAdvance() {
        let scheduler = TestScheduler()
        let log = Lock<[String]>([])
        scheduler.schedule { log.withLock { $0.append("now") } }
        #expect(scheduler.now == .zero)
        #expect(log.withLock { $0 } == [])
        #expect(scheduler.pendingWorkCount == 1)

        scheduler.advance()
        #expect(log.withLock { $0 } == ["now"])
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test("work due at the same instant runs in the order it was scheduled")
    func sameInstantInSchedulingOrder() {
        let scheduler = TestScheduler()
        let log = Lock<[Int]>([])
        for index in 0..<10 {
            scheduler.schedule(after: .seconds(1)) { log.withLock { $0.append(index) } }
        }
        scheduler.advance(by: .milliseconds(500))
        // Due at the same instant as the first ten, by a shorter delay from a later time.
        for index in 10..<20 {
            scheduler.schedule(after: .milliseconds(500)) { log.withLock { $0.append(index) } }
        }
        #expect(log.withLock { $0 } == [])

        scheduler.advance(by: .milliseconds(500))
        #expect(log.withLock { $0 } == Array(0..<20))
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test("work runs in time order, whatever the order it was scheduled in")
    func timeOrder() {
        let scheduler = TestScheduler()
        let log = Lock<[Duration]>([])
        for seconds in [3, 1, 2] {
            scheduler.schedule(after: .seconds(seconds)) {
                log.withLock { $0.append(scheduler.now) }
            }
        }
        scheduler.advance(by: .seconds(3))
        #expect(log.withLock { $0 } == [.seconds(1), .seconds(2), .seconds(3)])
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test("work scheduled while advancing runs if it falls inside the window, and not otherwise")
    func nestedSchedulingInsideWindow() {
        let scheduler = TestScheduler()
        let log = Lock<[String]>([])
        scheduler.schedule(after: .seconds(1)) {
            log.withLock { $0.append("outer at \(scheduler.now)") }
            scheduler.schedule(after: .milliseconds(500)) {
                log.withLock { $0.append("inner at \(scheduler.now)") }
            }
            scheduler.schedule(after: .seconds(2)) {
                log.withLock { $0.append("late at \(scheduler.now)") }
            }
        }

        scheduler.advance(by: .seconds(2))
        #expect(log.withLock { $0 } == ["outer at 1.0 seconds", "inner at 1.5 seconds"])
        #expect(scheduler.now == .seconds(2))
        #expect(scheduler.pendingWorkCount == 1)

        scheduler.advance(by: .seconds(1))
        #expect(
            log.withLock { $0 } == [
                "outer at 1.0 seconds", "inner at 1.5 seconds", "late at 3.0 seconds",
            ])
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test(
        "the last work of an advance, due at its horizon, may still schedule work that runs in the same advance"
    )
    func lastWorkAtTheHorizonSchedulesMore() {
        let scheduler = TestScheduler()
        let log = Lock<[String]>([])
        scheduler.schedule(after: .seconds(1)) {
            log.withLock { $0.append("last at \(scheduler.now)") }
            scheduler.schedule {
                log.withLock { $0.append("now at \(scheduler.now)") }
                scheduler.schedule(after: .zero) {
                    log.withLock { $0.append("and again at \(scheduler.now)") }
                }
            }
            scheduler.schedule(after: .milliseconds(1)) {
                log.withLock { $0.append("later at \(scheduler.now)") }
            }
        }

        scheduler.advance(by: .seconds(1))
        #expect(
            log.withLock { $0 } == [
                "last at 1.0 seconds", "now at 1.0 seconds", "and again at 1.0 seconds",
            ])
        #expect(scheduler.now == .seconds(1))
        #expect(scheduler.pendingWorkCount == 1)
        scheduler.advance(by: .milliseconds(1))
        #expect(log.withLock { $0.last } == "later at 1.001 seconds")
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test("an advance past its last work still moves the clock to its horizon")
    func advancePastTheLastWork() {
        let scheduler = TestScheduler()
        let ran = Lock<Duration?>(nil)
        scheduler.schedule(after: .seconds(1)) { ran.withLock { $0 = scheduler.now } }

        scheduler.advance(by: .seconds(3))

        #expect(ran.withLock { $0 } == .seconds(1))
        #expect(scheduler.now == .seconds(3))
    }

    @Test(
        "advance(to:) runs what is due up to and including the instant, and moves the clock there")
    func advanceToInstant() {
        let scheduler = TestScheduler()
        let log = Lock<[Int]>([])
        scheduler.schedule(after: .seconds(2)) { log.withLock { $0.append(2) } }
        scheduler.schedule(after: .seconds(5)) { log.withLock { $0.append(5) } }
        scheduler.schedule(after: .seconds(6)) { log.withLock { $0.append(6) } }

        scheduler.advance(to: .seconds(5))
        #expect(log.withLock { $0 } == [2, 5])
        #expect(scheduler.now == .seconds(5))
        #expect(scheduler.pendingWorkCount == 1)

        scheduler.advance(to: .seconds(5))
        #expect(log.withLock { $0 } == [2, 5])
        scheduler.advance(to: .seconds(6))
        #expect(log.withLock { $0 } == [2, 5, 6])
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test(
        "run() runs everything, including work scheduled meanwhile, and moves the clock to the last"
    )
    func runRunsEverything() {
        let scheduler = TestScheduler()
        let log = Lock<[Duration]>([])
        scheduler.schedule(after: .seconds(10)) { log.withLock { $0.append(scheduler.now) } }
        scheduler.schedule(after: .seconds(1)) {
            log.withLock { $0.append(scheduler.now) }
            scheduler.schedule(after: .seconds(30)) { log.withLock { $0.append(scheduler.now) } }
        }

        scheduler.run()
        #expect(log.withLock { $0 } == [.seconds(1), .seconds(10), .seconds(31)])
        #expect(scheduler.now == .seconds(31))
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test("pendingWorkCount counts what is scheduled and neither run nor cancelled")
    func pendingWorkCount() {
        let scheduler = TestScheduler()
        scheduler.schedule {}
        let cancellable = scheduler.schedule(after: .seconds(1)) {}
        scheduler.schedule(after: .seconds(2)) {}
        #expect(scheduler.pendingWorkCount == 3)

        cancellable.cancel()
        #expect(scheduler.pendingWorkCount == 2)
        scheduler.advance(by: .seconds(1))
        #expect(scheduler.pendingWorkCount == 1)
        scheduler.advance(by: .seconds(1))
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test("cancelled work does not run, and cancelling twice or after running is harmless")
    func cancelledWorkDoesNotRun() {
        let scheduler = TestScheduler()
        let log = Lock<[String]>([])
        let cancelled = scheduler.schedule(after: .seconds(1)) {
            log.withLock { $0.append("cancelled") }
        }
        let kept = scheduler.schedule(after: .seconds(1)) { log.withLock { $0.append("kept") } }
        cancelled.cancel()
        cancelled.cancel()

        scheduler.advance(by: .seconds(1))
        kept.cancel()
        #expect(log.withLock { $0 } == ["kept"])
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test("work may cancel other work due at the same instant")
    func workCancelsOtherWork() {
        let scheduler = TestScheduler()
        let log = Lock<[String]>([])
        let victim = Lock<(any Cancellable)?>(nil)
        scheduler.schedule(after: .seconds(1)) {
            log.withLock { $0.append("first") }
            victim.withLock { $0 }?.cancel()
        }
        let second = scheduler.schedule(after: .seconds(1)) { log.withLock { $0.append("second") } }
        victim.withLock { $0 = second }

        scheduler.advance(by: .seconds(1))
        #expect(log.withLock { $0 } == ["first"])
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test("scheduling after a negative delay runs at the current instant")
    func negativeDelayRunsNow() {
        let scheduler = TestScheduler()
        scheduler.advance(by: .seconds(3))
        let ranAt = Lock<Duration?>(nil)
        scheduler.schedule(after: .seconds(-1)) { ranAt.withLock { $0 = scheduler.now } }

        scheduler.advance(by: .zero)
        #expect(ranAt.withLock { $0 } == .seconds(3))
        #expect(scheduler.now == .seconds(3))
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test("many items at the same instant, some scheduled while advancing, run in scheduling order")
    func sameInstantManyWithNested() {
        let scheduler = TestScheduler()
        let log = Lock<[Int]>([])
        for index in 0..<100 {
            scheduler.schedule(after: .seconds(1)) {
                log.withLock { $0.append(index) }
                if index.isMultiple(of: 10) {
                    // Same instant: after everything already scheduled for it.
                    scheduler.schedule(after: .zero) { log.withLock { $0.append(1_000 + index) } }
                    // Inside the window, later: runs in this advance.
                    scheduler.schedule(after: .milliseconds(500)) {
                        log.withLock { $0.append(2_000 + index) }
                    }
                    // Outside the window: waits.
                    scheduler.schedule(after: .seconds(2)) {
                        log.withLock { $0.append(3_000 + index) }
                    }
                }
            }
        }
        #expect(scheduler.pendingWorkCount == 100)

        scheduler.advance(by: .milliseconds(1_500))
        let tens = Array(stride(from: 0, to: 100, by: 10))
        #expect(
            log.withLock { $0 } == Array(0..<100) + tens.map { 1_000 + $0 }
                + tens.map { 2_000 + $0 })
        #expect(scheduler.pendingWorkCount == 10)

        scheduler.advance(by: .seconds(2))
        #expect(log.withLock { $0.suffix(10) } == tens.map { 3_000 + $0 })
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test("100,000 items scheduled in random order run in due order")
    func manyPendingItemsRunSorted() {
        let scheduler = TestScheduler()
        var generator = SystemRandomNumberGenerator()
        var dues: [Int] = []
        let log = Lock<[Int]>([])
        log.withLock { $0.reserveCapacity(100_000) }
        for _ in 0..<100_000 {
            let due = Int.random(in: 0..<1_000_000, using: &generator)
            dues.append(due)
            scheduler.schedule(after: .microseconds(due)) { log.withLock { $0.append(due) } }
        }
        #expect(scheduler.pendingWorkCount == 100_000)
        scheduler.advance(by: .seconds(1))
        #expect(log.withLock { $0 } == dues.sorted())
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test(
        "cancelling the head, a middle item, an item that ran, or twice: pendingWorkCount stays exact"
    )
    func cancelAnywhere() {
        let scheduler = TestScheduler()
        let log = Lock<[Int]>([])
        let handles = (0..<5).map { index in
            scheduler.schedule(after: .seconds(index + 1)) { log.withLock { $0.append(index) } }
        }
        #expect(scheduler.pendingWorkCount == 5)
        handles[0].cancel()
        #expect(scheduler.pendingWorkCount == 4)
        handles[2].cancel()
        #expect(scheduler.pendingWorkCount == 3)
        handles[2].cancel()
        #expect(scheduler.pendingWorkCount == 3)

        scheduler.advance(by: .seconds(2))
        #expect(log.withLock { $0 } == [1])
        #expect(scheduler.pendingWorkCount == 2)
        handles[1].cancel()
        #expect(scheduler.pendingWorkCount == 2, "work that ran cannot be cancelled")

        // The slot of cancelled or finished work is reused; old handles must not reach the new work.
        let newcomer = scheduler.schedule(after: .seconds(1)) { log.withLock { $0.append(10) } }
        handles[0].cancel()
        handles[1].cancel()
        #expect(scheduler.pendingWorkCount == 3)
        scheduler.advance(by: .seconds(3))
        #expect(log.withLock { $0 } == [1, 10, 3, 4])
        #expect(scheduler.pendingWorkCount == 0)
        newcomer.cancel()
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test("cancelling releases the action, and what it captures, at once")
    func cancelReleasesAtOnce() {
        let scheduler = TestScheduler()
        expectCancelReleasesAtOnce(on: scheduler, after: .seconds(1))
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test("the action of work that ran is released once it has run")
    func ranWorkIsReleased() {
        let scheduler = TestScheduler()
        weak var weakWitness: Witness?
        do {
            let witness = Witness()
            weakWitness = witness
            scheduler.schedule(after: .seconds(1)) { witness.touch() }
        }
        #expect(weakWitness != nil)
        scheduler.advance(by: .seconds(1))
        #expect(weakWitness == nil)
    }

    @Test("scheduling a delayed item and cancelling it allocates nothing once the queue has grown")
    func scheduleAndCancelAllocateNothing() {
        let scheduler = TestScheduler()
        // Grow the queue's arrays and instantiate the metadata first, through both of the
        // queue's paths: due times that fall (the heap) as well as rise (the sorted run).
        let warmUp = (0..<64).map { index in
            scheduler.schedule(after: .seconds(index.isMultiple(of: 2) ? 64 - index : index)) {}
        }
        for handle in warmUp { handle.cancel() }
        scheduler.schedule(after: .seconds(2)) {}

        let before = allocation_count_on_this_thread()
        for index in 0..<1_000 {
            let handle = scheduler.schedule(after: .milliseconds(index % 7)) {}
            handle.cancel()
        }
        for _ in 0..<32 {
            scheduler.schedule(after: .seconds(1)) {}
        }
        let allocations = allocation_count_on_this_thread() - before

        #expect(allocations == 0)
        #expect(scheduler.pendingWorkCount == 33)
        scheduler.advance(by: .seconds(2))
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test("repeating work runs at exactly delay, delay + interval, delay + 2 × interval, …")
    func repeatingRunsOnExactInstants() {
        let scheduler = TestScheduler()
        let runs = Lock<[Duration]>([])
        let ticking = scheduler.schedule(after: .seconds(2), interval: .milliseconds(1_500)) {
            runs.withLock { $0.append(scheduler.now) }
        }
        #expect(scheduler.pendingWorkCount == 1)

        var expected: [Duration] = []
        for due in [Duration.seconds(2), .milliseconds(3_500), .seconds(5), .milliseconds(6_500)] {
            scheduler.advance(to: due - .nanoseconds(1))
            #expect(runs.withLock { $0 } == expected, "not yet at \(due - .nanoseconds(1))")
            scheduler.advance(to: due)
            expected.append(due)
            #expect(runs.withLock { $0 } == expected, "at \(due)")
        }
        #expect(scheduler.pendingWorkCount == 1, "repeating work counts once while it lasts")

        ticking.cancel()
        #expect(scheduler.pendingWorkCount == 0)
        scheduler.advance(by: .seconds(10))
        #expect(runs.withLock { $0 } == expected)
    }

    @Test(
        "one long advance runs every tick inside it, each at its own instant, in order with other work"
    )
    func repeatingInsideOneAdvance() {
        let scheduler = TestScheduler()
        let log = Lock<[String]>([])
        let ticking = scheduler.schedule(after: .seconds(1), interval: .seconds(1)) {
            log.withLock { $0.append("tick at \(scheduler.now)") }
        }
        scheduler.schedule(after: .milliseconds(2_500)) {
            log.withLock { $0.append("once at \(scheduler.now)") }
        }
        // Due at the same instant as the third tick, but scheduled before that tick was rescheduled.
        scheduler.schedule(after: .seconds(3)) {
            log.withLock { $0.append("other at \(scheduler.now)") }
        }

        scheduler.advance(by: .milliseconds(3_500))
        #expect(
            log.withLock { $0 } == [
                "tick at 1.0 seconds", "tick at 2.0 seconds", "once at 2.5 seconds",
                "other at 3.0 seconds", "tick at 3.0 seconds",
            ])
        #expect(scheduler.now == .milliseconds(3_500))
        ticking.cancel()
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test("repeating work that cancels itself from inside its action runs no more")
    func repeatingCancelsItself() {
        let scheduler = TestScheduler()
        let runs = Lock(0)
        let handle = Lock<(any Cancellable)?>(nil)
        let ticking = scheduler.schedule(after: .zero, interval: .seconds(1)) {
            let count = runs.withLock { runs in
                runs += 1
                return runs
            }
            if count == 3 {
                handle.withLock { $0 }?.cancel()
            }
        }
        handle.withLock { $0 = ticking }

        scheduler.advance(by: .seconds(10))
        #expect(runs.withLock { $0 } == 3)
        #expect(scheduler.pendingWorkCount == 0)
        handle.withLock { $0 = nil }
    }

    @Test("a repeating schedule with an interval of zero or less is a precondition failure")
    func repeatingNeedsPositiveInterval() async {
        await #expect(processExitsWith: .failure) {
            TestScheduler().schedule(after: .zero, interval: .zero) {}
        }
    }

    @Test("moving the clock backwards is a precondition failure")
    func advancingBackwardsTraps() async {
        await #expect(processExitsWith: .failure) {
            TestScheduler().advance(by: .seconds(-1))
        }
        await #expect(processExitsWith: .failure) {
            let scheduler = TestScheduler()
            scheduler.advance(by: .seconds(2))
            scheduler.advance(to: .seconds(1))
        }
    }
}
