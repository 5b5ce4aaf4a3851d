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
        #expect(
            Effect.just(1).delay(for: .milliseconds(1_500), scheduler: scheduler).description
                == "Delay(1.5 seconds, Just(1))")
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
        let merged = Effect.merge(
            .just("a"), .just("b").delay(for: .seconds(1), scheduler: scheduler))
        #expect(merged.description == "Merge(Just(a), Delay(1.0 seconds, Just(b)))")
        let concatenated = Effect.concatenate(.just("a"), merged)
        #expect(
            concatenated.description
                == "Concatenate(Just(a), Merge(Just(a), Delay(1.0 seconds, Just(b))))")
    }

    @Test("cancellable prints its id, whether it cancels in flight, and its effect")
    func cancellable() {
        let scheduler = TestScheduler()
        let effect = Effect.just("unFlip").delay(for: .seconds(1), scheduler: scheduler)
        #expect(
            effect.cancellable(id: GameTimer.unFlip).description
                == "Cancellable(id: unFlip, Delay(1.0 seconds, Just(unFlip)))")
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
        #expect(
            Effect<Int>.none.cancellable(id: GameTimer.unFlip, cancelInFlight: true).description
                == "Cancel(id: unFlip)")
    }

    @Test("debounced and throttled effects print their id, interval and effect, inside any tree")
    func debounceAndThrottle() {
        let scheduler = TestScheduler()
        let effect = Effect.merge(
            Effect.just("search").debounce(
                id: "query", for: .milliseconds(300), scheduler: scheduler),
            Effect.just("save").throttle(
                id: "save", for: .seconds(1), scheduler: scheduler, latest: false)
        )
        #expect(
            effect.description
                == "Merge(Debounce(id: query, 0.3 seconds, Just(search)), Throttle(id: save, 1.0 seconds, first, Just(save)))"
        )
    }

    @Test("every operator and source wrapped in an effect prints its name and what sets it apart")
    func wrappedOperators() {
        let scheduler = TestScheduler()
        let cases: [(Effect<Int>, String)] = [
            (
                Effect([1, 2].publisher.scan(0) { $0 + $1 }.removeDuplicates()),
                "RemoveDuplicates(Scan(0, Sequence([1, 2])))"
            ),
            (Effect(Just(1).prefix(2)), "Prefix(2, Just(1))"),
            (Effect(Just(1).first()), "First(Just(1))"),
            (Effect(Just(1).first { $0 > 0 }), "FirstWhere(Just(1))"),
            (Effect(Just([1]).collect().map(\.count)), "Map(Collect(Just([1])))"),
            (Effect(Just(1).handleEvents()), "HandleEvents(Just(1))"),
            (Effect(Empty().replaceEmpty(with: 0)), "ReplaceEmpty(0, Empty)"),
            (
                Effect(Just(1).debounce(for: .seconds(1), scheduler: scheduler)),
                "Debounce(1.0 seconds, Just(1))"
            ),
            (
                Effect(Just(1).throttle(for: .seconds(1), scheduler: scheduler, latest: true)),
                "Throttle(1.0 seconds, latest, Just(1))"
            ),
            (
                Effect(Just(1).timeout(.seconds(1), scheduler: scheduler)),
                "Timeout(1.0 seconds, Just(1))"
            ),
            (
                Effect(Just(1).timeout(.seconds(1), scheduler: scheduler, sending: 0)),
                "Timeout(1.0 seconds, sending: 0, Just(1))"
            ),
            (
                Effect(Publishers.Timer(every: .seconds(1), scheduler: scheduler).map { _ in 1 }),
                "Map(Timer(every 1.0 seconds))"
            ),
            (
                Effect(Just(1).flatMap(maxPublishers: .max(3)) { Just($0) }),
                "FlatMap(max(3), Just(1))"
            ),
            (Effect(Just(Just(1)).switchToLatest()), "SwitchToLatest(Just(Just(1)))"),
            (
                Effect(Just(1).combineLatest(Just(2)) { $0 + $1 }),
                "Map(CombineLatest(Just(1), Just(2)))"
            ),
            (Effect(Just(1).zip(Just(2)) { $0 + $1 }), "Map(Zip(Just(1), Just(2)))"),
            (Effect(PassthroughSubject<Int>()), "PassthroughSubject"),
            (Effect(CurrentValueSubject(4)), "CurrentValueSubject(4)"),
            (Effect(Future { $0(1) }), "Future"),
        ]
        for (effect, expected) in cases {
            #expect(effect.description == expected)
        }
    }
}
