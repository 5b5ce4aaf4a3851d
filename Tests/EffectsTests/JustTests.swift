import Effects
import Testing

@Suite struct JustTests {
    @Test("sends its value then finishes, before subscribe returns")
    func sendsValueThenFinishesSynchronously() {
        let recorder = Recorder<Int>()
        Just(42).subscribe(recorder)
        #expect(recorder.history == [.subscription, .value(42), .finished])
    }

    @Test("sends the value again to every new subscriber")
    func sendsToEverySubscriber() {
        let just = Just("duck")
        let first = Recorder<String>(), second = Recorder<String>()
        just.subscribe(first)
        just.subscribe(second)
        #expect(first.history == [.subscription, .value("duck"), .finished])
        #expect(second.history == first.history)
    }

    @Test("describes itself with its value")
    func description() {
        #expect(Just("unFlip").description == "Just(unFlip)")
    }
}
