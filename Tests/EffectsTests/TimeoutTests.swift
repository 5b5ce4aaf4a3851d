import Effects
import Testing

@Suite struct TimeoutTests {
    @Test(
        "a silent upstream is cancelled, and the publisher finishes, exactly interval after subscription"
    )
    func silentUpstreamTimesOut() {
        let scheduler = TestScheduler()
        let upstream = TestSubject<Int>()
        let recorder = Recorder<Int>()
        upstream.timeout(.seconds(5), scheduler: scheduler).subscribe(recorder)

        scheduler.advance(by: .seconds(5) - .nanoseconds(1))
        #expect(recorder.history == [.subscription])
        #expect(upstream.cancellationCount == 0)
        scheduler.advance(by: .nanoseconds(1))
        #expect(recorder.history == [.subscription, .finished])
        #expect(upstream.cancellationCount == 1)
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test("values go through on the scheduler, each restarting the wait, even inside one advance")
    func valuesRestartTheWait() {
        let scheduler = TestScheduler()
        let upstream = PassthroughSubject<Int>()
        let recorder = TimedRecorder<Int>(clock: scheduler)
        upstream.timeout(.seconds(1), scheduler: scheduler).subscribe(recorder)

        scheduler.advance(by: .milliseconds(700))
        upstream.send(1)
        #expect(recorder.timeline == [])
        // The work due at 1 s finds the deadline moved to 1.7 s and waits again, inside this
        // advance.
        scheduler.advance(by: .seconds(2))
        #expect(
            recorder.timeline == [
                .value(1, at: .milliseconds(700)), .finished(at: .milliseconds(1_700)),
            ])
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test("sending: the value, then the completion, at the instant the wait runs out")
    func sendsGivenValue() {
        let scheduler = TestScheduler()
        let upstream = PassthroughSubject<String>()
        let recorder = TimedRecorder<String>(clock: scheduler)
        upstream.timeout(.seconds(1), scheduler: scheduler, sending: "timed out").subscribe(
            recorder)

        upstream.send("a")
        scheduler.advance(to: .milliseconds(999))
        #expect(recorder.timeline == [.value("a", at: .zero)])
        scheduler.advance(to: .seconds(1))
        #expect(
            recorder.timeline == [
                .value("a", at: .zero), .value("timed out", at: .seconds(1)),
                .finished(at: .seconds(1)),
            ])
    }

    @Test(
        "an upstream that finishes in time finishes the publisher, on the scheduler, and the wait is dropped"
    )
    func finishesInTime() {
        let scheduler = TestScheduler()
        let upstream = PassthroughSubject<Int>()
        let recorder = Recorder<Int>()
        upstream.timeout(.seconds(1), scheduler: scheduler, sending: -1).subscribe(recorder)

        upstream.send(1)
        upstream.send(completion: .finished)
        #expect(recorder.history == [.subscription])
        scheduler.advance(by: .zero)
        #expect(recorder.history == [.subscription, .value(1), .finished])
        #expect(scheduler.pendingWorkCount == 0)
        scheduler.advance(by: .seconds(5))
        #expect(recorder.history == [.subscription, .value(1), .finished])
    }

    @Test("cancelling cancels the upstream and releases the wait")
    func cancelReleasesTheWait() {
        let scheduler = TestScheduler()
        let upstream = TestSubject<Int>()
        let recorder = Recorder<Int>()
        upstream.timeout(.seconds(1), scheduler: scheduler).subscribe(recorder)
        #expect(scheduler.pendingWorkCount == 1)

        recorder.cancel()
        #expect(upstream.cancellationCount == 1)
        #expect(scheduler.pendingWorkCount == 0)
        scheduler.advance(by: .seconds(5))
        #expect(recorder.history == [.subscription])
    }

    @Test("describes its interval, its timeout value if any, and its upstream")
    func description() {
        let scheduler = TestScheduler()
        #expect(
            Empty<Int>().timeout(.seconds(5), scheduler: scheduler).description
                == "Timeout(5.0 seconds, Empty)")
        #expect(
            Empty<Int>().timeout(.seconds(5), scheduler: scheduler, sending: 0).description
                == "Timeout(5.0 seconds, sending: 0, Empty)")
    }
}
