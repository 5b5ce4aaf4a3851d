import Effects
import Testing

@Suite struct AnyPublisherTests {
    @Test("forwards everything the wrapped publisher sends")
    func forwards() {
        let recorder = Recorder<Int>()
        [1, 2].publisher.eraseToAnyPublisher().subscribe(recorder)
        #expect(recorder.history == [.subscription, .value(1), .value(2), .finished])
    }

    @Test("describes itself as the publisher it wraps, even when wrapped twice")
    func description() {
        let erased = AnyPublisher(Just(1).map { $0 }.eraseToAnyPublisher())
        #expect(erased.description == "Map(Just(1))")
    }
}
