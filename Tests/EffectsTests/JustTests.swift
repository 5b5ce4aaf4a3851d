import Effects
import Testing

@Suite struct JustTests {
    @Test("sends its value then finishes, before subscribe returns")
    func sendsValueThenFinishesSynchronously() {
        let recorder = Recorder<Int>()
        Just(42).subscribe(recorder)
        #expect(recorder.history == [.subscription, .value(42), .finished])
    }

    @Test("sends the value again to every new subscriber")
    func sendsToEverySubscriber() {
        let just = Just("duck")
        let first = Recorder<String>(), second = Recorder<String>()
        just.subscribe(first)
        just.subscribe(second)
        #expect(first.history == [.subscription, .value("duck"), .finished])
        #expect(second.history == first.history)
    }

    @Test("describes itself with its value")
    func description() {
        #expect(Just("unFlip").description == "Just(unFlip)")
    }
}

/// A subscriber that cancels as soon as it is handed its subscription.
private final class CancelsAtOnce<Input: Sendable>: Subscriber, Sendable {
    let received = Lock<[String]>([])

    func receive(subscription: any Subscription) {
        received.withLock { $0.append("subscription") }
        subscription.cancel()
    }

    func receive(_ input: Input) {
        received.withLock { $0.append("value") }
    }

    func receive(completion: Subscribers.Completion) {
        received.withLock { $0.append("finished") }
    }
}

@Suite struct CancelOnSubscriptionTests {
    @Test("Just delivers nothing to a subscriber that cancels inside receive(subscription:)")
    func just() {
        let subscriber = CancelsAtOnce<Int>()
        Just(1).subscribe(subscriber)
        #expect(subscriber.received.withLock { $0 } == ["subscription"])
    }

    @Test("a delayed value schedules nothing for a subscriber that cancels at once")
    func delayedValue() {
        let scheduler = TestScheduler()
        let subscriber = CancelsAtOnce<Int>()
        Just(1).delay(for: .seconds(1), scheduler: scheduler).subscribe(subscriber)
        Effect.just(2).delay(for: .seconds(1), scheduler: scheduler).subscribe(subscriber)
        #expect(scheduler.pendingWorkCount == 0)
        scheduler.run()
        #expect(subscriber.received.withLock { $0 } == ["subscription", "subscription"])
    }

    @Test("a relay delivers nothing to a subscriber that cancels at once")
    func relay() {
        let scheduler = TestScheduler()
        let subscriber = CancelsAtOnce<Int>()
        [1, 2].publisher.delay(for: .seconds(1), scheduler: scheduler).subscribe(subscriber)
        scheduler.run()
        #expect(subscriber.received.withLock { $0 } == ["subscription"])
        #expect(scheduler.pendingWorkCount == 0)
    }
}
