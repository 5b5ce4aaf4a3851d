import Effects
import Testing

@Suite struct FirstTests {
    @Test("first() sends the first value, finishes, and cancels the upstream")
    func firstValue() {
        let upstream = TestSubject<Int>()
        let recorder = Recorder<Int>()
        upstream.first().subscribe(recorder)
        upstream.send(4)
        upstream.send(5)
        #expect(recorder.history == [.subscription, .value(4), .finished])
        #expect(upstream.cancellationCount == 1)
    }

    @Test("first() of an upstream that finishes empty finishes without a value")
    func emptyUpstream() {
        let recorder = Recorder<Int>()
        Empty<Int>().first().subscribe(recorder)
        #expect(recorder.history == [.subscription, .finished])
    }

    @Test("first(where:) sends the first value that satisfies the predicate")
    func firstWhere() {
        let upstream = TestSubject<Int>()
        let recorder = Recorder<Int>()
        upstream.first { $0.isMultiple(of: 3) }.subscribe(recorder)
        upstream.send(1)
        upstream.send(2)
        #expect(recorder.history == [.subscription])
        upstream.send(6)
        #expect(recorder.history == [.subscription, .value(6), .finished])
        #expect(upstream.cancellationCount == 1)
    }

    @Test("first(where:) finishes without a value if nothing satisfies it")
    func firstWhereNone() {
        let recorder = Recorder<Int>()
        [1, 2, 4].publisher.first { $0 > 10 }.subscribe(recorder)
        #expect(recorder.history == [.subscription, .finished])
    }

    @Test("describe their upstream")
    func descriptions() {
        #expect([1].publisher.first().description == "First(Sequence([1]))")
        #expect([1].publisher.first { $0 > 0 }.description == "FirstWhere(Sequence([1]))")
    }
}
