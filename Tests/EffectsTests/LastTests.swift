import Effects
import Testing

@Suite struct LastTests {
    @Test("last() sends the last value once the upstream finishes")
    func lastValue() {
        let upstream = TestSubject<Int>()
        let recorder = Recorder<Int>()
        upstream.last().subscribe(recorder)
        upstream.send(3)
        upstream.send(1)
        #expect(recorder.history == [.subscription])
        upstream.finish()
        #expect(recorder.history == [.subscription, .value(1), .finished])
    }

    @Test("last() of an empty upstream finishes without a value")
    func emptyUpstream() {
        let recorder = Recorder<Int>()
        Empty<Int>().last().subscribe(recorder)
        #expect(recorder.history == [.subscription, .finished])
    }

    @Test("last(where:) sends the last value that satisfies it, or none")
    func lastWhere() {
        let found = Recorder<Int>(), none = Recorder<Int>()
        [2, 4, 5].publisher.last { $0.isMultiple(of: 2) }.subscribe(found)
        [1, 3].publisher.last { $0.isMultiple(of: 2) }.subscribe(none)
        #expect(found.history == [.subscription, .value(4), .finished])
        #expect(none.history == [.subscription, .finished])
    }

    @Test("a cancel mid-stream cancels the upstream, and no value arrives after it")
    func cancelMidStream() {
        let (history, cancellations) = cancelledMidStream({ $0.last() }, sending: [1])
        #expect(history == [.subscription])
        #expect(cancellations == 1)
    }

    @Test("on the TestScheduler: the last tick comes when the timer is cut short")
    func timer() {
        let (timeline, pendingWork) = timelineOnTimer({ $0.prefix(3).last() }, for: .seconds(5))
        #expect(timeline == [.value(.seconds(3), at: .seconds(3)), .finished(at: .seconds(3))])
        #expect(pendingWork == 0)
    }

    @Test("describe their upstream")
    func descriptions() {
        #expect([1].publisher.last().description == "Last(Sequence([1]))")
        #expect([1].publisher.last { $0 > 0 }.description == "LastWhere(Sequence([1]))")
    }
}
