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
        let (history, cancellations) = cancelledMidStream(
            { $0.allSatisfy { $0 > 0 } }, sending: [1], then: [-1])
        #expect(history == [.subscription])
        #expect(cancellations == 1)
    }

    @Test("on the TestScheduler: answers false at the first tick that fails")
    func timer() {
        let (timeline, pendingWork) = timelineOnTimer(
            { $0.allSatisfy { $0 < .seconds(3) } }, for: .seconds(5))
        #expect(timeline == [.value(false, at: .seconds(3)), .finished(at: .seconds(3))])
        #expect(pendingWork == 0)
    }

    @Test("describes its upstream")
    func description() {
        #expect([1].publisher.allSatisfy { $0 > 0 }.description == "AllSatisfy(Sequence([1]))")
    }
}
