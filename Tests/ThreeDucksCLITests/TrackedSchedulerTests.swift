import Effects
import Testing
@testable import three_ducks

@Suite struct TrackedSchedulerTests {
    @Test("a tracked scheduler counts work until it has run to the end, or is cancelled")
    func tracked() {
        let base = TestScheduler()
        let scheduler = TrackedScheduler(base)
        let observed = ValueLog()
        scheduler.schedule(after: .seconds(1)) { observed.record(scheduler.pendingWorkCount) }
        let cancelled = scheduler.schedule(after: .seconds(2)) {}
        scheduler.schedule { observed.record(scheduler.pendingWorkCount) }
        #expect(scheduler.pendingWorkCount == 3)

        base.advance()
        #expect(scheduler.pendingWorkCount == 2)
        cancelled.cancel()
        cancelled.cancel()
        #expect(scheduler.pendingWorkCount == 1)
        base.advance(by: .seconds(1))
        #expect(scheduler.pendingWorkCount == 0)
        #expect(observed.values == [3, 1], "still counted while it runs")
        #expect(base.pendingWorkCount == 0)
    }

    @Test("releasing the handle of tracked work does not uncount it")
    func releasedHandle() {
        let base = TestScheduler()
        let scheduler = TrackedScheduler(base)
        do {
            _ = scheduler.schedule(after: .seconds(1)) {}
        }
        #expect(scheduler.pendingWorkCount == 1)
        base.advance(by: .seconds(1))
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test("repeating tracked work counts as one piece until it is cancelled")
    func trackedRepeating() {
        let base = TestScheduler()
        let scheduler = TrackedScheduler(base)
        let runs = ValueLog()
        let ticking = scheduler.schedule(after: .seconds(1), interval: .seconds(1)) {
            runs.record(scheduler.pendingWorkCount)
        }
        #expect(scheduler.pendingWorkCount == 1)
        base.advance(by: .seconds(3))
        #expect(runs.values == [1, 1, 1])
        #expect(scheduler.pendingWorkCount == 1)
        ticking.cancel()
        ticking.cancel()
        #expect(scheduler.pendingWorkCount == 0)
        #expect(base.pendingWorkCount == 0)
    }
}
