import Effects
import Testing

@Suite struct PrefixTests {
    @Test("sends the first n values, then finishes at once and cancels the upstream")
    func firstValuesThenFinish() {
        let upstream = TestSubject<Int>()
        let recorder = Recorder<Int>()
        upstream.prefix(2).subscribe(recorder)

        upstream.send(1)
        #expect(recorder.history == [.subscription, .value(1)])
        #expect(upstream.cancellationCount == 0)
        upstream.send(2)
        #expect(recorder.history == [.subscription, .value(1), .value(2), .finished])
        #expect(upstream.cancellationCount == 1)
        upstream.send(3)
        #expect(recorder.history == [.subscription, .value(1), .value(2), .finished])
    }

    @Test(
        "the upstream is cancelled before the last value goes on, so nothing it sends meanwhile arrives"
    )
    func cancelsBeforeLastValue() {
        let upstream = TestSubject<Int>()
        let recorder = Recorder<Int> { _, event in
            // A downstream that, given the last value, makes the upstream send again.
            if event == .value(2) { upstream.send(99) }
        }
        upstream.prefix(2).subscribe(recorder)
        upstream.send(1)
        upstream.send(2)
        #expect(recorder.history == [.subscription, .value(1), .value(2), .finished])
    }

    @Test("prefix(0) finishes at once and cancels the upstream")
    func zeroFinishesAtOnce() {
        let upstream = TestSubject<Int>()
        let recorder = Recorder<Int>()
        upstream.prefix(0).subscribe(recorder)
        #expect(recorder.history == [.subscription, .finished])
        #expect(upstream.cancellationCount == 1)
    }

    @Test("an upstream that finishes sooner finishes it too")
    func upstreamFinishesSooner() {
        let recorder = Recorder<Int>()
        [1, 2].publisher.prefix(5).subscribe(recorder)
        #expect(recorder.history == [.subscription, .value(1), .value(2), .finished])
    }

    @Test("each subscription counts on its own")
    func countPerSubscription() {
        let publisher = [1, 2, 3].publisher.prefix(2)
        let first = Recorder<Int>()
        let second = Recorder<Int>()
        publisher.subscribe(first)
        publisher.subscribe(second)
        #expect(first.values == [1, 2])
        #expect(second.values == [1, 2])
    }

    @Test("a negative count is refused with a precondition failure")
    func negativeCountTraps() async {
        await #expect(processExitsWith: .failure) {
            _ = Empty<Int>().prefix(-1)
        }
    }

    @Test("describes its count and upstream")
    func description() {
        #expect([1].publisher.prefix(3).description == "Prefix(3, Sequence([1]))")
    }
}
