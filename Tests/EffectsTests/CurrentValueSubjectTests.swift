import ConcurrencyTestSupport
import Effects
import Testing

@Suite struct CurrentValueSubjectTests {
    @Test("a new subscriber receives the current value first, then the values sent")
    func currentValueFirst() {
        let subject = CurrentValueSubject(1)
        let recorder = Recorder<Int>()
        subject.subscribe(recorder)
        subject.send(2)
        #expect(recorder.history == [.subscription, .value(1), .value(2)])
        let late = Recorder<Int>()
        subject.subscribe(late)
        #expect(late.history == [.subscription, .value(2)])
    }

    @Test("setting value sends it; reading value gives the latest sent")
    func valueProperty() {
        let subject = CurrentValueSubject("a")
        let recorder = Recorder<String>()
        subject.subscribe(recorder)
        subject.value = "b"
        #expect(subject.value == "b")
        subject.send("c")
        #expect(subject.value == "c")
        #expect(recorder.values == ["a", "b", "c"])
    }

    @Test(
        "after the completion, sends are ignored, the value stays, and a new subscriber receives the completion alone"
    )
    func afterCompletion() {
        let subject = CurrentValueSubject(1)
        let recorder = Recorder<Int>()
        subject.subscribe(recorder)
        subject.send(completion: .finished)
        subject.send(2)
        #expect(subject.value == 1)
        #expect(recorder.history == [.subscription, .value(1), .finished])
        let late = Recorder<Int>()
        subject.subscribe(late)
        #expect(late.history == [.subscription, .finished])
    }

    @Test(
        "after the completion, setting value changes it (read back) and delivers nothing, as in Combine"
    )
    func valueSettableAfterCompletion() {
        let subject = CurrentValueSubject(1)
        let recorder = Recorder<Int>()
        subject.subscribe(recorder)
        subject.send(completion: .finished)
        subject.value = 3
        #expect(subject.value == 3)
        subject.send(4)
        #expect(subject.value == 3, "send stays ignored")
        #expect(recorder.history == [.subscription, .value(1), .finished])
        let late = Recorder<Int>()
        subject.subscribe(late)
        #expect(late.history == [.subscription, .finished], "a late subscriber is not greeted")
    }

    @Test(
        "setting value while the completion waits for a delivery under way changes it and sends nothing more"
    )
    func valueSetWhileFinishing() {
        let subject = CurrentValueSubject(0)
        let recorder = Recorder<Int> { _, event in
            if event == .value(1) {
                subject.send(completion: .finished)
                subject.value = 5
                #expect(subject.value == 5)
            }
        }
        subject.subscribe(recorder)
        subject.send(1)
        #expect(subject.value == 5)
        #expect(recorder.history == [.subscription, .value(0), .value(1), .finished])
    }

    @Test(
        "a subscriber attached during a delivery gets the value current at that point, then what follows"
    )
    func subscribeDuringDelivery() {
        let subject = CurrentValueSubject(0)
        let late = Recorder<Int>()
        let first = Recorder<Int> { _, event in
            if event == .value(1) {
                subject.send(2)
                subject.subscribe(late)
                subject.send(3)
            }
        }
        subject.subscribe(first)
        subject.send(1)
        #expect(first.values == [0, 1, 2, 3])
        #expect(late.history == [.subscription, .value(2), .value(3)])
    }

    @Test("a subscriber that cancels on its subscription receives nothing")
    func cancelOnSubscription() {
        let subject = CurrentValueSubject(5)
        let recorder = Recorder<Int> { recorder, event in
            if event == .subscription { recorder.cancel() }
        }
        subject.subscribe(recorder)
        subject.send(6)
        #expect(recorder.history == [.subscription])
    }

    @Test(
        "sends from four threads at once: one call at a time, the value ends as one of the last sent",
        .timeLimit(.minutes(1)))
    func concurrentSends() async {
        let subject = CurrentValueSubject(-1)
        let detector = SerializedDeliveryTests.OverlapDetector {}
        subject.subscribe(detector)
        await withTaskGroup(of: Void.self) { group in
            for thread in 0..<4 {
                group.addTask {
                    for index in 0..<2_000 {
                        subject.send(thread * 2_000 + index)
                    }
                }
            }
        }
        let values = detector.values.withLock { $0 }
        let overlapped = detector.overlapped.load(ordering: .relaxed)
        #expect(!overlapped)
        #expect(values.count == 8_001)
        #expect(values.last == subject.value)
    }

    @Test("describes its current value")
    func description() {
        #expect(CurrentValueSubject(3).description == "CurrentValueSubject(3)")
    }
}
