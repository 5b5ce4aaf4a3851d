import Effects
import Testing

@Suite struct ScanTests {
    @Test("sends every running result, starting from the initial one")
    func runningResults() {
        let recorder = Recorder<Int>()
        [1, 2, 3].publisher.scan(10) { $0 + $1 }.subscribe(recorder)
        #expect(recorder.history == [.subscription, .value(11), .value(13), .value(16), .finished])
    }

    @Test("the result may be of another type than the values")
    func otherResultType() {
        let recorder = Recorder<String>()
        ["a", "b", "c"].publisher.scan("") { $0 + $1 }.subscribe(recorder)
        #expect(recorder.values == ["a", "ab", "abc"])
    }

    @Test("an upstream with no value sends no result, only the completion")
    func emptyUpstream() {
        let recorder = Recorder<Int>()
        Empty<Int>().scan(0) { $0 + $1 }.subscribe(recorder)
        #expect(recorder.history == [.subscription, .finished])
    }

    @Test("each subscription starts again from the initial result")
    func freshPerSubscription() {
        let publisher = [1, 1].publisher.scan(0) { $0 + $1 }
        let first = Recorder<Int>()
        let second = Recorder<Int>()
        publisher.subscribe(first)
        publisher.subscribe(second)
        #expect(first.values == [1, 2])
        #expect(second.values == [1, 2])
    }

    @Test("cancelling passes up to the upstream")
    func cancelPassesUp() {
        let upstream = TestSubject<Int>()
        let recorder = Recorder<Int>()
        upstream.scan(0) { $0 + $1 }.subscribe(recorder)
        upstream.send(2)
        recorder.cancel()
        #expect(upstream.cancellationCount == 1)
        #expect(recorder.values == [2])
    }

    @Test("describes its initial result and upstream")
    func description() {
        #expect([1].publisher.scan(0) { $0 + $1 }.description == "Scan(0, Sequence([1]))")
    }
}
