import Effects
import Testing

@Suite struct CollectTests {
    @Test("sends every value as one array when the upstream finishes")
    func collectsOnFinish() {
        let upstream = TestSubject<Int>()
        let recorder = Recorder<[Int]>()
        upstream.collect().subscribe(recorder)
        upstream.send(1)
        upstream.send(2)
        #expect(recorder.history == [.subscription])
        upstream.finish()
        #expect(recorder.history == [.subscription, .value([1, 2]), .finished])
    }

    @Test("an upstream that finishes empty gives an empty array")
    func emptyArray() {
        let recorder = Recorder<[String]>()
        Empty<String>().collect().subscribe(recorder)
        #expect(recorder.history == [.subscription, .value([]), .finished])
    }

    @Test("cancelling drops what was gathered and cancels the upstream")
    func cancelDrops() {
        let upstream = TestSubject<Int>()
        let recorder = Recorder<[Int]>()
        upstream.collect().subscribe(recorder)
        upstream.send(1)
        recorder.cancel()
        #expect(upstream.cancellationCount == 1)
        #expect(recorder.history == [.subscription])
    }

    @Test("describes its upstream")
    func description() {
        #expect([1].publisher.collect().description == "Collect(Sequence([1]))")
    }
}
