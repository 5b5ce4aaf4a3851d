import Effects
import Testing

@Suite struct ThrottleTests {
    @Test("the first value goes out on the scheduler's next turn, at the instant it arrived")
    func firstValueAtOnce() {
        let scheduler = TestScheduler()
        let upstream = PassthroughSubject<Int>()
        let recorder = Recorder<Int>()
        upstream.throttle(for: .seconds(1), scheduler: scheduler, latest: true).subscribe(recorder)

        scheduler.advance(by: .seconds(3))
        upstream.send(1)
        #expect(recorder.history == [.subscription])
        scheduler.advance(by: .zero)
        #expect(recorder.history == [.subscription, .value(1)])
        #expect(scheduler.now == .seconds(3))
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test(
        "a value that comes within the interval is held until the interval after the last value sent"
    )
    func heldUntilIntervalEnds() {
        let scheduler = TestScheduler()
        let upstream = PassthroughSubject<Int>()
        let recorder = TimedRecorder<Int>(clock: scheduler)
        upstream.throttle(for: .seconds(1), scheduler: scheduler, latest: true).subscribe(recorder)

        upstream.send(1)
        scheduler.advance(by: .milliseconds(300))
        upstream.send(2)
        scheduler.advance(to: .milliseconds(999))
        #expect(recorder.timeline == [.value(1, at: .zero)])
        scheduler.advance(to: .seconds(1))
        #expect(recorder.timeline == [.value(1, at: .zero), .value(2, at: .seconds(1))])
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test("latest: true sends the newest of the values held in an interval")
    func latestKeepsNewest() {
        let scheduler = TestScheduler()
        let upstream = PassthroughSubject<Int>()
        let recorder = TimedRecorder<Int>(clock: scheduler)
        upstream.throttle(for: .seconds(1), scheduler: scheduler, latest: true).subscribe(recorder)

        upstream.send(1)
        scheduler.advance(by: .zero)
        for value in 2...5 {
            scheduler.advance(by: .milliseconds(100))
            upstream.send(value)
        }
        scheduler.advance(to: .seconds(5))
        #expect(recorder.timeline == [.value(1, at: .zero), .value(5, at: .seconds(1))])
    }

    @Test("latest: false sends the first of the values held in an interval")
    func firstKeepsFirst() {
        let scheduler = TestScheduler()
        let upstream = PassthroughSubject<Int>()
        let recorder = TimedRecorder<Int>(clock: scheduler)
        upstream.throttle(for: .seconds(1), scheduler: scheduler, latest: false).subscribe(recorder)

        upstream.send(1)
        scheduler.advance(by: .zero)
        for value in 2...5 {
            scheduler.advance(by: .milliseconds(100))
            upstream.send(value)
        }
        scheduler.advance(to: .seconds(5))
        #expect(recorder.timeline == [.value(1, at: .zero), .value(2, at: .seconds(1))])
    }

    @Test(
        "a steady stream goes out once per interval, each interval counted from the last value sent"
    )
    func steadyStream() {
        let scheduler = TestScheduler()
        let upstream = PassthroughSubject<Int>()
        let recorder = TimedRecorder<Int>(clock: scheduler)
        upstream.throttle(for: .milliseconds(250), scheduler: scheduler, latest: true).subscribe(
            recorder)

        for value in 0..<10 {
            upstream.send(value)
            scheduler.advance(by: .milliseconds(100))
        }
        scheduler.advance(by: .seconds(1))
        #expect(
            recorder.timeline == [
                .value(0, at: .zero),
                .value(2, at: .milliseconds(250)),
                .value(4, at: .milliseconds(500)),
                .value(7, at: .milliseconds(750)),
                .value(9, at: .milliseconds(1_000)),
            ])
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test("after a quiet interval, the next value goes out at once again")
    func quietThenImmediate() {
        let scheduler = TestScheduler()
        let upstream = PassthroughSubject<Int>()
        let recorder = TimedRecorder<Int>(clock: scheduler)
        upstream.throttle(for: .seconds(1), scheduler: scheduler, latest: true).subscribe(recorder)

        upstream.send(1)
        scheduler.advance(to: .seconds(1))
        upstream.send(2)
        scheduler.advance(by: .zero)
        #expect(recorder.timeline == [.value(1, at: .zero), .value(2, at: .seconds(1))])
    }

    @Test("when the upstream finishes, a held value goes out at its time, then the completion")
    func finishAfterHeldValue() {
        let scheduler = TestScheduler()
        let upstream = PassthroughSubject<Int>()
        let recorder = TimedRecorder<Int>(clock: scheduler)
        upstream.throttle(for: .seconds(1), scheduler: scheduler, latest: true).subscribe(recorder)

        upstream.send(1)
        scheduler.advance(by: .milliseconds(500))
        upstream.send(2)
        upstream.send(completion: .finished)
        scheduler.advance(to: .milliseconds(999))
        #expect(recorder.timeline == [.value(1, at: .zero)])
        scheduler.advance(to: .seconds(1))
        #expect(
            recorder.timeline == [
                .value(1, at: .zero), .value(2, at: .seconds(1)), .finished(at: .seconds(1)),
            ])
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test(
        "when the upstream finishes with nothing held, the completion comes on the scheduler's next turn"
    )
    func finishWithNothingHeld() {
        let scheduler = TestScheduler()
        let recorder = Recorder<Int>()
        Empty<Int>().throttle(for: .seconds(1), scheduler: scheduler, latest: false).subscribe(
            recorder)
        #expect(recorder.history == [.subscription])
        scheduler.advance(by: .zero)
        #expect(recorder.history == [.subscription, .finished])
    }

    @Test("cancelling drops the held value, releases its work, and cancels the upstream")
    func cancelDropsHeld() {
        let scheduler = TestScheduler()
        let upstream = TestSubject<Int>()
        let recorder = Recorder<Int>()
        upstream.throttle(for: .seconds(1), scheduler: scheduler, latest: true).subscribe(recorder)

        upstream.send(1)
        scheduler.advance(by: .milliseconds(100))
        upstream.send(2)
        #expect(scheduler.pendingWorkCount == 1)
        recorder.cancel()
        #expect(scheduler.pendingWorkCount == 0)
        #expect(upstream.cancellationCount == 1)
        scheduler.advance(by: .seconds(5))
        #expect(recorder.history == [.subscription, .value(1)])
    }

    @Test("describes its interval, which value it keeps, and its upstream")
    func description() {
        let scheduler = TestScheduler()
        #expect(
            Just(1).throttle(for: .seconds(1), scheduler: scheduler, latest: true).description
                == "Throttle(1.0 seconds, latest, Just(1))")
        #expect(
            Just(1).throttle(for: .seconds(1), scheduler: scheduler, latest: false).description
                == "Throttle(1.0 seconds, first, Just(1))")
    }
}
