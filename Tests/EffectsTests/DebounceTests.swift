import Effects
import Testing

@Suite struct DebounceTests {
    @Test("a lone value is sent exactly dueTime after it arrived, not a nanosecond sooner")
    func loneValueExactlyOnTime() {
        let scheduler = TestScheduler()
        let upstream = PassthroughSubject<Int>()
        let recorder = Recorder<Int>()
        upstream.debounce(for: .milliseconds(300), scheduler: scheduler).subscribe(recorder)

        upstream.send(1)
        scheduler.advance(by: .milliseconds(300) - .nanoseconds(1))
        #expect(recorder.history == [.subscription])
        scheduler.advance(by: .nanoseconds(1))
        #expect(recorder.history == [.subscription, .value(1)])
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test("of a burst, only the last value is sent, dueTime after it arrived")
    func lastOfBurst() {
        let scheduler = TestScheduler()
        let upstream = PassthroughSubject<String>()
        let recorder = Recorder<String>()
        upstream.debounce(for: .milliseconds(300), scheduler: scheduler).subscribe(recorder)

        upstream.send("d")
        scheduler.advance(by: .milliseconds(100))
        upstream.send("du")
        scheduler.advance(by: .milliseconds(100))
        upstream.send("duc")
        scheduler.advance(to: .milliseconds(499))
        #expect(recorder.history == [.subscription])
        scheduler.advance(to: .milliseconds(500))
        #expect(recorder.history == [.subscription, .value("duc")])
        scheduler.advance(by: .seconds(5))
        #expect(recorder.history == [.subscription, .value("duc")])
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test(
        "a value that moves the due time is waited for inside the same advance, at its exact instant"
    )
    func waitsAgainMidAdvance() {
        let scheduler = TestScheduler()
        let upstream = PassthroughSubject<Int>()
        let recorder = TimedRecorder<Int>(clock: scheduler)
        upstream.debounce(for: .milliseconds(300), scheduler: scheduler).subscribe(recorder)

        upstream.send(1)
        scheduler.advance(by: .milliseconds(299))
        upstream.send(2)
        // The work scheduled for 300 ms runs inside this advance, finds the due time moved to
        // 599 ms, and schedules itself again; that run falls inside the window too.
        scheduler.advance(by: .seconds(1))
        #expect(recorder.timeline == [.value(2, at: .milliseconds(599))])
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test("a burst keeps one piece of work scheduled, however many values it has")
    func oneWorkPerQuietPeriod() {
        let scheduler = TestScheduler()
        let upstream = PassthroughSubject<Int>()
        let recorder = Recorder<Int>()
        upstream.debounce(for: .milliseconds(50), scheduler: scheduler).subscribe(recorder)

        for value in 0..<100 {
            upstream.send(value)
            scheduler.advance(by: .milliseconds(10))
            #expect(scheduler.pendingWorkCount == 1)
        }
        scheduler.advance(by: .milliseconds(39))
        #expect(recorder.values == [])
        scheduler.advance(by: .milliseconds(1))
        #expect(recorder.values == [99])
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test("after a value is sent, the next burst waits again from its own values")
    func successiveBursts() {
        let scheduler = TestScheduler()
        let upstream = PassthroughSubject<Int>()
        let recorder = TimedRecorder<Int>(clock: scheduler)
        upstream.debounce(for: .seconds(1), scheduler: scheduler).subscribe(recorder)

        upstream.send(1)
        scheduler.advance(to: .seconds(2))
        upstream.send(2)
        scheduler.advance(to: .milliseconds(2_500))
        upstream.send(3)
        scheduler.advance(to: .seconds(10))
        #expect(
            recorder.timeline == [.value(1, at: .seconds(1)), .value(3, at: .milliseconds(3_500))])
    }

    @Test(
        "when the upstream finishes, a waiting value is still sent at its time, then the completion"
    )
    func finishKeepsWaitingValue() {
        let scheduler = TestScheduler()
        let upstream = PassthroughSubject<Int>()
        let recorder = TimedRecorder<Int>(clock: scheduler)
        upstream.debounce(for: .milliseconds(300), scheduler: scheduler).subscribe(recorder)

        upstream.send(7)
        scheduler.advance(by: .milliseconds(100))
        upstream.send(completion: .finished)
        scheduler.advance(by: .milliseconds(199))
        #expect(recorder.timeline == [])
        scheduler.advance(by: .milliseconds(1))
        #expect(
            recorder.timeline == [
                .value(7, at: .milliseconds(300)), .finished(at: .milliseconds(300)),
            ])
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test(
        "when the upstream finishes with nothing waiting, the completion comes on the scheduler's next turn"
    )
    func finishWithNothingWaiting() {
        let scheduler = TestScheduler()
        let recorder = Recorder<Int>()
        Empty<Int>().debounce(for: .seconds(1), scheduler: scheduler).subscribe(recorder)

        #expect(recorder.history == [.subscription])
        scheduler.advance(by: .zero)
        #expect(recorder.history == [.subscription, .finished])
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test("cancelling drops the waiting value, releases its work, and cancels the upstream")
    func cancelDropsEverything() {
        let scheduler = TestScheduler()
        let upstream = TestSubject<Int>()
        let recorder = Recorder<Int>()
        upstream.debounce(for: .seconds(1), scheduler: scheduler).subscribe(recorder)

        upstream.send(1)
        scheduler.advance(by: .milliseconds(500))
        #expect(scheduler.pendingWorkCount == 1)
        recorder.cancel()
        #expect(scheduler.pendingWorkCount == 0)
        #expect(upstream.cancellationCount == 1)
        upstream.send(2)
        scheduler.advance(by: .seconds(5))
        #expect(recorder.history == [.subscription])
    }

    @Test("a negative due time counts as zero: the value goes on the scheduler's next turn")
    func negativeDueTime() {
        let scheduler = TestScheduler()
        let upstream = PassthroughSubject<Int>()
        let recorder = Recorder<Int>()
        upstream.debounce(for: .seconds(-1), scheduler: scheduler).subscribe(recorder)

        upstream.send(1)
        #expect(recorder.values == [])
        scheduler.advance(by: .zero)
        #expect(recorder.values == [1])
    }

    @Test("on the immediate scheduler every value goes through at once")
    func immediateScheduler() {
        let recorder = Recorder<Int>()
        [1, 2, 3].publisher.debounce(for: .seconds(1), scheduler: ImmediateScheduler()).subscribe(
            recorder)
        #expect(recorder.history == [.subscription, .value(1), .value(2), .value(3), .finished])
    }

    @Test("each subscription waits on its own")
    func independentSubscriptions() {
        let scheduler = TestScheduler()
        let upstream = PassthroughSubject<Int>()
        let debounced = upstream.debounce(for: .seconds(1), scheduler: scheduler)
        let early = TimedRecorder<Int>(clock: scheduler)
        let late = TimedRecorder<Int>(clock: scheduler)
        debounced.subscribe(early)
        upstream.send(1)
        scheduler.advance(by: .milliseconds(500))
        debounced.subscribe(late)
        upstream.send(2)
        scheduler.advance(by: .seconds(2))
        #expect(early.timeline == [.value(2, at: .milliseconds(1_500))])
        #expect(late.timeline == [.value(2, at: .milliseconds(1_500))])
    }

    @Test("describes its due time and upstream")
    func description() {
        let scheduler = TestScheduler()
        #expect(
            Just(1).debounce(for: .milliseconds(300), scheduler: scheduler).description
                == "Debounce(0.3 seconds, Just(1))")
    }
}
