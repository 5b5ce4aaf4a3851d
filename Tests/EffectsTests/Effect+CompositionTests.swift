import Effects
import Testing

@Suite struct EffectCompositionTests {
    @Test("merge runs every effect at once and finishes after the last")
    func mergeRunsAllAndFinishesAfterLast() {
        let scheduler = TestScheduler()
        let recorder = Recorder<Int>()
        Effect.merge(
            .just(1).delay(for: .seconds(2), scheduler: scheduler),
            .just(2),
            .just(3).delay(for: .seconds(1), scheduler: scheduler)
        )
        .subscribe(recorder)
        #expect(recorder.history == [.subscription, .value(2)])

        scheduler.advance(by: .seconds(1))
        #expect(recorder.history == [.subscription, .value(2), .value(3)])
        scheduler.advance(by: .seconds(1))
        #expect(recorder.history == [.subscription, .value(2), .value(3), .value(1), .finished])
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test("concatenate runs each effect after the previous has finished")
    func concatenateRunsInTurn() {
        let scheduler = TestScheduler()
        let recorder = Recorder<Int>()
        Effect.concatenate(
            .just(1).delay(for: .seconds(2), scheduler: scheduler),
            .just(2).delay(for: .seconds(1), scheduler: scheduler),
            .just(3)
        )
        .subscribe(recorder)
        #expect(recorder.history == [.subscription])
        #expect(
            scheduler.pendingWorkCount == 1,
            "a delayed value and its completion are one piece of work")

        scheduler.advance(by: .seconds(2))
        #expect(recorder.history == [.subscription, .value(1)])
        scheduler.advance(by: .milliseconds(999))
        #expect(recorder.history == [.subscription, .value(1)])
        scheduler.advance(by: .milliseconds(1))
        #expect(recorder.history == [.subscription, .value(1), .value(2), .value(3), .finished])
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test("merge(with:) and concatenate(with:) read like the static forms")
    func instanceForms() {
        let merged = Recorder<Int>(), concatenated = Recorder<Int>()
        Effect.just(1).merge(with: .just(2)).subscribe(merged)
        Effect.just(1).concatenate(with: .just(2)).subscribe(concatenated)
        #expect(merged.history == [.subscription, .value(1), .value(2), .finished])
        #expect(concatenated.history == merged.history)
        #expect(Effect.just(1).merge(with: .just(2)).description == "Merge(Just(1), Just(2))")
        #expect(
            Effect.just(1).concatenate(with: .just(2)).description
                == "Concatenate(Just(1), Just(2))")
    }

    @Test("merging or concatenating only .none gives .none")
    func noneOnlyGivesNone() {
        #expect(Effect<Int>.merge(.none, .none).isNone)
        #expect(Effect<Int>.merge([]).isNone)
        #expect(Effect<Int>.concatenate(.none, .none, .none).isNone)
        #expect(Effect<Int>.none.merge(with: .none).isNone)
        #expect(Effect<Int>.none.concatenate(with: .none).isNone)
    }

    @Test(".none members are dropped, and a single effect left is returned as is")
    func noneMembersDropped() {
        #expect(Effect.merge(.none, .just(1), .none).description == "Just(1)")
        #expect(
            Effect.concatenate(.just(1), .none, .just(2)).description
                == "Concatenate(Just(1), Just(2))")
    }

    @Test("map transforms every value and keeps the effect's shape")
    func mapKeepsShape() {
        let scheduler = TestScheduler()
        let effect = Effect.merge(
            .just(1),
            .concatenate(.just(2), .just(3)),
            .just(4).delay(for: .seconds(1), scheduler: scheduler)
        )
        .cancellable(id: "game")
        let mapped = effect.map { "#\($0)" }
        #expect(
            mapped.description
                == "Cancellable(id: game, Merge(Just(#1), Concatenate(Just(#2), Just(#3)), Delay(1.0 seconds, Just(#4))))"
        )

        let recorder = Recorder<String>()
        mapped.subscribe(recorder)
        scheduler.advance(by: .seconds(1))
        #expect(
            recorder.history == [
                .subscription, .value("#1"), .value("#2"), .value("#3"), .value("#4"), .finished,
            ])
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test("map keeps .none and .cancel as they are")
    func mapKeepsNoneAndCancel() {
        #expect(Effect<Int>.none.map { $0 + 1 }.isNone)
        #expect(Effect<Int>.cancel(id: "game").map { "\($0)" }.description == "Cancel(id: game)")
    }

    @Test("delaying or moving .none gives .none")
    func delayingNoneGivesNone() {
        let scheduler = TestScheduler()
        #expect(Effect<Int>.none.delay(for: .seconds(1), scheduler: scheduler).isNone)
        #expect(Effect<Int>.none.receive(on: scheduler).isNone)
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test("receive(on:) delivers on the scheduler")
    func receiveOn() {
        let scheduler = TestScheduler()
        let recorder = Recorder<Int>()
        Effect.just(1).receive(on: scheduler).subscribe(recorder)
        #expect(recorder.history == [.subscription])
        scheduler.advance()
        #expect(recorder.history == [.subscription, .value(1), .finished])
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test("cancelling a merged effect cancels every member")
    func cancelMerged() {
        let scheduler = TestScheduler()
        let recorder = Recorder<Int>()
        Effect.merge(
            .just(1).delay(for: .seconds(1), scheduler: scheduler),
            .just(2).delay(for: .seconds(2), scheduler: scheduler)
        )
        .subscribe(recorder)
        #expect(
            scheduler.pendingWorkCount == 2,
            "a delayed value and its completion are one piece of work")
        recorder.cancel()
        #expect(scheduler.pendingWorkCount == 0)
        scheduler.run()
        #expect(recorder.history == [.subscription])
    }

    @Test("cancelling a concatenated effect stops it and starts nothing more")
    func cancelConcatenated() {
        let scheduler = TestScheduler()
        let recorder = Recorder<Int>()
        Effect.concatenate(
            .just(1).delay(for: .seconds(1), scheduler: scheduler),
            .just(2).delay(for: .seconds(1), scheduler: scheduler)
        )
        .subscribe(recorder)
        scheduler.advance(by: .seconds(1))
        recorder.cancel()
        #expect(scheduler.pendingWorkCount == 0)
        scheduler.run()
        #expect(recorder.history == [.subscription, .value(1)])
    }
}
