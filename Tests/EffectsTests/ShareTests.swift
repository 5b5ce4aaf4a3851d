import Dispatch
import Effects
import Testing

@Suite struct ShareTests {
    @Test("several subscribers share one upstream subscription and get the same values")
    func oneUpstreamSubscription() {
        let upstream = TestSubject<Int>()
        let shared = upstream.share()
        let first = Recorder<Int>(), second = Recorder<Int>()
        shared.subscribe(first)
        shared.subscribe(second)
        #expect(upstream.subscriptionCount == 1)
        upstream.send(1)
        upstream.send(2)
        #expect(first.values == [1, 2])
        #expect(second.values == [1, 2])
    }

    @Test("the upstream is subscribed to when the first subscriber comes, not before")
    func subscribesOnFirstSubscriber() {
        let upstream = TestSubject<Int>()
        let shared = upstream.share()
        #expect(upstream.subscriptionCount == 0)
        shared.subscribe(Recorder<Int>())
        #expect(upstream.subscriptionCount == 1)
    }

    @Test("a late subscriber gets only the values sent after it came")
    func lateSubscriber() {
        let upstream = TestSubject<Int>()
        let shared = upstream.share()
        let early = Recorder<Int>(), late = Recorder<Int>()
        shared.subscribe(early)
        upstream.send(1)
        shared.subscribe(late)
        upstream.send(2)
        #expect(early.values == [1, 2])
        #expect(late.history == [.subscription, .value(2)])
        #expect(upstream.subscriptionCount == 1)
    }

    @Test("the upstream is cancelled when the last subscriber cancels, not before")
    func lastCancelCancelsUpstream() {
        let upstream = TestSubject<Int>()
        let shared = upstream.share()
        let first = Recorder<Int>(), second = Recorder<Int>()
        shared.subscribe(first)
        shared.subscribe(second)
        first.cancel()
        #expect(upstream.cancellationCount == 0)
        upstream.send(1)
        #expect(first.values == [])
        #expect(second.values == [1])
        second.cancel()
        #expect(upstream.cancellationCount == 1)
        #expect(upstream.subscriberCount == 0)
    }

    @Test("cancelling one subscription twice counts once")
    func cancelTwiceCountsOnce() {
        let upstream = TestSubject<Int>()
        let shared = upstream.share()
        let first = Recorder<Int>(), second = Recorder<Int>()
        let subscriptions = Lock<[any Subscription]>([])
        shared.subscribe(first)
        shared.subscribe(
            AnySubscriberForTest<Int>(onSubscription: { subscription in
                subscriptions.withLock { $0.append(subscription) }
            }))
        shared.subscribe(second)
        let kept = subscriptions.withLock { $0 }
        kept[0].cancel()
        kept[0].cancel()
        first.cancel()
        #expect(upstream.cancellationCount == 0)
        upstream.send(1)
        #expect(second.values == [1])
    }

    @Test("after the last subscriber left, the next one subscribes to the upstream again")
    func reconnects() {
        let upstream = TestSubject<Int>()
        let shared = upstream.share()
        let first = Recorder<Int>()
        shared.subscribe(first)
        first.cancel()
        let again = Recorder<Int>()
        shared.subscribe(again)
        #expect(upstream.subscriptionCount == 2)
        upstream.send(3)
        #expect(again.values == [3])
        #expect(first.values == [])
    }

    @Test("the completion reaches every current subscriber; a later one is finished at once")
    func completionReachesAll() {
        let upstream = TestSubject<Int>()
        let shared = upstream.share()
        let first = Recorder<Int>(), second = Recorder<Int>()
        shared.subscribe(first)
        shared.subscribe(second)
        upstream.send(1)
        upstream.finish()
        #expect(first.history == [.subscription, .value(1), .finished])
        #expect(second.history == [.subscription, .value(1), .finished])
        let later = Recorder<Int>()
        shared.subscribe(later)
        #expect(later.history == [.subscription, .finished])
        #expect(upstream.subscriptionCount == 1)
    }

    @Test("an empty upstream finishes the first subscriber")
    func emptyUpstream() {
        let recorder = Recorder<Int>()
        Empty<Int>().share().subscribe(recorder)
        #expect(recorder.history == [.subscription, .finished])
    }

    @Test("a synchronous upstream sends everything to the first subscriber")
    func synchronousUpstream() {
        let shared = [1, 2].publisher.share()
        let first = Recorder<Int>(), second = Recorder<Int>()
        shared.subscribe(first)
        shared.subscribe(second)
        #expect(first.history == [.subscription, .value(1), .value(2), .finished])
        #expect(second.history == [.subscription, .finished])
    }

    @Test("a subscriber that cancels from inside a value gets nothing more; the others go on")
    func cancelFromInsideValue() {
        let upstream = TestSubject<Int>()
        let shared = upstream.share()
        let quitter = Recorder<Int> { recorder, event in
            if event == .value(1) { recorder.cancel() }
        }
        let stayer = Recorder<Int>()
        shared.subscribe(quitter)
        shared.subscribe(stayer)
        upstream.send(1)
        upstream.send(2)
        upstream.finish()
        #expect(quitter.history == [.subscription, .value(1)])
        #expect(stayer.history == [.subscription, .value(1), .value(2), .finished])
    }

    @Test("on the TestScheduler: one timer, the same ticks for all, a late one joins the grid")
    func timer() {
        let scheduler = TestScheduler()
        let shared = Publishers.Timer(every: .seconds(1), scheduler: scheduler).share()
        let early = TimedRecorder<Duration>(clock: scheduler)
        shared.subscribe(early)
        scheduler.advance(by: .milliseconds(1_500))
        let late = TimedRecorder<Duration>(clock: scheduler)
        shared.subscribe(late)
        scheduler.advance(by: .seconds(1))
        #expect(
            early.timeline == [
                .value(.seconds(1), at: .seconds(1)), .value(.seconds(2), at: .seconds(2)),
            ])
        #expect(late.timeline == [.value(.seconds(2), at: .seconds(2))])
        #expect(scheduler.pendingWorkCount == 1)
        early.cancel()
        late.cancel()
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test(
        "subscribers coming and going on 8 threads at once: every upstream subscription made is cancelled, none is left"
    )
    func concurrentSubscribeAndCancel() {
        let upstream = TestSubject<Int>()
        let shared = upstream.share()
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for index in 0..<1_000 {
                // Cancelled as soon as it is attached: a subscriber may get its subscription
                // later, from the thread delivering at that moment, and only then can it cancel.
                let recorder = Recorder<Int> { recorder, event in
                    if event == .subscription { recorder.cancel() }
                }
                shared.subscribe(recorder)
                upstream.send(thread * 1_000 + index)
            }
        }
        #expect(upstream.subscriptionCount >= 1)
        #expect(upstream.cancellationCount == upstream.subscriptionCount)
        #expect(upstream.subscriberCount == 0)
    }

    @Test("is a class: equal only to itself")
    func identity() {
        let upstream = Just(1)
        let shared = upstream.share()
        #expect(shared == shared)
        #expect(shared != upstream.share())
    }

    @Test("describes its upstream")
    func description() {
        #expect(Just(1).share().description == "Share(Just(1))")
    }
}

/// A subscriber that hands its subscription to a closure and ignores the rest.
private struct AnySubscriberForTest<Input: Sendable>: Subscriber {
    let onSubscription: @Sendable (any Subscription) -> Void

    func receive(subscription: any Subscription) {
        onSubscription(subscription)
    }

    func receive(_ input: Input) {}

    func receive(completion: Subscribers.Completion) {}
}
