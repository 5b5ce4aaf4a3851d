import Effects
import Testing

@Suite struct ReplaceEmptyTests {
    @Test("an upstream that finishes without a value gets the replacement, then the completion")
    func replacesNothing() {
        let recorder = Recorder<Int>()
        Empty<Int>().replaceEmpty(with: 42).subscribe(recorder)
        #expect(recorder.history == [.subscription, .value(42), .finished])
    }

    @Test("an upstream with values passes them unchanged, without the replacement")
    func keepsValues() {
        let recorder = Recorder<Int>()
        [1, 2].publisher.replaceEmpty(with: 42).subscribe(recorder)
        #expect(recorder.history == [.subscription, .value(1), .value(2), .finished])
    }

    @Test("nothing is sent before the upstream finishes")
    func waitsForTheEnd() {
        let upstream = TestSubject<Int>()
        let recorder = Recorder<Int>()
        upstream.replaceEmpty(with: 0).subscribe(recorder)
        #expect(recorder.history == [.subscription])
        upstream.finish()
        #expect(recorder.history == [.subscription, .value(0), .finished])
    }

    @Test("describes its replacement and upstream")
    func description() {
        #expect(Empty<Int>().replaceEmpty(with: 0).description == "ReplaceEmpty(0, Empty)")
    }
}
