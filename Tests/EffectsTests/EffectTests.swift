import Effects
import Testing

@Suite struct EffectTests {
    @Test(".none finishes at once without a value")
    func noneFinishesAtOnce() {
        let recorder = Recorder<Int>()
        Effect<Int>.none.subscribe(recorder)
        #expect(recorder.history == [.subscription, .finished])
        #expect(Effect<Int>.none.isNone)
    }

    @Test(".just sends its value then finishes, synchronously")
    func justSendsThenFinishes() {
        let recorder = Recorder<String>()
        Effect.just("flip").subscribe(recorder)
        #expect(recorder.history == [.subscription, .value("flip"), .finished])
        #expect(!Effect.just("flip").isNone)
    }

    @Test("wraps any publisher and sends what it sends")
    func wrapsPublisher() {
        let recorder = Recorder<Int>()
        let effect = [1, 2, 3].publisher.filter { $0 != 2 }.eraseToEffect()
        effect.subscribe(recorder)
        #expect(recorder.history == [.subscription, .value(1), .value(3), .finished])
        #expect(!effect.isNone)
    }

    @Test("wrapping an effect gives the same effect back, not a publisher around it")
    func wrappingAnEffectKeepsIt() {
        let effect = Effect.merge(.just(1), .just(2))
        #expect(Effect(effect).description == effect.description)
        #expect(effect.eraseToEffect().description == "Merge(Just(1), Just(2))")
    }

    @Test("can be subscribed to more than once, running its work each time")
    func runsForEverySubscriber() {
        let scheduler = TestScheduler()
        let effect = Effect.just(1).delay(for: .seconds(1), scheduler: scheduler)
        let first = Recorder<Int>(), second = Recorder<Int>()
        effect.subscribe(first)
        effect.subscribe(second)
        scheduler.advance(by: .seconds(1))
        #expect(first.history == [.subscription, .value(1), .finished])
        #expect(second.history == first.history)
        #expect(scheduler.pendingWorkCount == 0)
    }
}
