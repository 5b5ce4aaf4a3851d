import Effects
import Synchronization
import Testing

@Suite struct TestSchedulerTests {
    @Test("the clock starts at zero and nothing runs until it moves")
    func nothingRunsUntilAdvance() {
        let scheduler = TestScheduler()
        let log = Mutex<[String]>([])
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
        let log = Mutex<[Int]>([])
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
        let log = Mutex<[Duration]>([])
        for seconds in [3, 1, 2] {
            scheduler.schedule(after: .seconds(seconds)) { log.withLock { $0.append(scheduler.now) } }
        }
        scheduler.advance(by: .seconds(3))
        #expect(log.withLock { $0 } == [.seconds(1), .seconds(2), .seconds(3)])
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test("work scheduled while advancing runs if it falls inside the window, and not otherwise")
    func nestedSchedulingInsideWindow() {
        let scheduler = TestScheduler()
        let log = Mutex<[String]>([])
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
        #expect(log.withLock { $0 } == ["outer at 1.0 seconds", "inner at 1.5 seconds", "late at 3.0 seconds"])
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test("advance(to:) runs what is due up to and including the instant, and moves the clock there")
    func advanceToInstant() {
        let scheduler = TestScheduler()
        let log = Mutex<[Int]>([])
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

    @Test("run() runs everything, including work scheduled meanwhile, and moves the clock to the last")
    func runRunsEverything() {
        let scheduler = TestScheduler()
        let log = Mutex<[Duration]>([])
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
        let log = Mutex<[String]>([])
        let cancelled = scheduler.schedule(after: .seconds(1)) { log.withLock { $0.append("cancelled") } }
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
        let log = Mutex<[String]>([])
        let victim = Mutex<(any Cancellable)?>(nil)
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
        let ranAt = Mutex<Duration?>(nil)
        scheduler.schedule(after: .seconds(-1)) { ranAt.withLock { $0 = scheduler.now } }

        scheduler.advance(by: .zero)
        #expect(ranAt.withLock { $0 } == .seconds(3))
        #expect(scheduler.now == .seconds(3))
        #expect(scheduler.pendingWorkCount == 0)
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
