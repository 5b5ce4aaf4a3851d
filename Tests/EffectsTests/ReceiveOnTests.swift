import Dispatch
import Effects
import Testing

@Suite struct ReceiveOnTests {
    @Test("hands the subscription over at once, but delivers nothing until the scheduler runs")
    func nothingUntilAdvance() {
        let scheduler = TestScheduler()
        let recorder = Recorder<Int>()
        [1, 2, 3].publisher.receive(on: scheduler).subscribe(recorder)
        #expect(recorder.history == [.subscription])

        scheduler.advance(by: .zero)
        #expect(recorder.history == [.subscription, .value(1), .value(2), .value(3), .finished])
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test("keeps the order of values sent at different times")
    func keepsOrder() {
        let scheduler = TestScheduler()
        let upstream = TestSubject<Int>()
        let recorder = Recorder<Int>()
        upstream.receive(on: scheduler).subscribe(recorder)

        upstream.send(1)
        upstream.send(2)
        #expect(recorder.history == [.subscription])
        scheduler.advance(by: .zero)
        upstream.send(3)
        upstream.finish()
        #expect(recorder.history == [.subscription, .value(1), .value(2)])
        scheduler.advance(by: .zero)
        #expect(recorder.history == [.subscription, .value(1), .value(2), .value(3), .finished])
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test("cancelling before the scheduler runs delivers nothing")
    func cancelBeforeRun() {
        let scheduler = TestScheduler()
        let recorder = Recorder<Int>()
        [1, 2].publisher.receive(on: scheduler).subscribe(recorder)
        recorder.cancel()
        scheduler.advance(by: .zero)
        #expect(recorder.history == [.subscription])
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test("on a DispatchQueueScheduler, every event arrives on its queue, in order")
    func deliversOnDispatchQueue() async {
        let key = DispatchSpecificKey<String>()
        let queue = DispatchQueue(label: "ReceiveOnTests.queue")
        queue.setSpecific(key: key, value: "receive-on")
        let scheduler = DispatchQueueScheduler(queue: queue)
        let queuesSeen = Lock<[String?]>([])
        let recorder = Recorder<Int> { _, event in
            if event != .subscription {
                queuesSeen.withLock { $0.append(DispatchQueue.getSpecific(key: key)) }
            }
        }

        [1, 2, 3].publisher.receive(on: scheduler).subscribe(recorder)
        await recorder.waitForCompletion()

        #expect(recorder.history == [.subscription, .value(1), .value(2), .value(3), .finished])
        #expect(queuesSeen.withLock { $0 } == Array(repeating: "receive-on", count: 4))
    }

    @Test("describes the scheduler type and the upstream")
    func description() {
        #expect(
            Just(1).receive(on: TestScheduler()).description == "ReceiveOn(TestScheduler, Just(1))")
    }
}
