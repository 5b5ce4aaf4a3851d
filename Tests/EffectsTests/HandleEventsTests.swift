import Effects
import Testing

@Suite struct HandleEventsTests {
    @Test("calls each hook as its event passes, before the event goes on")
    func hooksInOrder() {
        let log = EventLog()
        let recorder = Recorder<Int> { _, event in log.note("downstream \(event)") }
        [1, 2].publisher
            .handleEvents(
                receiveSubscription: { _ in log.note("subscription") },
                receiveOutput: { log.note("output \($0)") },
                receiveCompletion: { _ in log.note("completion") },
                receiveCancel: { log.note("cancel") }
            )
            .subscribe(recorder)
        #expect(
            log.all == [
                "subscription", "downstream subscription",
                "output 1", "downstream value(1)",
                "output 2", "downstream value(2)",
                "completion", "downstream finished",
            ])
    }

    @Test("receiveCancel runs once when the downstream cancels, and the upstream is cancelled")
    func cancelHook() {
        let log = EventLog()
        let upstream = TestSubject<Int>()
        let recorder = Recorder<Int>()
        upstream.handleEvents(receiveCancel: { log.note("cancel") }).subscribe(recorder)
        recorder.cancel()
        recorder.cancel()
        #expect(log.all == ["cancel"])
        #expect(upstream.cancellationCount == 1)
    }

    @Test("receiveCancel does not run after the upstream finished")
    func noCancelAfterFinish() {
        let log = EventLog()
        let recorder = Recorder<Int>()
        Just(1).handleEvents(receiveCancel: { log.note("cancel") }).subscribe(recorder)
        recorder.cancel()
        #expect(log.all == [])
        #expect(recorder.history == [.subscription, .value(1), .finished])
    }

    @Test("describes its upstream")
    func description() {
        #expect(Just(1).handleEvents().description == "HandleEvents(Just(1))")
    }
}
