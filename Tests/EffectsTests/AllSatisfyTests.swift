import Effects
import Testing

@Suite struct AllSatisfyTests {
    @Test("sends true once the upstream finishes, if every value passed")
    func allPass() {
        let upstream = TestSubject<Int>()
        let recorder = Recorder<Bool>()
        upstream.allSatisfy { $0.isMultiple(of: 2) }.subscribe(recorder)
        upstream.send(2)
        upstream.send(4)
        #expect(recorder.history == [.subscription])
        upstream.finish()
        #expect(recorder.history == [.subscription, .value(true), .finished])
    }

    @Test("sends false at the first value that fails, finishes, and cancels the upstream")
    func oneFails() {
        let upstream = TestSubject<Int>()
        let recorder = Recorder<Bool>()
        upstream.allSatisfy { $0.isMultiple(of: 2) }.subscribe(recorder)
        upstream.send(2)
        upstream.send(3)
        #expect(recorder.history == [.subscription, .value(false), .finished])
        #expect(upstream.cancellationCount == 1)
        upstream.send(5)
        #expect(recorder.history == [.subscription, .value(false), .finished])
    }

    @Test("an empty upstream gives true")
    func emptyUpstream() {
        let recorder = Recorder<Bool>()
        Empty<Int>().allSatisfy { _ in false }.subscribe(recorder)
        #expect(recorder.history == [.subscription, .value(true), .finished])
    }

    @Test("a cancel mid-stream cancels the upstream, and no answer arrives after it")
    func cancelMidStream() {
        let upstream = TestSubject<Int>()
        let recorder = Recorder<Bool>()
        upstream.allSatisfy { $0 > 0 }.subscribe(recorder)
        upstream.send(1)
        recorder.cancel()
        upstream.send(-1)
        upstream.finish()
        #expect(recorder.history == [.subscription])
        #expect(upstream.cancellationCount == 1)
    }

    @Test("on the TestScheduler: answers false at the first tick that fails")
    func timer() {
        let scheduler = TestScheduler()
        let recorder = TimedRecorder<Bool>(clock: scheduler)
        Publishers.Timer(every: .seconds(1), scheduler: scheduler)
            .allSatisfy { $0 < .seconds(3) }
            .subscribe(recorder)
        scheduler.advance(by: .seconds(5))
        #expect(recorder.timeline == [.value(false, at: .seconds(3)), .finished(at: .seconds(3))])
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test("describes its upstream")
    func description() {
        #expect([1].publisher.allSatisfy { $0 > 0 }.description == "AllSatisfy(Sequence([1]))")
    }
}
