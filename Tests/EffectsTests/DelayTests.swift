import Dispatch
import Effects
import Testing

@Suite struct DelayTests {
    @Test("delivers nothing a nanosecond early, and the value exactly on time")
    func deliversExactlyOnTime() {
        let scheduler = TestScheduler()
        let recorder = Recorder<Int>()
        Just(1).delay(for: .seconds(1), scheduler: scheduler).subscribe(recorder)
        #expect(recorder.history == [.subscription])

        scheduler.advance(by: .seconds(1) - .nanoseconds(1))
        #expect(recorder.history == [.subscription])
        scheduler.advance(by: .nanoseconds(1))
        #expect(recorder.history == [.subscription, .value(1), .finished])
        #expect(scheduler.pendingWorkCount == 0)
    }

    /// The two sinks a delayed single value meets: the delay's own (which delivers straight to
    /// the closures) and the general one, reached through an erased publisher.
    enum SinkShape: String, CaseIterable, CustomTestStringConvertible {
        case delaysOwnSink, generalSink
        var testDescription: String { rawValue }

        func sink(on scheduler: TestScheduler, log: SinkLog) -> AnyCancellable {
            let delayed = Just(7).delay(for: .seconds(1), scheduler: scheduler)
            let completion: @Sendable (Subscribers.Completion) -> Void = { _ in
                log.events.withLock { $0.append("finished") }
            }
            let value: @Sendable (Int) -> Void = { value in
                log.events.withLock { $0.append("\(value)") }
            }
            switch self {
            case .delaysOwnSink:
                return delayed.sink(receiveCompletion: completion, receiveValue: value)
            case .generalSink:
                return delayed.eraseToAnyPublisher()
                    .sink(receiveCompletion: completion, receiveValue: value)
            }
        }
    }

    @Test(
        "a sink gets the value, then the completion, on time; cancelling it after does nothing",
        arguments: SinkShape.allCases)
    func sinkGetsTheValueOnTime(shape: SinkShape) {
        let scheduler = TestScheduler()
        let log = SinkLog()
        let cancellable = shape.sink(on: scheduler, log: log)
        scheduler.advance(by: .seconds(1) - .nanoseconds(1))
        #expect(log.events.withLock { $0 }.isEmpty)
        scheduler.advance(by: .nanoseconds(1))
        #expect(log.events.withLock { $0 } == ["7", "finished"])
        cancellable.cancel()
        #expect(log.events.withLock { $0 } == ["7", "finished"])
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test(
        "cancelling a sink, or releasing its cancellable, before the value is due drops the value and takes the scheduled work back",
        arguments: SinkShape.allCases, [true, false])
    func sinkCancelledBeforeDue(shape: SinkShape, byReleasing: Bool) {
        let scheduler = TestScheduler()
        let log = SinkLog()
        var cancellable: AnyCancellable? = shape.sink(on: scheduler, log: log)
        #expect(scheduler.pendingWorkCount == 1)
        if byReleasing {
            cancellable = nil
        } else {
            cancellable?.cancel()
        }
        #expect(scheduler.pendingWorkCount == 0)
        scheduler.advance(by: .seconds(2))
        #expect(log.events.withLock { $0 }.isEmpty)
        _ = cancellable
    }

    @Test("delays the completion too")
    func delaysCompletion() {
        let scheduler = TestScheduler()
        let recorder = Recorder<Int>()
        Empty<Int>().delay(for: .seconds(2), scheduler: scheduler).subscribe(recorder)

        scheduler.advance(by: .seconds(2) - .nanoseconds(1))
        #expect(recorder.history == [.subscription])
        scheduler.advance(by: .nanoseconds(1))
        #expect(recorder.history == [.subscription, .finished])
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test("a completion that comes later than the value is delayed from its own time")
    func completionDelayedFromItsOwnTime() {
        let scheduler = TestScheduler()
        let upstream = TestSubject<Int>()
        let recorder = Recorder<Int>()
        upstream.delay(for: .seconds(1), scheduler: scheduler).subscribe(recorder)

        upstream.send(1)
        scheduler.advance(by: .milliseconds(500))
        upstream.finish()
        scheduler.advance(by: .milliseconds(500))
        #expect(recorder.history == [.subscription, .value(1)])
        scheduler.advance(by: .milliseconds(499))
        #expect(recorder.history == [.subscription, .value(1)])
        scheduler.advance(by: .milliseconds(1))
        #expect(recorder.history == [.subscription, .value(1), .finished])
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test("values produced at different times keep their order and their spacing")
    func keepsOrderAndSpacing() {
        let scheduler = TestScheduler()
        let recorder = Recorder<Int>()
        Just(1).delay(for: .milliseconds(100), scheduler: scheduler)
            .merge(with: Just(2).delay(for: .milliseconds(400), scheduler: scheduler))
            .delay(for: .seconds(1), scheduler: scheduler)
            .subscribe(recorder)

        scheduler.advance(to: .milliseconds(1_099))
        #expect(recorder.history == [.subscription])
        scheduler.advance(to: .milliseconds(1_100))
        #expect(recorder.history == [.subscription, .value(1)])
        scheduler.advance(to: .milliseconds(1_399))
        #expect(recorder.history == [.subscription, .value(1)])
        scheduler.advance(to: .milliseconds(1_400))
        #expect(recorder.history == [.subscription, .value(1), .value(2), .finished])
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test("values produced at the same instant are delivered together, in order")
    func sameInstantInOrder() {
        let scheduler = TestScheduler()
        let recorder = Recorder<Int>()
        [1, 2, 3].publisher.delay(for: .seconds(1), scheduler: scheduler).subscribe(recorder)

        scheduler.advance(by: .milliseconds(999))
        #expect(recorder.history == [.subscription])
        scheduler.advance(by: .milliseconds(1))
        #expect(recorder.history == [.subscription, .value(1), .value(2), .value(3), .finished])
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test("cancelling before delivery delivers nothing and leaves no work pending")
    func cancelBeforeDelivery() {
        let scheduler = TestScheduler()
        let recorder = Recorder<Int>()
        [1, 2].publisher.delay(for: .seconds(1), scheduler: scheduler).subscribe(recorder)
        #expect(scheduler.pendingWorkCount == 3)

        scheduler.advance(by: .milliseconds(500))
        recorder.cancel()
        #expect(scheduler.pendingWorkCount == 0)
        scheduler.advance(by: .seconds(10))
        #expect(recorder.history == [.subscription])
    }

    @Test("cancelling from the value handler drops the waiting completion and its work")
    func cancelFromValueHandler() {
        let scheduler = TestScheduler()
        let recorder = Recorder<Int> { recorder, event in
            if event == .value(1) { recorder.cancel() }
        }
        [1, 2].publisher.delay(for: .seconds(1), scheduler: scheduler).subscribe(recorder)

        scheduler.advance(by: .seconds(1))
        #expect(recorder.history == [.subscription, .value(1)])
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test("cancelling passes up to the upstream")
    func cancelPassesUp() {
        let scheduler = TestScheduler()
        let upstream = TestSubject<Int>()
        let recorder = Recorder<Int>()
        upstream.delay(for: .seconds(1), scheduler: scheduler).subscribe(recorder)
        recorder.cancel()
        #expect(upstream.cancellationCount == 1)
        upstream.send(1)
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test("a negative delay counts as zero: delivered on the next advance, even by zero")
    func negativeDelayCountsAsZero() {
        let scheduler = TestScheduler()
        scheduler.advance(by: .seconds(5))
        let recorder = Recorder<Int>()
        Just(1).delay(for: .seconds(-1), scheduler: scheduler).subscribe(recorder)
        #expect(recorder.history == [.subscription])

        scheduler.advance(by: .zero)
        #expect(recorder.history == [.subscription, .value(1), .finished])
        #expect(scheduler.now == .seconds(5))
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test("on the immediate scheduler, delivery is synchronous")
    func immediateSchedulerIsSynchronous() {
        let recorder = Recorder<Int>()
        [1, 2].publisher.delay(for: .seconds(5), scheduler: ImmediateScheduler()).subscribe(
            recorder)
        #expect(recorder.history == [.subscription, .value(1), .value(2), .finished])
    }

    @Test(
        "a single value on the immediate scheduler is delivered at once, leaving nothing to cancel"
    )
    func singleValueOnImmediateScheduler() {
        let recorder = Recorder<Int>()
        Just(1).delay(for: .seconds(5), scheduler: ImmediateScheduler()).subscribe(recorder)
        #expect(recorder.history == [.subscription, .value(1), .finished])
        recorder.cancel()
        #expect(recorder.history == [.subscription, .value(1), .finished])
    }

    @Test("a single value cancelled as its subscription arrives is never scheduled")
    func singleValueCancelledOnSubscription() {
        let scheduler = TestScheduler()
        let recorder = Recorder<Int> { recorder, event in
            if event == .subscription { recorder.cancel() }
        }
        Just(1).delay(for: .seconds(1), scheduler: scheduler).subscribe(recorder)
        #expect(scheduler.pendingWorkCount == 0)
        scheduler.advance(by: .seconds(1))
        #expect(recorder.history == [.subscription])
    }

    @Test("describes its interval and upstream")
    func description() {
        let scheduler = TestScheduler()
        #expect(
            Just("unFlip").delay(for: .seconds(1), scheduler: scheduler).description
                == "Delay(1.0 seconds, Just(unFlip))")
    }

    /// A scheduler written outside the package: it forwards to a test scheduler, so that the
    /// delivery takes the path for schedulers whose queue the runtime cannot reach.
    private struct ForwardingScheduler: Scheduler {
        let base: TestScheduler

        var now: Duration {
            base.now
        }

        func schedule(_ action: @escaping @Sendable () -> Void) {
            base.schedule(action)
        }

        func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void)
            -> any Cancellable
        {
            base.schedule(after: delay, action)
        }
    }

    @Test(
        "on a scheduler written elsewhere, a single value arrives on time, and a cancel takes its work out through the cancellable the scheduler returned"
    )
    func singleValueOnForeignScheduler() {
        let base = TestScheduler()
        let scheduler = ForwardingScheduler(base: base)
        let delivered = Recorder<Int>()
        let cancelled = Recorder<Int>()
        Just(1).delay(for: .seconds(1), scheduler: scheduler).subscribe(delivered)
        Just(2).delay(for: .seconds(1), scheduler: scheduler).subscribe(cancelled)
        #expect(base.pendingWorkCount == 2)

        cancelled.cancel()
        #expect(base.pendingWorkCount == 1)
        base.advance(by: .seconds(1))
        #expect(delivered.history == [.subscription, .value(1), .finished])
        #expect(cancelled.history == [.subscription])
        #expect(base.pendingWorkCount == 0)
    }

    @Test(
        "through AnyScheduler, a single value reaches the wrapped test scheduler's queue: it arrives on time, and a cancel leaves nothing pending"
    )
    func singleValueThroughAnyScheduler() {
        let base = TestScheduler()
        let scheduler = AnyScheduler(AnyScheduler(base))
        let delivered = Recorder<Int>()
        let cancelled = Recorder<Int>()
        Just(1).delay(for: .seconds(1), scheduler: scheduler).subscribe(delivered)
        Just(2).delay(for: .seconds(1), scheduler: scheduler).subscribe(cancelled)
        #expect(base.pendingWorkCount == 2)

        cancelled.cancel()
        #expect(base.pendingWorkCount == 1)
        base.advance(by: .seconds(1) - .nanoseconds(1))
        #expect(delivered.history == [.subscription])
        base.advance(by: .nanoseconds(1))
        #expect(delivered.history == [.subscription, .value(1), .finished])
        #expect(cancelled.history == [.subscription])
        #expect(base.pendingWorkCount == 0)
    }

    @Test(
        "a single value cancelled after it was delivered, or twice, leaves the other pending work alone"
    )
    func lateCancelLeavesOthersAlone() {
        let scheduler = TestScheduler()
        let early = Recorder<Int>()
        let late = Recorder<Int>()
        Just(1).delay(for: .seconds(1), scheduler: scheduler).subscribe(early)
        scheduler.advance(by: .seconds(1))
        // The early value's slot in the queue is free now, and the late value takes it.
        Just(2).delay(for: .seconds(1), scheduler: scheduler).subscribe(late)
        early.cancel()
        early.cancel()
        #expect(scheduler.pendingWorkCount == 1)
        scheduler.advance(by: .seconds(1))
        #expect(early.history == [.subscription, .value(1), .finished])
        #expect(late.history == [.subscription, .value(2), .finished])
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test(
        "a delayed Effect.just, as a publisher or as an effect, is one piece of scheduled work that sends the value and the completion"
    )
    func delayedEffectValueIsOneWork() {
        let scheduler = TestScheduler()
        let publisher = Recorder<Int>()
        let effect = Recorder<Int>()
        Publishers.Delay(upstream: Effect<Int>.just(1), interval: .seconds(1), scheduler: scheduler)
            .subscribe(publisher)
        Effect<Int>.just(2).delay(for: .seconds(1), scheduler: scheduler).subscribe(effect)
        #expect(scheduler.pendingWorkCount == 2)

        scheduler.advance(by: .seconds(1) - .nanoseconds(1))
        #expect(publisher.history == [.subscription])
        scheduler.advance(by: .nanoseconds(1))
        #expect(publisher.history == [.subscription, .value(1), .finished])
        #expect(effect.history == [.subscription, .value(2), .finished])
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test(
        "many subscriptions cancelled on several threads while being delivered: each delivers at most once"
    )
    func cancelRacingDelivery() async {
        let subscriptionCount = 2_000
        let schedulers = (0..<2).map {
            DispatchQueueScheduler(queue: DispatchQueue(label: "DelayTests.race.\($0)"))
        }
        let deliveries = Lock([Int](repeating: 0, count: subscriptionCount))
        let recorders = (0..<subscriptionCount).map { _ in
            Recorder<Int> { _, event in
                if case .value(let value) = event {
                    deliveries.withLock { $0[value] += 1 }
                }
            }
        }

        // Each thread subscribes one and cancels one subscribed a little earlier (maybe by
        // another thread), while the schedulers' queues deliver. Every third subscription is
        // left alone, so that some deliveries surely happen.
        let lag = 64
        DispatchQueue.concurrentPerform(iterations: subscriptionCount + lag) { index in
            if index < subscriptionCount {
                Just(index).delay(for: .zero, scheduler: schedulers[index % 2]).subscribe(
                    recorders[index])
            }
            let victim = index - lag
            if victim >= 0, !victim.isMultiple(of: 3) {
                recorders[victim].cancel()
            }
        }
        for index in stride(from: 0, to: subscriptionCount, by: 3) {
            await recorders[index].waitForCompletion()
        }
        // A cancelled timer never fires again; let any delivery already under way finish.
        for scheduler in schedulers {
            await withCheckedContinuation { continuation in
                scheduler.queue.async { continuation.resume() }
            }
        }

        let counts = deliveries.withLock { $0 }
        #expect(counts.allSatisfy { $0 <= 1 })
        for (index, recorder) in recorders.enumerated() {
            let history = recorder.history
            if index.isMultiple(of: 3) {
                #expect(history == [.subscription, .value(index), .finished])
            } else {
                #expect(
                    [
                        [.subscription], [.subscription, .value(index)],
                        [.subscription, .value(index), .finished],
                    ]
                    .contains(history),
                    "subscription \(index): \(history)"
                )
            }
        }
    }
}

/// What a sink's closures were called with, in order.
final class SinkLog: Sendable {
    let events = Lock<[String]>([])
}

/// The delay's semantics, stated once and played by every shape of upstream: a single value
/// (delivered with its completion by one piece of work) and relayed events, one or many.
@Suite struct DelayShapeTests {
    enum Shape: String, CaseIterable, CustomTestStringConvertible {
        case singleValue, oneRelayedValue, manyRelayedValues
        var testDescription: String { rawValue }

        var effect: Effect<Int> {
            switch self {
            case .singleValue: .just(1)
            case .oneRelayedValue: Effect(Just(1).eraseToAnyPublisher())
            case .manyRelayedValues: Effect([1, 2, 3].publisher)
            }
        }

        var values: [Recorder<Int>.Event] {
            self == .manyRelayedValues ? [.value(1), .value(2), .value(3)] : [.value(1)]
        }
    }

    private enum Timer: Hashable, Sendable { case unFlip }

    /// Subscribes `recorder` to the shape delayed by a second, in `context` (under an id) if any.
    private func start(
        _ shape: Shape, on scheduler: some Scheduler, to recorder: Recorder<Int>,
        in context: EffectContext?
    ) {
        let delayed = shape.effect.delay(for: .seconds(1), scheduler: scheduler)
        if let context {
            delayed.cancellable(id: Timer.unFlip).subscribe(recorder, context: context)
        } else {
            delayed.subscribe(recorder)
        }
    }

    @Test(
        "every shape delivers its values in order, then the completion, exactly on time, in a context or not",
        arguments: Shape.allCases, [false, true])
    func onTime(shape: Shape, inContext: Bool) {
        let scheduler = TestScheduler()
        let context = inContext ? EffectContext() : nil
        let recorder = Recorder<Int>()
        start(shape, on: scheduler, to: recorder, in: context)
        scheduler.advance(by: .seconds(1) - .nanoseconds(1))
        #expect(recorder.history == [.subscription])
        scheduler.advance(by: .nanoseconds(1))
        #expect(recorder.history == [.subscription] + shape.values + [.finished])
        #expect(scheduler.pendingWorkCount == 0)
        #expect(context?.registeredCount ?? 0 == 0)
        recorder.cancel()
        #expect(recorder.history == [.subscription] + shape.values + [.finished])
    }

    @Test(
        "cancelled before its time, every shape delivers nothing and leaves no work pending",
        arguments: Shape.allCases, [false, true])
    func cancelledBeforeFiring(shape: Shape, inContext: Bool) {
        let scheduler = TestScheduler()
        let context = inContext ? EffectContext() : nil
        let recorder = Recorder<Int>()
        start(shape, on: scheduler, to: recorder, in: context)
        #expect(scheduler.pendingWorkCount > 0)
        scheduler.advance(by: .milliseconds(999))
        recorder.cancel()
        #expect(scheduler.pendingWorkCount == 0)
        #expect(context?.registeredCount ?? 0 == 0)
        scheduler.advance(by: .seconds(1))
        #expect(recorder.history == [.subscription])
    }

    @Test(
        "cancelled by id, every shape finishes its subscriber at once and leaves no work pending",
        arguments: Shape.allCases)
    func cancelledByID(shape: Shape) {
        let scheduler = TestScheduler()
        let context = EffectContext()
        let recorder = Recorder<Int>()
        start(shape, on: scheduler, to: recorder, in: context)
        #expect(context.registeredCount == 1)
        Effect<Int>.cancel(id: Timer.unFlip).subscribe(Recorder(), context: context)
        #expect(recorder.history == [.subscription, .finished])
        #expect(context.registeredCount == 0)
        #expect(scheduler.pendingWorkCount == 0)
        scheduler.advance(by: .seconds(1))
        #expect(recorder.history == [.subscription, .finished])
    }

    @Test(
        "on the immediate scheduler, every shape delivers everything before subscribe returns",
        arguments: Shape.allCases, [false, true])
    func immediateScheduler(shape: Shape, inContext: Bool) {
        let context = inContext ? EffectContext() : nil
        let recorder = Recorder<Int>()
        start(shape, on: ImmediateScheduler(), to: recorder, in: context)
        #expect(recorder.history == [.subscription] + shape.values + [.finished])
        #expect(context?.registeredCount ?? 0 == 0)
    }

    @Test("events sent at different times keep their order and spacing, the completion its own")
    func spacing() {
        let scheduler = TestScheduler()
        let upstream = TestSubject<Int>()
        let recorder = Recorder<Int>()
        Effect(upstream).delay(for: .seconds(1), scheduler: scheduler).subscribe(recorder)
        upstream.send(1)
        scheduler.advance(by: .milliseconds(300))
        upstream.send(2)
        upstream.send(3)
        scheduler.advance(by: .milliseconds(200))
        upstream.finish()
        scheduler.advance(by: .milliseconds(500))
        #expect(recorder.history == [.subscription, .value(1)])
        scheduler.advance(by: .milliseconds(299))
        #expect(recorder.history == [.subscription, .value(1)])
        scheduler.advance(by: .milliseconds(1))
        #expect(recorder.history == [.subscription, .value(1), .value(2), .value(3)])
        scheduler.advance(by: .milliseconds(199))
        #expect(recorder.history == [.subscription, .value(1), .value(2), .value(3)])
        scheduler.advance(by: .milliseconds(1))
        #expect(recorder.history == [.subscription, .value(1), .value(2), .value(3), .finished])
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test(
        "cancelled between two deliveries, a relay delivers nothing more and cancels the upstream")
    func cancelledAfterFiring() {
        let scheduler = TestScheduler()
        let upstream = TestSubject<Int>()
        let recorder = Recorder<Int>()
        upstream.delay(for: .seconds(1), scheduler: scheduler).subscribe(recorder)
        upstream.send(1)
        scheduler.advance(by: .milliseconds(500))
        upstream.send(2)
        scheduler.advance(by: .milliseconds(500))
        #expect(recorder.history == [.subscription, .value(1)])
        recorder.cancel()
        #expect(upstream.cancellationCount == 1)
        #expect(scheduler.pendingWorkCount == 0)
        scheduler.advance(by: .seconds(1))
        #expect(recorder.history == [.subscription, .value(1)])
    }
}
