import Effects
import Testing

@Suite struct EffectDescriptionTests {
    private enum GameTimer: Hashable, Sendable {
        case unFlip
    }

    @Test("a delayed just prints its interval and value")
    func delayedJust() {
        let scheduler = TestScheduler()
        let effect = Effect.just("unFlip").delay(for: .seconds(1), scheduler: scheduler)
        #expect(effect.description == "Delay(1.0 seconds, Just(unFlip))")
        #expect(Effect.just(1).delay(for: .milliseconds(1_500), scheduler: scheduler).description == "Delay(1.5 seconds, Just(1))")
    }

    @Test("none, just and a wrapped publisher")
    func leaves() {
        #expect(Effect<Int>.none.description == "None")
        #expect(Effect.just(7).description == "Just(7)")
        #expect(Effect([1, 2].publisher).description == "Sequence([1, 2])")
        #expect(Effect<Int>.run { _ in }.description == "Run")
    }

    @Test("merge and concatenate print their members in order")
    func mergeAndConcatenate() {
        let scheduler = TestScheduler()
        let merged = Effect.merge(.just("a"), .just("b").delay(for: .seconds(1), scheduler: scheduler))
        #expect(merged.description == "Merge(Just(a), Delay(1.0 seconds, Just(b)))")
        let concatenated = Effect.concatenate(.just("a"), merged)
        #expect(concatenated.description == "Concatenate(Just(a), Merge(Just(a), Delay(1.0 seconds, Just(b))))")
    }

    @Test("cancellable prints its id, whether it cancels in flight, and its effect")
    func cancellable() {
        let scheduler = TestScheduler()
        let effect = Effect.just("unFlip").delay(for: .seconds(1), scheduler: scheduler)
        #expect(effect.cancellable(id: GameTimer.unFlip).description == "Cancellable(id: unFlip, Delay(1.0 seconds, Just(unFlip)))")
        #expect(
            effect.cancellable(id: GameTimer.unFlip, cancelInFlight: true).description
                == "Cancellable(id: unFlip, cancelInFlight, Delay(1.0 seconds, Just(unFlip)))"
        )
    }

    @Test("cancel prints its id")
    func cancel() {
        #expect(Effect<String>.cancel(id: GameTimer.unFlip).description == "Cancel(id: unFlip)")
        #expect(Effect<String>.cancel(id: 42).description == "Cancel(id: 42)")
    }

    @Test("marking .none cancellable keeps .none, or becomes a cancel when it cancels in flight")
    func cancellableNone() {
        #expect(Effect<Int>.none.cancellable(id: GameTimer.unFlip).description == "None")
        #expect(Effect<Int>.none.cancellable(id: GameTimer.unFlip, cancelInFlight: true).description == "Cancel(id: unFlip)")
    }
}
