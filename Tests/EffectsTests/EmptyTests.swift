import Effects
import Testing

@Suite struct EmptyTests {
    @Test("finishes at once without a value")
    func finishesAtOnce() {
        let recorder = Recorder<Int>()
        Empty<Int>().subscribe(recorder)
        #expect(recorder.history == [.subscription, .finished])
    }

    @Test("never finishes when asked not to complete immediately")
    func neverFinishes() {
        let recorder = Recorder<Int>()
        Empty<Int>(completeImmediately: false).subscribe(recorder)
        #expect(recorder.history == [.subscription])
        recorder.cancel()
        #expect(recorder.history == [.subscription])
    }

    @Test("describes whether it completes")
    func description() {
        #expect(Empty<Int>().description == "Empty")
        #expect(Empty<Int>(completeImmediately: false).description == "Empty(never completes)")
        #expect(Empty<Int>() != Empty<Int>(completeImmediately: false))
    }
}
