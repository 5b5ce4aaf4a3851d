import Effects
import Testing

/// Cancellation by id, through the `package` effect context that a store runs its effects in.
/// Subscribed to directly, without a context, ids mean nothing.
@Suite struct EffectCancellationTests {
    private enum GameTimer: Hashable, Sendable {
        case unFlip
        case clock
    }

    @Test("cancel(id:) stops a running effect, finishes it and releases its work")
    func cancelByID() {
        let scheduler = TestScheduler()
        let registry = EffectContext()
        let recorder = Recorder<Int>()
        Effect.just(1).delay(for: .seconds(1), scheduler: scheduler)
            .cancellable(id: GameTimer.unFlip)
            .subscribe(recorder, context: registry)
        #expect(registry.registeredCount == 1)

        let canceller = Recorder<Int>()
        Effect<Int>.cancel(id: GameTimer.unFlip).subscribe(canceller, context: registry)
        #expect(canceller.history == [.subscription, .finished])
        #expect(recorder.history == [.subscription, .finished])
        #expect(registry.registeredCount == 0)
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test("cancel(id:) leaves effects with other ids, and ids of other types, running")
    func cancelLeavesOtherIDs() {
        let scheduler = TestScheduler()
        let registry = EffectContext()
        let clock = Recorder<Int>(), numbered = Recorder<Int>()
        Effect.just(1).delay(for: .seconds(1), scheduler: scheduler)
            .cancellable(id: GameTimer.clock)
            .subscribe(clock, context: registry)
        Effect.just(2).delay(for: .seconds(1), scheduler: scheduler)
            .cancellable(id: 0)
            .subscribe(numbered, context: registry)

        Effect<Int>.cancel(id: GameTimer.unFlip).subscribe(Recorder(), context: registry)
        Effect<Int>.cancel(id: "0").subscribe(Recorder(), context: registry)
        #expect(registry.registeredCount == 2)

        scheduler.advance(by: .seconds(1))
        #expect(clock.history == [.subscription, .value(1), .finished])
        #expect(numbered.history == [.subscription, .value(2), .finished])
        #expect(registry.registeredCount == 0)
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test("cancelInFlight cancels the running effect with the same id before starting")
    func cancelInFlight() {
        let scheduler = TestScheduler()
        let registry = EffectContext()
        let first = Recorder<String>(), second = Recorder<String>()
        let unFlip = { (name: String) in
            Effect.just(name).delay(for: .seconds(1), scheduler: scheduler)
                .cancellable(id: GameTimer.unFlip, cancelInFlight: true)
        }
        unFlip("first").subscribe(first, context: registry)
        scheduler.advance(by: .milliseconds(500))
        unFlip("second").subscribe(second, context: registry)
        #expect(first.history == [.subscription, .finished])
        #expect(registry.registeredCount == 1)

        scheduler.advance(by: .seconds(1))
        #expect(second.history == [.subscription, .value("second"), .finished])
        #expect(registry.registeredCount == 0)
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test("a merge goes on when one of its members is cancelled by id")
    func mergeGoesOnAfterCancel() {
        let scheduler = TestScheduler()
        let registry = EffectContext()
        let recorder = Recorder<Int>()
        Effect.merge(
            Effect.just(1).delay(for: .seconds(1), scheduler: scheduler).cancellable(
                id: GameTimer.unFlip),
            Effect.just(2).delay(for: .seconds(2), scheduler: scheduler)
        )
        .subscribe(recorder, context: registry)

        Effect<Int>.cancel(id: GameTimer.unFlip).subscribe(Recorder(), context: registry)
        scheduler.advance(by: .seconds(2))
        #expect(recorder.history == [.subscription, .value(2), .finished])
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test("cancelling the subscription unregisters the effect")
    func downstreamCancelUnregisters() {
        let scheduler = TestScheduler()
        let registry = EffectContext()
        let recorder = Recorder<Int>()
        Effect.just(1).delay(for: .seconds(1), scheduler: scheduler)
            .cancellable(id: GameTimer.unFlip)
            .subscribe(recorder, context: registry)
        recorder.cancel()
        #expect(registry.registeredCount == 0)
        #expect(scheduler.pendingWorkCount == 0)
        #expect(recorder.history == [.subscription])
    }

    @Test("cancelAll stops every registered effect")
    func cancelAll() {
        let scheduler = TestScheduler()
        let registry = EffectContext()
        let first = Recorder<Int>(), second = Recorder<Int>()
        Effect.just(1).delay(for: .seconds(1), scheduler: scheduler)
            .cancellable(id: GameTimer.unFlip).subscribe(first, context: registry)
        Effect.just(2).delay(for: .seconds(1), scheduler: scheduler)
            .cancellable(id: GameTimer.clock).subscribe(second, context: registry)

        registry.close()
        #expect(first.history == [.subscription, .finished])
        #expect(second.history == [.subscription, .finished])
        #expect(registry.registeredCount == 0)
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test("without a registry, cancellable runs its effect unchanged and cancel just finishes")
    func withoutRegistry() {
        let scheduler = TestScheduler()
        let recorder = Recorder<Int>(), canceller = Recorder<Int>()
        Effect.just(1).delay(for: .seconds(1), scheduler: scheduler)
            .cancellable(id: GameTimer.unFlip)
            .subscribe(recorder)
        Effect<Int>.cancel(id: GameTimer.unFlip).subscribe(canceller)
        #expect(canceller.history == [.subscription, .finished])

        scheduler.advance(by: .seconds(1))
        #expect(recorder.history == [.subscription, .value(1), .finished])
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test("ids compare by value and type, and wrapping an id twice changes nothing")
    func effectIDs() {
        #expect(EffectID(1) == EffectID(1))
        #expect(EffectID(1) != EffectID("1"))
        #expect(EffectID(EffectID(GameTimer.unFlip)) == EffectID(GameTimer.unFlip))
        #expect(EffectID(GameTimer.unFlip).description == "unFlip")
    }
}
