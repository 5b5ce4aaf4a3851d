import Effects
import Testing

@Suite struct FilterTests {
    @Test("keeps only the values that pass, in order")
    func keepsPassingValuesInOrder() {
        let recorder = Recorder<Int>()
        [5, 2, 8, 3, 6].publisher.filter { $0.isMultiple(of: 2) }.subscribe(recorder)
        #expect(recorder.history == [.subscription, .value(2), .value(8), .value(6), .finished])
    }

    @Test("chains with map and compactMap in the written order")
    func chainsWithOtherOperators() {
        let recorder = Recorder<String>()
        (1...6).publisher
            .filter { $0 > 2 }
            .map { $0 * 2 }
            .compactMap { $0.isMultiple(of: 4) ? "\($0)" : nil }
            .subscribe(recorder)
        #expect(recorder.history == [.subscription, .value("8"), .value("12"), .finished])
    }

    @Test("describes its upstream")
    func description() {
        #expect(Just(1).filter { _ in true }.description == "Filter(Just(1))")
    }
}
