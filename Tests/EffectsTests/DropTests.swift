import Effects
import Testing

@Suite struct DropTests {
    @Test("dropFirst(n) leaves out the first n values and sends the rest")
    func leavesOutFirstValues() {
        let upstream = TestSubject<Int>()
        let recorder = Recorder<Int>()
        upstream.dropFirst(2).subscribe(recorder)
        for value in 1...4 { upstream.send(value) }
        upstream.finish()
        #expect(recorder.history == [.subscription, .value(3), .value(4), .finished])
    }

    @Test("dropFirst() leaves out one value; dropFirst(0) none")
    func defaultAndZero() {
        let one = Recorder<Int>(), none = Recorder<Int>()
        [1, 2].publisher.dropFirst().subscribe(one)
        [1, 2].publisher.dropFirst(0).subscribe(none)
        #expect(one.values == [2])
        #expect(none.values == [1, 2])
    }

    @Test("an upstream that finishes before n values finishes it without a value")
    func shortUpstream() {
        let recorder = Recorder<Int>()
        [1].publisher.dropFirst(3).subscribe(recorder)
        #expect(recorder.history == [.subscription, .finished])
        let empty = Recorder<Int>()
        Empty<Int>().dropFirst().subscribe(empty)
        #expect(empty.history == [.subscription, .finished])
    }

    @Test("a cancel mid-stream cancels the upstream, and nothing arrives after it")
    func cancelMidStream() {
        let (history, cancellations) = cancelledMidStream({ $0.dropFirst(1) }, sending: [1, 2])
        #expect(history == [.subscription, .value(2)])
        #expect(cancellations == 1)
    }

    @Test("each subscription counts on its own, and values keep their time")
    func perSubscriptionOnTestScheduler() {
        let scheduler = TestScheduler()
        let publisher = Publishers.Timer(every: .seconds(1), scheduler: scheduler)
            .dropFirst(2).prefix(1)
        let first = TimedRecorder<Duration>(clock: scheduler)
        publisher.subscribe(first)
        scheduler.advance(by: .seconds(1))
        let second = TimedRecorder<Duration>(clock: scheduler)
        publisher.subscribe(second)
        scheduler.advance(by: .seconds(3))
        #expect(
            first.timeline == [.value(.seconds(3), at: .seconds(3)), .finished(at: .seconds(3))])
        #expect(
            second.timeline == [.value(.seconds(4), at: .seconds(4)), .finished(at: .seconds(4))])
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test("a negative count is refused with a precondition failure")
    func negativeCountTraps() async {
        await #expect(processExitsWith: .failure) {
            _ = Empty<Int>().dropFirst(-1)
        }
    }

    @Test("describes its count and upstream")
    func description() {
        #expect([1].publisher.dropFirst(2).description == "Drop(2, Sequence([1]))")
    }
}
