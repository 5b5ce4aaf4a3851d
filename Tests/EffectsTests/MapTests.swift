import Effects
import Testing

@Suite struct MapTests {
    @Test("transforms every value, in order, and passes the completion on")
    func transformsInOrder() {
        let recorder = Recorder<String>()
        [1, 2, 3].publisher.map { "#\($0 * 10)" }.subscribe(recorder)
        #expect(
            recorder.history == [
                .subscription, .value("#10"), .value("#20"), .value("#30"), .finished,
            ])
    }

    @Test("passes cancellation up to its upstream")
    func passesCancellationUp() {
        let subject = TestSubject<Int>()
        let recorder = Recorder<Int>()
        subject.map { $0 + 1 }.subscribe(recorder)
        subject.send(1)
        recorder.cancel()
        subject.send(2)
        #expect(recorder.history == [.subscription, .value(2)])
        #expect(subject.cancellationCount == 1)
    }

    @Test("describes its upstream")
    func description() {
        #expect(Just(1).map { $0 }.description == "Map(Just(1))")
    }
}
