// swift-format-ignore-file
// The examples here are the documentation's, line for line (DocumentationSnippetTests checks
// it): they keep the layout the documentation shows.
import Effects
import Redux
import ReduxTesting
import Testing

// The examples of the Writing effects article (Sources/Effects/Effects.docc/WritingEffects.md),
// compiled and run. DocumentationSnippetTests checks that the article quotes them as they are
// here: change both together.

/// What a tea shop's menu loads: a tea's steeping time, or why it could not.
enum MenuAction: Equatable, Sendable {
    case steepingTimeLoaded(Int)
    case steepingTimeFailed(String)
}

/// Loads a tea's steeping time from a server; a failure becomes an action too.
func loadSteepingTime(
    of tea: String,
    from server: @escaping @Sendable (String) async throws -> Int
) -> Effect<MenuAction> {
    .run { send in
        await send(.steepingTimeLoaded(try await server(tea)))
    } catch: { error, send in
        await send(.steepingTimeFailed("\(error)"))
    }
}

/// A kettle with a callback API, as many older libraries have.
final class Kettle: Sendable {
    private let boils = Lock(0)

    var timesBoiled: Int { boils.withLock { $0 } }

    func boil(then done: @escaping @Sendable () -> Void) {
        boils.withLock { $0 += 1 }
        done()
    }
}

/// Boils the kettle, then starts steeping: a callback bridged into an effect.
func boilThenSteep(_ kettle: Kettle, seconds: Int) -> Effect<TeaAction> {
    Effect(Deferred {
        Future { promise in
            kettle.boil { promise(.steep(seconds: seconds)) }
        }
    })
}

private struct Closed: Error {}

@Suite struct WritingEffectsTests {
    @Test("an effect is a value: its description shows its tree")
    func effectIsAValue() {
        let scheduler = TestScheduler()
        let effect = Effect.just(TeaAction.tick)
            .delay(for: .seconds(1), scheduler: scheduler)
        #expect(effect.description == "Delay(1.0 seconds, Just(tick))")
    }

    @Test("a loaded steeping time, and a failure, each become an action", .timeLimit(.minutes(1)))
    func loading() async {
        let loaded = Store(initial: [MenuAction](), reducer: { state, action in state + [action] })
        loaded.run(loadSteepingTime(of: "sencha", from: { _ in 120 }))
        await loaded.idle()
        #expect(loaded.state == [.steepingTimeLoaded(120)])

        let failed = Store(initial: [MenuAction](), reducer: { state, action in state + [action] })
        failed.run(loadSteepingTime(of: "sencha", from: { _ in throw Closed() }))
        await failed.idle()
        #expect(failed.state == [.steepingTimeFailed("Closed()")])
    }

    @Test("the kettle boils only when the store runs the effect, then the tea steeps")
    func bridgedCallback() {
        let kettle = Kettle()
        let effect = boilThenSteep(kettle, seconds: 180)
        #expect(kettle.timesBoiled == 0)   // Deferred: nothing happens until the effect runs
        let store = Store(initial: TeaTimer(), mutatingReducer: teaReducer)
        store.run(effect)
        #expect(kettle.timesBoiled == 1)
        #expect(store.state == TeaTimer(secondsLeft: 180, isSteeping: true))
    }
}
