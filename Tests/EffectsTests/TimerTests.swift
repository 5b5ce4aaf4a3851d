import Effects
import Testing

@Suite struct TimerTests {
    @Test(
        "ticks every interval from subscription, sending the scheduler's time, not a nanosecond early"
    )
    func ticksOnTime() {
        let scheduler = TestScheduler()
        scheduler.advance(by: .seconds(10))
        let recorder = Recorder<Duration>()
        Publishers.Timer(every: .seconds(1), scheduler: scheduler).subscribe(recorder)

        scheduler.advance(by: .seconds(1) - .nanoseconds(1))
        #expect(recorder.values == [])
        scheduler.advance(by: .nanoseconds(1))
        #expect(recorder.values == [.seconds(11)])
        scheduler.advance(by: .seconds(1) - .nanoseconds(1))
        #expect(recorder.values == [.seconds(11)])
        scheduler.advance(by: .nanoseconds(1))
        #expect(recorder.values == [.seconds(11), .seconds(12)])
        recorder.cancel()
    }

    @Test("one advance over several ticks delivers each at its own instant")
    func severalTicksInOneAdvance() {
        let scheduler = TestScheduler()
        let recorder = TimedRecorder<Duration>(clock: scheduler)
        Publishers.Timer(every: .milliseconds(300), scheduler: scheduler).subscribe(recorder)

        scheduler.advance(by: .seconds(1))
        #expect(
            recorder.timeline == [
                .value(.milliseconds(300), at: .milliseconds(300)),
                .value(.milliseconds(600), at: .milliseconds(600)),
                .value(.milliseconds(900), at: .milliseconds(900)),
            ])
        recorder.cancel()
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test("cancelling stops the ticks and leaves no work scheduled")
    func cancelStops() {
        let scheduler = TestScheduler()
        let recorder = Recorder<Duration>()
        Publishers.Timer(every: .seconds(1), scheduler: scheduler).subscribe(recorder)
        scheduler.advance(by: .seconds(2))
        #expect(scheduler.pendingWorkCount == 1)

        recorder.cancel()
        #expect(scheduler.pendingWorkCount == 0)
        scheduler.advance(by: .seconds(5))
        #expect(recorder.values == [.seconds(1), .seconds(2)])
    }

    @Test("prefix(3) finishes at the third tick, cancelling the timer from inside a tick")
    func prefixStopsFromInsideATick() {
        let scheduler = TestScheduler()
        let recorder = TimedRecorder<Duration>(clock: scheduler)
        Publishers.Timer(every: .seconds(1), scheduler: scheduler).prefix(3).subscribe(recorder)

        scheduler.advance(by: .seconds(10))
        #expect(
            recorder.timeline == [
                .value(.seconds(1), at: .seconds(1)),
                .value(.seconds(2), at: .seconds(2)),
                .value(.seconds(3), at: .seconds(3)),
                .finished(at: .seconds(3)),
            ])
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test("each subscriber has its own series, starting when it subscribes")
    func seriesPerSubscriber() {
        let scheduler = TestScheduler()
        let timer = Publishers.Timer(every: .seconds(1), scheduler: scheduler)
        let first = Recorder<Duration>()
        let second = Recorder<Duration>()
        timer.subscribe(first)
        scheduler.advance(by: .milliseconds(500))
        timer.subscribe(second)
        scheduler.advance(to: .seconds(2))

        #expect(first.values == [.seconds(1), .seconds(2)])
        #expect(second.values == [.milliseconds(1_500)])
        first.cancel()
        second.cancel()
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test(
        "through share(), every subscriber gets one series: a late one from then on, and the last cancel stops it"
    )
    func sharedSeries() {
        let scheduler = TestScheduler()
        let ticks = Publishers.Timer(every: .seconds(1), scheduler: scheduler).share()
        let first = Recorder<Duration>()
        let second = Recorder<Duration>()
        ticks.subscribe(first)
        scheduler.advance(by: .milliseconds(500))
        ticks.subscribe(second)
        scheduler.advance(to: .seconds(2))

        #expect(first.values == [.seconds(1), .seconds(2)])
        #expect(second.values == [.seconds(1), .seconds(2)], "the first subscriber's grid")
        first.cancel()
        #expect(scheduler.pendingWorkCount == 1, "one subscriber left: the series goes on")
        second.cancel()
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test("cancelled while it hands over its subscription, it schedules nothing")
    func cancelOnSubscription() {
        let scheduler = TestScheduler()
        let recorder = Recorder<Duration> { recorder, event in
            if case .subscription = event { recorder.cancel() }
        }
        Publishers.Timer(every: .seconds(1), scheduler: scheduler).subscribe(recorder)
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test("on the immediate scheduler, whose clock stands still, it ticks once, at once")
    func immediateSchedulerTicksOnce() {
        let recorder = Recorder<Duration>()
        Publishers.Timer(every: .seconds(1), scheduler: ImmediateScheduler()).subscribe(recorder)
        #expect(recorder.values == [.zero])
    }

    @Test("an interval of zero or less is refused with a precondition failure")
    func refusesNonPositiveInterval() async {
        await #expect(processExitsWith: .failure) {
            _ = Publishers.Timer(every: .zero, scheduler: ImmediateScheduler())
        }
        await #expect(processExitsWith: .failure) {
            _ = Publishers.Timer(every: .seconds(-1), scheduler: ImmediateScheduler())
        }
    }

    @Test("describes its interval")
    func description() {
        #expect(
            Publishers.Timer(every: .seconds(1), scheduler: TestScheduler()).description
                == "Timer(every 1.0 seconds)")
    }
}
