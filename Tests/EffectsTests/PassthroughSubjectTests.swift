import ConcurrencyTestSupport
import Dispatch
import Effects
import Testing

@Suite struct PassthroughSubjectTests {
    @Test("sends each value to every current subscriber, in order")
    func sendsToEverySubscriber() {
        let subject = PassthroughSubject<Int>()
        let first = Recorder<Int>()
        let second = Recorder<Int>()
        subject.subscribe(first)
        subject.subscribe(second)
        subject.send(1)
        subject.send(2)
        #expect(first.history == [.subscription, .value(1), .value(2)])
        #expect(second.history == [.subscription, .value(1), .value(2)])
    }

    @Test("a subscriber receives only the values sent after it subscribed")
    func onlyLaterValues() {
        let subject = PassthroughSubject<Int>()
        let early = Recorder<Int>()
        subject.subscribe(early)
        subject.send(1)
        let late = Recorder<Int>()
        subject.subscribe(late)
        subject.send(2)
        #expect(early.values == [1, 2])
        #expect(late.values == [2])
    }

    @Test(
        "the completion finishes every subscriber; later values are ignored; a later subscriber is finished at once"
    )
    func completion() {
        let subject = PassthroughSubject<Int>()
        let recorder = Recorder<Int>()
        subject.subscribe(recorder)
        subject.send(completion: .finished)
        subject.send(1)
        subject.send(completion: .finished)
        #expect(recorder.history == [.subscription, .finished])

        let late = Recorder<Int>()
        subject.subscribe(late)
        #expect(late.history == [.subscription, .finished])
    }

    @Test("a cancelled subscriber gets nothing more, the others go on, and it is released")
    func cancelOne() {
        let subject = PassthroughSubject<Int>()
        let staying = Recorder<Int>()
        subject.subscribe(staying)
        weak var weakLeaving: Recorder<Int>?
        do {
            let leaving = Recorder<Int>()
            weakLeaving = leaving
            subject.subscribe(leaving)
            subject.send(1)
            leaving.cancel()
            subject.send(2)
            #expect(leaving.values == [1])
        }
        #expect(weakLeaving == nil)
        #expect(staying.values == [1, 2])
    }

    @Test(
        "a value sent from inside a subscriber is delivered after the current call returns, never nested"
    )
    func reentrantSendIsQueued() {
        let subject = PassthroughSubject<Int>()
        let log = Lock<[String]>([])
        let recorder = Recorder<Int> { _, event in
            guard case .value(let value) = event else { return }
            log.withLock { $0.append("begin \(value)") }
            if value == 1 { subject.send(2) }
            log.withLock { $0.append("end \(value)") }
        }
        subject.subscribe(recorder)
        subject.send(1)
        #expect(log.withLock { $0 } == ["begin 1", "end 1", "begin 2", "end 2"])
    }

    @Test(
        "a subscriber that subscribes from inside a delivery receives the values sent after it, in order"
    )
    func subscribeDuringDelivery() {
        let subject = PassthroughSubject<Int>()
        let late = Recorder<Int>()
        let first = Recorder<Int> { _, event in
            if event == .value(1) {
                subject.subscribe(late)
                subject.send(2)
            }
        }
        subject.subscribe(first)
        subject.send(1)
        subject.send(3)
        #expect(first.values == [1, 2, 3])
        #expect(late.history == [.subscription, .value(2), .value(3)])
    }

    @Test("cancelling from inside a value handler stops the values that follow")
    func cancelFromInside() {
        let subject = PassthroughSubject<Int>()
        let recorder = Recorder<Int> { recorder, event in
            if event == .value(1) { recorder.cancel() }
        }
        subject.subscribe(recorder)
        subject.send(1)
        subject.send(2)
        #expect(recorder.values == [1])
    }

    @Test(
        "sends from four threads at once: every value arrives once, one call at a time, each thread's in order",
        .timeLimit(.minutes(1)))
    func concurrentSends() async {
        let subject = PassthroughSubject<Int>()
        let detector = SerializedDeliveryTests.OverlapDetector {}
        subject.subscribe(detector)
        let threads = 4, perThread = 5_000
        await withTaskGroup(of: Void.self) { group in
            for thread in 0..<threads {
                group.addTask {
                    for index in 0..<perThread {
                        subject.send(thread * perThread + index)
                    }
                }
            }
        }
        let values = detector.values.withLock { $0 }
        let overlapped = detector.overlapped.load(ordering: .relaxed)
        #expect(!overlapped)
        #expect(values.count == threads * perThread)
        #expect(Set(values).count == threads * perThread)
        for thread in 0..<threads {
            let own = values.filter { $0 / perThread == thread }
            #expect(own == own.sorted())
        }
    }

    @Test("describes itself")
    func description() {
        #expect(PassthroughSubject<Int>().description == "PassthroughSubject")
    }
}
