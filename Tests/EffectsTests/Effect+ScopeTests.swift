import Effects
import Testing

/// Effects scoped to an element (`scoped(to:)`): ids used inside mean "this id of this scope",
/// and cancelling the scope ends everything inside it. Each test runs its effects both ways a
/// context runs them: started as roots, and subscribed to as parts of a bigger effect.
@Suite struct EffectScopeTests {
    private enum CancelID: Hashable, Sendable {
        case save
        case search
    }

    /// How a test hands an effect to the context.
    enum Way: String, CaseIterable, Sendable {
        case started
        case subscribed

        func run<Value: Sendable>(
            _ effect: Effect<Value>, in context: EffectContext, to recorder: Recorder<Value>
        ) {
            switch self {
            case .started: context.start(effect, sendingTo: recorder)
            case .subscribed: effect.subscribe(recorder, context: context)
            }
        }
    }

    private func save(_ value: Int, _ scheduler: TestScheduler) -> Effect<Int> {
        Effect.just(value).delay(for: .seconds(1), scheduler: scheduler)
            .cancellable(id: CancelID.save, cancelInFlight: true)
    }

    @Test("the same id in two scopes names two things", arguments: Way.allCases)
    func sameIDInTwoScopes(way: Way) {
        let scheduler = TestScheduler()
        let context = EffectContext()
        let one = Recorder<Int>(), two = Recorder<Int>()
        way.run(save(1, scheduler).scoped(to: 1), in: context, to: one)
        way.run(save(2, scheduler).scoped(to: 2), in: context, to: two)
        scheduler.advance(by: .seconds(1))
        #expect(one.values == [1])
        #expect(two.values == [2])
        #expect(context.runningCount == 0)
        #expect(context.idCount == 0)
    }

    @Test(
        "cancelling a scope ends its delayed, debounced and async effects, and no other scope's",
        arguments: Way.allCases)
    func cancellingAScope(way: Way) {
        let scheduler = TestScheduler()
        let context = EffectContext(taskExecutor: scheduler)
        let saved = Recorder<Int>(), searched = Recorder<Int>(), ticked = Recorder<Int>()
        let kept = Recorder<Int>()
        let clock = scheduler.clock
        way.run(save(1, scheduler).scoped(to: "row 1"), in: context, to: saved)
        way.run(
            Effect.just(2).debounce(id: CancelID.search, for: .seconds(1), scheduler: scheduler)
                .scoped(to: "row 1"), in: context, to: searched)
        way.run(
            Effect<Int>.run { send in
                while (try? await clock.sleep(for: .seconds(1))) != nil { await send(3) }
            }.scoped(to: "row 1"), in: context, to: ticked)
        way.run(save(4, scheduler).scoped(to: "row 2"), in: context, to: kept)

        way.run(Effect<Int>.cancel(id: "row 1"), in: context, to: Recorder())
        scheduler.advance(by: .seconds(3))
        #expect(saved.values == [])
        #expect(searched.values == [])
        #expect(ticked.values == [])
        #expect(kept.values == [4])
        #expect(context.runningCount == 0)
        #expect(context.idCount == 0)
    }

    @Test("cancel(id:in:) cancels one id of one scope", arguments: Way.allCases)
    func cancelOneIDOfOneScope(way: Way) {
        let scheduler = TestScheduler()
        let context = EffectContext()
        let one = Recorder<Int>(), two = Recorder<Int>()
        way.run(save(1, scheduler).scoped(to: 1), in: context, to: one)
        way.run(save(2, scheduler).scoped(to: 2), in: context, to: two)
        way.run(Effect<Int>.cancel(id: CancelID.save, in: 1), in: context, to: Recorder())
        scheduler.advance(by: .seconds(1))
        #expect(one.values == [])
        #expect(two.values == [2])
    }

    @Test("an id outside any scope means itself, and does not reach into scopes")
    func unscopedIDs() {
        let scheduler = TestScheduler()
        let context = EffectContext()
        let inside = Recorder<Int>(), outside = Recorder<Int>()
        context.start(save(1, scheduler).scoped(to: 1), sendingTo: inside)
        context.start(save(2, scheduler), sendingTo: outside)
        context.start(Effect<Int>.cancel(id: CancelID.save), sendingTo: Recorder())
        scheduler.advance(by: .seconds(1))
        #expect(inside.values == [1])
        #expect(outside.values == [])
    }

    @Test(
        "an id marking a scoped delayed value from outside means itself outside; the scope still reaches it",
        arguments: Way.allCases)
    func markedFromOutside(way: Way) {
        let scheduler = TestScheduler()
        let context = EffectContext()
        let kept = Recorder<Int>(), endedWithScope = Recorder<Int>()
        func delayed(_ value: Int, in row: String) -> Effect<Int> {
            Effect.just(value).delay(for: .seconds(1), scheduler: scheduler).scoped(to: row)
                .cancellable(id: CancelID.save)
        }
        way.run(delayed(1, in: "row 1"), in: context, to: kept)
        way.run(delayed(2, in: "row 2"), in: context, to: endedWithScope)
        context.start(Effect<Int>.cancel(id: CancelID.save, in: "row 1"), sendingTo: Recorder())
        context.start(Effect<Int>.cancel(id: "row 2"), sendingTo: Recorder())
        scheduler.advance(by: .seconds(1))
        #expect(kept.values == [1])
        #expect(endedWithScope.values == [])
        #expect(context.runningCount == 0)
        #expect(context.idCount == 0)
    }

    @Test("scopes nest: cancelling the outer scope ends what runs in an inner one")
    func nestedScopes() {
        let scheduler = TestScheduler()
        let context = EffectContext()
        let inner = Recorder<Int>(), other = Recorder<Int>()
        context.start(save(1, scheduler).scoped(to: "row").scoped(to: "list"), sendingTo: inner)
        context.start(save(2, scheduler).scoped(to: "row"), sendingTo: other)
        context.start(Effect<Int>.cancel(id: "list"), sendingTo: Recorder())
        scheduler.advance(by: .seconds(1))
        #expect(inner.values == [])
        #expect(other.values == [2])
    }

    @Test(
        "a throttle id in a scope is that scope's: each scope lets its first value through at once")
    func throttlePerScope() {
        let scheduler = TestScheduler()
        let context = EffectContext()
        let one = Recorder<Int>(), two = Recorder<Int>()
        let throttled = { (value: Int) in
            Effect.just(value).throttle(
                id: CancelID.search, for: .seconds(1), scheduler: scheduler, latest: false)
        }
        context.start(throttled(1).scoped(to: 1), sendingTo: one)
        context.start(throttled(2).scoped(to: 2), sendingTo: two)
        // Scope 2's window is its own: its first value went through at once.
        #expect(one.values == [1])
        #expect(two.values == [2])
        context.start(throttled(3).scoped(to: 2), sendingTo: two)
        #expect(two.values == [2])
        scheduler.advance(by: .seconds(2))
        #expect(one.values == [1])
        #expect(two.values == [2, 3])
    }

    @Test("the doc comments' examples: one save per row, and the ways to cancel them")
    func documentedExamples() {
        let scheduler = TestScheduler()
        let context = EffectContext()
        let save = Effect.just("saved")
            .delay(for: .seconds(1), scheduler: scheduler)
            .cancellable(id: CancelID.save, cancelInFlight: true)
        let forRow1 = save.scoped(to: 1)   // cancels only row 1's save in flight
        let forRow2 = save.scoped(to: 2)
        let endRow1 = Effect<String>.cancel(id: 1)   // ends everything row 1 runs
        let stopRow1Save = Effect<String>.cancel(id: CancelID.save, in: 1)
        let one = Recorder<String>(), two = Recorder<String>()
        context.start(forRow1, sendingTo: one)
        context.start(forRow2, sendingTo: two)
        context.start(endRow1, sendingTo: Recorder())
        scheduler.advance(by: .seconds(1))
        #expect(one.values == [])
        #expect(two.values == ["saved"])
        context.start(forRow1, sendingTo: one)
        context.start(stopRow1Save, sendingTo: Recorder())
        scheduler.advance(by: .seconds(1))
        #expect(one.values == [])
        #expect(context.runningCount == 0)
    }

    @Test("closing the context stops every scoped effect once; nothing is delivered after")
    func closing() {
        let scheduler = TestScheduler()
        let context = EffectContext()
        let one = Recorder<Int>(), two = Recorder<Int>()
        context.start(save(1, scheduler).scoped(to: 1), sendingTo: one)
        context.start(
            Effect.just(2).delay(for: .seconds(1), scheduler: scheduler).scoped(to: "a")
                .scoped(to: "b"), sendingTo: two)
        context.close()
        scheduler.advance(by: .seconds(1))
        #expect(one.values == [])
        #expect(two.values == [])
        #expect(scheduler.pendingWorkCount == 0)
        #expect(context.runningCount == 0)
    }

    @Test("a scoped effect prints its scope; nothing and a single value stay unscoped")
    func description() {
        #expect("\(Effect<Int>.none.scoped(to: 1))" == "\(Effect<Int>.none)")
        #expect("\(Effect.just(5).scoped(to: 1))" == "\(Effect.just(5))")
        let scheduler = TestScheduler()
        #expect("\(save(1, scheduler).scoped(to: 7))".hasPrefix("Scoped(to: 7, Cancellable("))
    }
}
