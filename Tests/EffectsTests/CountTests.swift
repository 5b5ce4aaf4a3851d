import Effects
import Testing

@Suite struct CountTests {
    @Test("sends how many values came, once the upstream finishes")
    func countsValues() {
        let upstream = TestSubject<String>()
        let recorder = Recorder<Int>()
        upstream.count().subscribe(recorder)
        upstream.send("a")
        upstream.send("b")
        #expect(recorder.history == [.subscription])
        upstream.finish()
        #expect(recorder.history == [.subscription, .value(2), .finished])
    }

    @Test("an empty upstream gives zero")
    func emptyUpstream() {
        let recorder = Recorder<Int>()
        Empty<String>().count().subscribe(recorder)
        #expect(recorder.history == [.subscription, .value(0), .finished])
    }

    @Test("a cancel mid-stream cancels the upstream, and no count arrives after it")
    func cancelMidStream() {
        let (history, cancellations) = cancelledMidStream({ $0.count() }, sending: [1])
        #expect(history == [.subscription])
        #expect(cancellations == 1)
    }

    @Test("each subscription counts on its own")
    func perSubscription() {
        let publisher = [1, 2, 3].publisher.count()
        let first = Recorder<Int>(), second = Recorder<Int>()
        publisher.subscribe(first)
        publisher.subscribe(second)
        #expect(first.values == [3])
        #expect(second.values == [3])
    }

    @Test("on the TestScheduler: counts a timer's ticks until it is cut short")
    func timer() {
        let (early, _) = timelineOnTimer({ $0.prefix(4).count() }, for: .seconds(3))
        #expect(early == [])
        let (timeline, pendingWork) = timelineOnTimer({ $0.prefix(4).count() }, for: .seconds(6))
        #expect(timeline == [.value(4, at: .seconds(4)), .finished(at: .seconds(4))])
        #expect(pendingWork == 0)
    }

    @Test("describes its upstream")
    func description() {
        #expect([1].publisher.count().description == "Count(Sequence([1]))")
    }
}
