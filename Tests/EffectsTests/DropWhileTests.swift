import Effects
import Testing

@Suite struct DropWhileTests {
    @Test("leaves out values while the predicate holds, then sends every value")
    func dropsLeadingValues() {
        let recorder = Recorder<Int>()
        [1, 2, 5, 1, 6].publisher.drop { $0 < 3 }.subscribe(recorder)
        #expect(recorder.history == [.subscription, .value(5), .value(1), .value(6), .finished])
    }

    @Test("the predicate is not called once a value has gone through")
    func predicateStopsBeingCalled() {
        let calls = Lock(0)
        let recorder = Recorder<Int>()
        [1, 5, 1, 1].publisher
            .drop { value in
                calls.withLock { $0 += 1 }
                return value < 3
            }
            .subscribe(recorder)
        #expect(recorder.values == [5, 1, 1])
        #expect(calls.withLock { $0 } == 2)
    }

    @Test("an empty upstream, or one whose values all satisfy it, finishes it without a value")
    func nothingGoesThrough() {
        let empty = Recorder<Int>(), allDropped = Recorder<Int>()
        Empty<Int>().drop { _ in true }.subscribe(empty)
        [1, 2].publisher.drop { _ in true }.subscribe(allDropped)
        #expect(empty.history == [.subscription, .finished])
        #expect(allDropped.history == [.subscription, .finished])
    }

    @Test("a cancel mid-stream cancels the upstream, and nothing arrives after it")
    func cancelMidStream() {
        let (history, cancellations) = cancelledMidStream({ $0.drop { $0 < 3 } }, sending: [1, 4])
        #expect(history == [.subscription, .value(4)])
        #expect(cancellations == 1)
    }

    @Test("each subscription tests its own leading values")
    func perSubscription() {
        let upstream = TestSubject<Int>()
        let publisher = upstream.drop { $0 < 3 }
        let first = Recorder<Int>(), second = Recorder<Int>()
        publisher.subscribe(first)
        upstream.send(5)
        publisher.subscribe(second)
        upstream.send(1)
        upstream.send(4)
        #expect(first.values == [5, 1, 4])
        #expect(second.values == [4])
    }

    @Test("describes its upstream")
    func description() {
        #expect([1].publisher.drop { $0 > 0 }.description == "DropWhile(Sequence([1]))")
    }
}
