import Effects
import Testing

@Suite struct IgnoreOutputTests {
    @Test("sends no value, only the completion")
    func onlyCompletion() {
        let upstream = TestSubject<Int>()
        let recorder = Recorder<Never>()
        upstream.ignoreOutput().subscribe(recorder)
        upstream.send(1)
        upstream.send(2)
        #expect(recorder.history.count == 1)
        upstream.finish()
        #expect(recorder.history.map(\.description) == ["subscription", "finished"])
    }

    @Test("an empty upstream finishes it at once")
    func emptyUpstream() {
        let recorder = Recorder<Never>()
        Empty<Int>().ignoreOutput().subscribe(recorder)
        #expect(recorder.history.map(\.description) == ["subscription", "finished"])
    }

    @Test("a cancel cancels the upstream, and the completion does not arrive after it")
    func cancel() {
        let (history, cancellations) = cancelledMidStream({ $0.ignoreOutput() }, sending: [1])
        #expect(history.map(\.description) == ["subscription"])
        #expect(cancellations == 1)
    }

    @Test("on the TestScheduler: finishes when a delayed upstream does")
    func delayedUpstream() {
        let scheduler = TestScheduler()
        let recorder = TimedRecorder<Never>(clock: scheduler)
        Just(1).delay(for: .seconds(2), scheduler: scheduler).ignoreOutput().subscribe(recorder)
        scheduler.advance(by: .seconds(3))
        #expect(recorder.timeline.map(\.description) == ["finished(at: 2.0 seconds)"])
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test("the documentation's example only finishes")
    func documentationExample() {
        let saved = [1, 2, 3].publisher
            .ignoreOutput()
        let recorder = Recorder<Never>()
        saved.subscribe(recorder)
        #expect(recorder.history.map(\.description) == ["subscription", "finished"])
    }

    @Test("describes its upstream")
    func description() {
        #expect([1].publisher.ignoreOutput().description == "IgnoreOutput(Sequence([1]))")
    }
}
