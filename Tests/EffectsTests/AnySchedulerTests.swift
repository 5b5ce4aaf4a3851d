import Effects
import Testing

@Suite struct AnySchedulerTests {
    @Test("forwards time and work to the scheduler it wraps")
    func forwards() {
        let scheduler = TestScheduler()
        let erased = AnyScheduler(scheduler)
        let ran = Lock<[String]>([])
        erased.schedule { ran.withLock { $0.append("now") } }
        erased.schedule(after: .seconds(1)) { ran.withLock { $0.append("later") } }
        let cancelled = erased.schedule(after: .seconds(1)) {
            ran.withLock { $0.append("cancelled") }
        }
        cancelled.cancel()
        #expect(scheduler.pendingWorkCount == 2)
        scheduler.advance(by: .seconds(1))
        #expect(ran.withLock { $0 } == ["now", "later"])
        #expect(erased.now == .seconds(1))
    }

    @Test("wrapping twice does not stack wrappers")
    func wrappingTwice() {
        let erased = AnyScheduler(AnyScheduler(TestScheduler()))
        #expect(erased.base is TestScheduler)
    }

    @Test("a delayed effect on an erased scheduler waits like any other")
    func delayOnErasedScheduler() {
        let scheduler = TestScheduler()
        let recorder = Recorder<Int>()
        Effect.just(7).delay(for: .seconds(1), scheduler: AnyScheduler(scheduler)).subscribe(
            recorder)
        scheduler.advance(by: .milliseconds(999))
        #expect(recorder.history == [.subscription])
        scheduler.advance(by: .milliseconds(1))
        #expect(recorder.history == [.subscription, .value(7), .finished])
    }

    @Test("forwards repeating work, and its cancellation, to the scheduler it wraps")
    func forwardsRepeating() {
        let scheduler = TestScheduler()
        let erased = AnyScheduler(scheduler)
        let runs = Lock<[Duration]>([])
        let ticking = erased.schedule(after: .seconds(1), interval: .seconds(2)) {
            runs.withLock { $0.append(scheduler.now) }
        }
        #expect(scheduler.pendingWorkCount == 1)
        scheduler.advance(by: .seconds(5))
        #expect(runs.withLock { $0 } == [.seconds(1), .seconds(3), .seconds(5)])
        ticking.cancel()
        #expect(scheduler.pendingWorkCount == 0)
    }
}
