import Effects
import Testing

@Suite struct PrependTests {
    @Test("prepend of values sends them first, then the upstream's values")
    func values() {
        let recorder = Recorder<Int>()
        [3, 4].publisher.prepend(1, 2).subscribe(recorder)
        #expect(
            recorder.history == [
                .subscription, .value(1), .value(2), .value(3), .value(4), .finished,
            ])
    }

    @Test("prepend of a sequence sends its elements first, in order")
    func sequence() {
        let recorder = Recorder<Int>()
        Just(9).prepend(stride(from: 1, through: 5, by: 2)).subscribe(recorder)
        #expect(recorder.values == [1, 3, 5, 9])
    }

    @Test("prepend of a publisher subscribes to the upstream only once it has finished")
    func publisherFirst() {
        let first = TestSubject<Int>(), upstream = TestSubject<Int>()
        let recorder = Recorder<Int>()
        upstream.prepend(first).subscribe(recorder)
        #expect(upstream.subscriptionCount == 0)
        first.send(1)
        first.finish()
        #expect(upstream.subscriptionCount == 1)
        upstream.send(2)
        upstream.finish()
        #expect(recorder.history == [.subscription, .value(1), .value(2), .finished])
    }

    @Test("is Concatenate over a Sequence, as in Combine")
    func type() {
        let prepended: Publishers.Concatenate<Publishers.Sequence<[Int]>, Just<Int>> =
            Just(3).prepend(1, 2)
        #expect(prepended.description == "Concatenate(Sequence([1, 2]), Just(3))")
    }

    @Test("an empty upstream gives the prepended values; no values prepended gives the upstream's")
    func emptySides() {
        let emptyUpstream = Recorder<Int>(), nothingPrepended = Recorder<Int>()
        Empty<Int>().prepend(1).subscribe(emptyUpstream)
        Just(1).prepend([Int]()).subscribe(nothingPrepended)
        #expect(emptyUpstream.history == [.subscription, .value(1), .finished])
        #expect(nothingPrepended.history == [.subscription, .value(1), .finished])
    }

    @Test("a cancel from inside a prepended value stops there: the upstream is never subscribed")
    func cancelDuringPrepended() {
        let upstream = TestSubject<Int>()
        let recorder = Recorder<Int> { recorder, event in
            if event == .value(1) { recorder.cancel() }
        }
        upstream.prepend(1, 2).subscribe(recorder)
        #expect(recorder.history == [.subscription, .value(1)])
        #expect(upstream.subscriptionCount == 0)
    }

    @Test("a cancel mid-stream cancels the upstream, and nothing arrives after it")
    func cancelDuringUpstream() {
        let (history, cancellations) = cancelledMidStream({ $0.prepend(0) }, sending: [1])
        #expect(history == [.subscription, .value(0), .value(1)])
        #expect(cancellations == 1)
    }

    @Test("on the TestScheduler: the prepended values at once, a timer's ticks later")
    func timer() {
        let (timeline, pendingWork) = timelineOnTimer(
            { $0.prefix(2).prepend(.zero) }, for: .seconds(3))
        #expect(
            timeline == [
                .value(.zero, at: .zero), .value(.seconds(1), at: .seconds(1)),
                .value(.seconds(2), at: .seconds(2)), .finished(at: .seconds(2)),
            ])
        #expect(pendingWork == 0)
    }
}
