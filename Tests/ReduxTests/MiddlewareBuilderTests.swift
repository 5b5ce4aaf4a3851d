import Effects
import Redux
import ReduxTesting
import Testing

/// A middleware closure that logs `name` and the action.
private func logging(
    _ name: String, to log: EventLog<String>
) -> Middleware<Counter, CounterAction> {
    { _, action in
        log.append("\(name) \(action)")
        return .none
    }
}

@Suite struct MiddlewareBuilderTests {
    @Test("closures and AnyMiddleware values mix in one list, and run in the order written")
    func mixedInOrder() {
        let log = EventLog<String>()
        let remembering = AnyMiddleware<Counter, CounterAction>(remembering: \.count) {
            state, before, action in
            log.append("remembering \(before)→\(state.count)")
            return .none
        }
        let store = Store(
            initial: Counter(), reducer: counterReducer,
            middlewares: .list {
                logging("first", to: log)
                remembering
                logging("last", to: log)
            })
        store.dispatch(.increment)
        #expect(log.entries == ["first increment", "remembering 0→1", "last increment"])
    }

    @Test("arrays of either form, if, if-else and for add their middlewares where written")
    func controlFlow() {
        let log = EventLog<String>()
        let features: [AnyMiddleware<Counter, CounterAction>] = [
            AnyMiddleware(logging("feature", to: log))
        ]
        let closures: [Middleware<Counter, CounterAction>] = [logging("closure", to: log)]
        let verbose = true
        let quiet = false
        let list: [AnyMiddleware<Counter, CounterAction>] = .list {
            features
            closures
            if verbose { logging("verbose", to: log) }
            if quiet { logging("quiet", to: log) }
            if quiet {
                logging("then", to: log)
            } else {
                AnyMiddleware(logging("else", to: log))
            }
            for index in 1...2 { logging("pass \(index)", to: log) }
        }
        let store = Store(initial: Counter(), reducer: counterReducer, middlewares: list)
        store.dispatch(.ping)
        #expect(
            log.entries == [
                "feature ping", "closure ping", "verbose ping", "else ping", "pass 1 ping",
                "pass 2 ping",
            ])
    }

    @Test("a TestStore takes the mixed list too, and its effects are received")
    func testStoreTakesTheList() {
        let pong: Middleware<Counter, CounterAction> = { _, action in
            action == .ping ? Effect.just(.pong) : .none
        }
        let store = TestStore(
            initial: Counter(), reducer: counterReducer,
            middlewares: .list {
                pong
                AnyMiddleware<Counter, CounterAction>.beforeAndAfter { _, _, _ in .none }
            })
        store.send(.ping)
        store.receive(.pong)
        store.finish()
    }
}
