import Effects
import Testing

@Suite struct PrefixWhileTests {
    @Test("sends values while the predicate holds, then finishes and cancels the upstream")
    func leadingValuesThenFinish() {
        let upstream = TestSubject<Int>()
        let recorder = Recorder<Int>()
        upstream.prefix { $0 < 3 }.subscribe(recorder)
        upstream.send(1)
        upstream.send(2)
        #expect(recorder.history == [.subscription, .value(1), .value(2)])
        upstream.send(5)
        upstream.send(1)
        #expect(recorder.history == [.subscription, .value(1), .value(2), .finished])
        #expect(upstream.cancellationCount == 1)
    }

    @Test("the upstream is cancelled before the completion goes on")
    func cancelsBeforeCompletion() {
        let upstream = TestSubject<Int>()
        let recorder = Recorder<Int> { _, event in
            // A downstream that, told of the end, makes the upstream send again.
            if event == .finished { upstream.send(0) }
        }
        upstream.prefix { $0 < 3 }.subscribe(recorder)
        upstream.send(3)
        #expect(recorder.history == [.subscription, .finished])
    }

    @Test("an empty upstream, or one that finishes first, finishes it too")
    func upstreamFinishesFirst() {
        let empty = Recorder<Int>(), short = Recorder<Int>()
        Empty<Int>().prefix { _ in true }.subscribe(empty)
        [1, 2].publisher.prefix { _ in true }.subscribe(short)
        #expect(empty.history == [.subscription, .finished])
        #expect(short.history == [.subscription, .value(1), .value(2), .finished])
    }

    @Test("a cancel mid-stream cancels the upstream, and nothing arrives after it")
    func cancelMidStream() {
        let (history, cancellations) = cancelledMidStream(
            { $0.prefix { $0 < 3 } }, sending: [1], then: [2])
        #expect(history == [.subscription, .value(1)])
        #expect(cancellations == 1)
    }

    @Test("on the TestScheduler: a timer's ticks until the predicate fails, and no work left")
    func timerTicks() {
        let (timeline, pendingWork) = timelineOnTimer(
            { $0.prefix { $0 < .seconds(3) } }, for: .seconds(5))
        #expect(
            timeline == [
                .value(.seconds(1), at: .seconds(1)), .value(.seconds(2), at: .seconds(2)),
                .finished(at: .seconds(3)),
            ])
        #expect(pendingWork == 0)
    }

    @Test("describes its upstream")
    func description() {
        #expect([1].publisher.prefix { $0 > 0 }.description == "PrefixWhile(Sequence([1]))")
    }
}
