import Effects
import Testing

@Suite struct RemoveDuplicatesTests {
    @Test("drops a value equal to the one just before it, keeps one equal to an older one")
    func dropsConsecutiveDuplicates() {
        let recorder = Recorder<Int>()
        [1, 1, 2, 2, 2, 1, 3, 3].publisher.removeDuplicates().subscribe(recorder)
        #expect(
            recorder.history == [
                .subscription, .value(1), .value(2), .value(1), .value(3), .finished,
            ])
    }

    @Test("by: compares each value with the previous one received, as Combine does")
    func comparesWithPreviousReceived() {
        // "Within 1 of the previous value": 1, 2, 3 are each a duplicate of the one before, so
        // only 1 goes through, although 3 is 2 away from it.
        let recorder = Recorder<Int>()
        [1, 2, 3, 10, 11].publisher.removeDuplicates { abs($0 - $1) <= 1 }.subscribe(recorder)
        #expect(recorder.values == [1, 10])
    }

    @Test("each subscription starts with no previous value")
    func freshPerSubscription() {
        let publisher = [5, 5].publisher.removeDuplicates()
        let first = Recorder<Int>()
        let second = Recorder<Int>()
        publisher.subscribe(first)
        publisher.subscribe(second)
        #expect(first.values == [5])
        #expect(second.values == [5])
    }

    @Test("passes the upstream's completion and cancellation through")
    func completionAndCancel() {
        let upstream = TestSubject<Int>()
        let recorder = Recorder<Int>()
        upstream.removeDuplicates().subscribe(recorder)
        upstream.send(1)
        upstream.send(1)
        recorder.cancel()
        #expect(upstream.cancellationCount == 1)
        #expect(recorder.history == [.subscription, .value(1)])
    }

    @Test("describes its upstream")
    func description() {
        #expect([1].publisher.removeDuplicates().description == "RemoveDuplicates(Sequence([1]))")
    }
}
