import Effects
import Testing

/// `Effect.compactMap`, subscribed to directly and run in an `EffectContext` as a store runs
/// it, with no store.
@Suite struct EffectCompactMapTests {
    @Test("sends the transformed values, leaves out the nils, and finishes after the last")
    func transformsAndLeavesOut() {
        let scheduler = TestScheduler()
        let recorder = Recorder<String>()
        let effect = Effect.merge(
            .just(1),
            .concatenate(.just(2), .just(3)),
            .just(4).delay(for: .seconds(1), scheduler: scheduler)
        )
        .compactMap { $0.isMultiple(of: 2) ? "#\($0)" : nil }
        #expect(
            effect.description
                == "CompactMap(Merge(Just(1), Concatenate(Just(2), Just(3)), Delay(1.0 seconds, Just(4))))"
        )
        effect.subscribe(recorder)
        #expect(recorder.history == [.subscription, .value("#2")])
        scheduler.advance(by: .seconds(1))
        #expect(recorder.history == [.subscription, .value("#2"), .value("#4"), .finished])
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test(".none stays .none; a single value becomes .just of its transform, or .none")
    func noneAndJust() {
        #expect(Effect<Int>.none.compactMap { $0 }.isNone)
        #expect(Effect.just(2).compactMap { "#\($0)" }.description == "Just(#2)")
        #expect(Effect.just(1).compactMap { _ -> String? in nil }.isNone)
    }

    @Test("a cancellable effect inside keeps its id: cancel(id:) stops it and frees its work")
    func idInside() {
        let scheduler = TestScheduler()
        let context = EffectContext()
        let recorder = Recorder<String>()
        Effect.just(1).delay(for: .seconds(1), scheduler: scheduler)
            .cancellable(id: "unflip")
            .compactMap { "#\($0)" }
            .subscribe(recorder, context: context)
        #expect(context.registeredCount == 1)
        Effect<Int>.cancel(id: "unflip").subscribe(Recorder(), context: context)
        #expect(recorder.history == [.subscription, .finished])
        #expect(context.registeredCount == 0)
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test("marked cancellable around it, the whole runs under that id, and cancel(id:) stops it")
    func idAround() {
        let scheduler = TestScheduler()
        let context = EffectContext()
        let recorder = Recorder<String>()
        context.start(
            Effect.merge(
                .just(1).delay(for: .seconds(1), scheduler: scheduler),
                .just(2).delay(for: .seconds(2), scheduler: scheduler)
            )
            .compactMap { "#\($0)" }
            .cancellable(id: "clock"),
            sendingTo: recorder)
        #expect(context.registeredCount == 1)
        scheduler.advance(by: .seconds(1))
        #expect(recorder.values == ["#1"])
        Effect<Int>.cancel(id: "clock").subscribe(Recorder(), context: context)
        #expect(context.registeredCount == 0)
        scheduler.run()
        #expect(recorder.values == ["#1"])
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test("started in a context, the effect's parts run and register as they would alone")
    func partsRunApart() {
        let scheduler = TestScheduler()
        let context = EffectContext()
        let recorder = Recorder<String>()
        context.start(
            Effect.merge(
                Effect.just(1).delay(for: .seconds(1), scheduler: scheduler)
                    .cancellable(id: "a"),
                Effect.just(2).delay(for: .seconds(1), scheduler: scheduler)
                    .cancellable(id: "b")
            )
            .compactMap { $0 == 1 ? nil : "#\($0)" },
            sendingTo: recorder)
        #expect(context.registeredCount == 2)
        Effect<Int>.cancel(id: "a").subscribe(Recorder(), context: context)
        #expect(context.registeredCount == 1, "b goes on")
        scheduler.advance(by: .seconds(1))
        #expect(recorder.values == ["#2"])
        #expect(context.registeredCount == 0)
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test("cancelling the subscription stops the effect and frees its work")
    func cancelSubscription() {
        let scheduler = TestScheduler()
        let recorder = Recorder<Int>()
        Effect.just(1).delay(for: .seconds(1), scheduler: scheduler)
            .merge(with: .just(2).delay(for: .seconds(2), scheduler: scheduler))
            .compactMap { $0 }
            .subscribe(recorder)
        recorder.cancel()
        #expect(scheduler.pendingWorkCount == 0)
        scheduler.run()
        #expect(recorder.history == [.subscription])
    }

    @Test("map after compactMap applies both, in order, in one node")
    func mapAfter() {
        let recorder = Recorder<String>()
        let effect = Effect.merge(.just(1), .just(2), .just(3))
            .compactMap { $0 == 2 ? nil : $0 * 10 }
            .map { "#\($0)" }
        #expect(effect.description == "CompactMap(Merge(Just(1), Just(2), Just(3)))")
        effect.subscribe(recorder)
        #expect(recorder.history == [.subscription, .value("#10"), .value("#30"), .finished])
    }
}
