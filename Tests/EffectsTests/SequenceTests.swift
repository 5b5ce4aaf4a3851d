import Effects
import Testing

@Suite struct SequenceTests {
    @Test("sends the elements in order, then finishes")
    func sendsElementsInOrder() {
        let recorder = Recorder<Int>()
        [3, 1, 2].publisher.subscribe(recorder)
        #expect(recorder.history == [.subscription, .value(3), .value(1), .value(2), .finished])
    }

    @Test("an empty sequence just finishes")
    func emptySequenceFinishes() {
        let recorder = Recorder<Int>()
        [Int]().publisher.subscribe(recorder)
        #expect(recorder.history == [.subscription, .finished])
    }

    @Test("works with any sendable sequence, such as a range")
    func rangeSequence() {
        let recorder = Recorder<Int>()
        (1...4).publisher.subscribe(recorder)
        #expect(recorder.values == [1, 2, 3, 4])
        #expect(recorder.history.last == .finished)
    }

    @Test("cancelling from inside a value handler stops before the next element")
    func cancelFromValueHandlerStops() {
        let recorder = Recorder<Int> { recorder, event in
            if event == .value(2) { recorder.cancel() }
        }
        [1, 2, 3, 4].publisher.subscribe(recorder)
        #expect(recorder.history == [.subscription, .value(1), .value(2)])
    }

    @Test("cancelling on the subscription sends nothing at all")
    func cancelOnSubscriptionSendsNothing() {
        let recorder = Recorder<Int> { recorder, event in
            if event == .subscription { recorder.cancel() }
        }
        [1, 2, 3].publisher.subscribe(recorder)
        #expect(recorder.history == [.subscription])
    }

    @Test("describes its elements")
    func description() {
        #expect([1, 2].publisher.description == "Sequence([1, 2])")
    }
}
