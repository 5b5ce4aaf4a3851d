import Effects
import Testing

@Suite struct CompactMapTests {
    @Test("drops nil results and keeps the order of the rest")
    func dropsNilsInOrder() {
        let recorder = Recorder<Int>()
        ["1", "x", "2", "", "3"].publisher.compactMap { Int($0) }.subscribe(recorder)
        #expect(recorder.history == [.subscription, .value(1), .value(2), .value(3), .finished])
    }

    @Test("finishes even when every value is dropped")
    func finishesWhenAllDropped() {
        let recorder = Recorder<Int>()
        ["a", "b"].publisher.compactMap { Int($0) }.subscribe(recorder)
        #expect(recorder.history == [.subscription, .finished])
    }

    @Test("describes its upstream")
    func description() {
        #expect(Just("1").compactMap { Int($0) }.description == "CompactMap(Just(1))")
    }
}
