import Effects
import Testing

@Suite struct OutputTests {
    @Test("output(at:) sends the value at that position, then finishes and cancels the upstream")
    func outputAt() {
        let upstream = TestSubject<String>()
        let recorder = Recorder<String>()
        upstream.output(at: 1).subscribe(recorder)
        upstream.send("a")
        #expect(recorder.history == [.subscription])
        upstream.send("b")
        #expect(recorder.history == [.subscription, .value("b"), .finished])
        #expect(upstream.cancellationCount == 1)
        upstream.send("c")
        #expect(recorder.history == [.subscription, .value("b"), .finished])
    }

    @Test("output(in:) sends the values in a closed, half-open or open range")
    func outputInRanges() {
        let values = [10, 20, 30, 40, 50]
        let closed = Recorder<Int>(), halfOpen = Recorder<Int>(), open = Recorder<Int>()
        values.publisher.output(in: 1...3).subscribe(closed)
        values.publisher.output(in: 1..<3).subscribe(halfOpen)
        values.publisher.output(in: 3...).subscribe(open)
        #expect(closed.history == [.subscription, .value(20), .value(30), .value(40), .finished])
        #expect(halfOpen.values == [20, 30])
        #expect(open.history == [.subscription, .value(40), .value(50), .finished])
    }

    @Test("finishes right after the last position, without waiting for another value")
    func finishesAfterLastPosition() {
        let upstream = TestSubject<Int>()
        let recorder = Recorder<Int>()
        upstream.output(in: 0..<2).subscribe(recorder)
        upstream.send(1)
        upstream.send(2)
        #expect(recorder.history == [.subscription, .value(1), .value(2), .finished])
    }

    @Test("an empty range finishes at once and cancels the upstream")
    func emptyRange() {
        let upstream = TestSubject<Int>()
        let recorder = Recorder<Int>()
        upstream.output(in: 2..<2).subscribe(recorder)
        #expect(recorder.history == [.subscription, .finished])
        #expect(upstream.cancellationCount == 1)
    }

    @Test("an upstream that finishes before the range, or empty, finishes it without a value")
    func shortUpstream() {
        let short = Recorder<Int>(), empty = Recorder<Int>()
        [1, 2].publisher.output(at: 5).subscribe(short)
        Empty<Int>().output(in: 0...3).subscribe(empty)
        #expect(short.history == [.subscription, .finished])
        #expect(empty.history == [.subscription, .finished])
    }

    @Test("a cancel mid-stream cancels the upstream, and nothing arrives after it")
    func cancelMidStream() {
        let (history, cancellations) = cancelledMidStream({ $0.output(in: 0...5) }, sending: [1])
        #expect(history == [.subscription, .value(1)])
        #expect(cancellations == 1)
    }

    @Test("on the TestScheduler: the third tick of a timer, and no work left")
    func timerTick() {
        let (timeline, pendingWork) = timelineOnTimer({ $0.output(at: 2) }, for: .seconds(10))
        #expect(timeline == [.value(.seconds(3), at: .seconds(3)), .finished(at: .seconds(3))])
        #expect(pendingWork == 0)
    }

    @Test("a negative position is refused with a precondition failure")
    func negativePositionTraps() async {
        await #expect(processExitsWith: .failure) {
            _ = Empty<Int>().output(at: -1)
        }
    }

    @Test("describes its range and upstream")
    func description() {
        #expect([1].publisher.output(in: 1...2).description == "Output(1..<3, Sequence([1]))")
    }
}
