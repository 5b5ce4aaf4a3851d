import Effects
import Testing

@Suite struct SinkTests {
    @Test("calls the value closure for each value and the completion closure once")
    func receivesValuesAndCompletion() {
        let log = Lock<[String]>([])
        let cancellable = [1, 2].publisher.sink(
            receiveCompletion: { _ in log.withLock { $0.append("finished") } },
            receiveValue: { value in log.withLock { $0.append("\(value)") } }
        )
        #expect(log.withLock { $0 } == ["1", "2", "finished"])
        cancellable.cancel()
        #expect(log.withLock { $0 } == ["1", "2", "finished"])
    }

    @Test("after cancel, nothing reaches the closures and the upstream is cancelled")
    func cancelStopsEverything() {
        let upstream = TestSubject<Int>()
        let log = Lock<[String]>([])
        let cancellable = upstream.sink(
            receiveCompletion: { _ in log.withLock { $0.append("finished") } },
            receiveValue: { value in log.withLock { $0.append("\(value)") } }
        )
        upstream.send(1)
        cancellable.cancel()
        upstream.send(2)
        upstream.finish()
        #expect(log.withLock { $0 } == ["1"])
        #expect(upstream.cancellationCount == 1)
    }

    @Test("releasing the cancellable it returns stops a delivery still waiting")
    func releasingSinkStopsDelivery() {
        let scheduler = TestScheduler()
        let received = Lock<[Int]>([])
        do {
            _ = Just(1).delay(for: .seconds(1), scheduler: scheduler).sink { value in
                received.withLock { $0.append(value) }
            }
        }
        #expect(scheduler.pendingWorkCount == 0)
        scheduler.advance(by: .seconds(1))
        #expect(received.withLock { $0 } == [])
    }

    @Test("releasing the cancellable it returns cancels the upstream")
    func releasingSinkCancelsUpstream() {
        let upstream = TestSubject<Int>()
        let received = Lock<[Int]>([])
        do {
            _ = upstream.sink { value in received.withLock { $0.append(value) } }
        }
        #expect(upstream.cancellationCount == 1)
        upstream.send(1)
        #expect(received.withLock { $0 } == [])
    }

    @Test("ignores anything that arrives after the completion")
    func ignoresEventsAfterCompletion() {
        let log = Lock<[String]>([])
        let sink = Subscribers.Sink<Int>(
            receiveCompletion: { _ in log.withLock { $0.append("finished") } },
            receiveValue: { value in log.withLock { $0.append("\(value)") } }
        )
        sink.receive(subscription: Subscriptions.empty)
        sink.receive(1)
        sink.receive(completion: .finished)
        sink.receive(2)
        sink.receive(completion: .finished)
        #expect(log.withLock { $0 } == ["1", "finished"])
    }

    @Test("a sink made directly lets go of both closures when cancelled, while still held")
    func directSinkReleasesClosuresOnCancel() {
        weak var weakValueWitness: Witness?
        weak var weakCompletionWitness: Witness?
        let sink: Subscribers.Sink<Int> = {
            let valueWitness = Witness(), completionWitness = Witness()
            weakValueWitness = valueWitness
            weakCompletionWitness = completionWitness
            return Subscribers.Sink<Int>(
                receiveCompletion: { _ in completionWitness.touch() },
                receiveValue: { _ in valueWitness.touch() })
        }()
        sink.receive(subscription: Subscriptions.empty)
        #expect(weakValueWitness != nil)
        #expect(weakCompletionWitness != nil)
        sink.cancel()
        #expect(weakValueWitness == nil)
        #expect(weakCompletionWitness == nil)
        withExtendedLifetime(sink) {}
    }

    @Test("cancels a second subscription it is handed")
    func cancelsSecondSubscription() {
        let first = TestSubject<Int>(), second = TestSubject<Int>()
        let sink = Subscribers.Sink<Int>(receiveCompletion: { _ in }, receiveValue: { _ in })
        first.subscribe(sink)
        second.subscribe(sink)
        #expect(first.cancellationCount == 0)
        #expect(second.cancellationCount == 1)
        sink.cancel()
        #expect(first.cancellationCount == 1)
    }
}
