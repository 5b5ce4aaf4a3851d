import Effects
import Testing

@Suite struct ReduceTests {
    @Test("folds every value and sends only the result, once the upstream finishes")
    func foldsValues() {
        let upstream = TestSubject<Int>()
        let recorder = Recorder<Int>()
        upstream.reduce(10) { $0 + $1 }.subscribe(recorder)
        upstream.send(1)
        upstream.send(2)
        #expect(recorder.history == [.subscription])
        upstream.finish()
        #expect(recorder.history == [.subscription, .value(13), .finished])
    }

    @Test("an empty upstream gives the initial result")
    func emptyUpstream() {
        let recorder = Recorder<String>()
        Empty<Int>().reduce("start") { $0 + "\($1)" }.subscribe(recorder)
        #expect(recorder.history == [.subscription, .value("start"), .finished])
    }

    @Test("the result may be of another type, folded in order")
    func otherType() {
        let recorder = Recorder<[Int]>()
        [3, 1, 2].publisher.reduce([Int]()) { $0 + [$1] }.subscribe(recorder)
        #expect(recorder.values == [[3, 1, 2]])
    }

    @Test("a cancel mid-stream cancels the upstream, and no result arrives after it")
    func cancelMidStream() {
        let (history, cancellations) = cancelledMidStream({ $0.reduce(0, +) }, sending: [1])
        #expect(history == [.subscription])
        #expect(cancellations == 1)
    }

    @Test("each subscription starts again from the initial result")
    func perSubscription() {
        let publisher = [1, 2].publisher.reduce(0, +)
        let first = Recorder<Int>(), second = Recorder<Int>()
        publisher.subscribe(first)
        publisher.subscribe(second)
        #expect(first.values == [3])
        #expect(second.values == [3])
    }

    @Test("on the TestScheduler: the result comes when a delayed upstream finishes")
    func delayedUpstream() {
        let scheduler = TestScheduler()
        let recorder = TimedRecorder<Int>(clock: scheduler)
        [1, 2, 3].publisher.delay(for: .seconds(1), scheduler: scheduler).reduce(0, +)
            .subscribe(recorder)
        scheduler.advance(by: .seconds(2))
        #expect(recorder.timeline == [.value(6, at: .seconds(1)), .finished(at: .seconds(1))])
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test("describes its initial result and upstream")
    func description() {
        #expect([1].publisher.reduce(0, +).description == "Reduce(0, Sequence([1]))")
    }
}
