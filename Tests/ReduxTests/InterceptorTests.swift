import Effects
import Redux
import Testing

@Suite struct InterceptorTests {
    @Test("interceptors run in the order given, each around the rest of the chain")
    func chainOrder() {
        let log = EventLog<String>()
        let named = { (name: String) in
            Interceptor<Counter, CounterAction> { action, _, next in
                log.append("\(name) before \(action)")
                next(action)
                log.append("\(name) after \(action)")
            }
        }
        let store = Store.counter(
            interceptors: [named("outer"), named("inner")],
            middlewares: [
                { _, action in
                    log.append("reduced \(action)"); return .none
                }
            ]
        )
        store.dispatch(.increment)

        #expect(
            log.entries == [
                "outer before increment", "inner before increment",
                "reduced increment",
                "inner after increment", "outer after increment",
            ])
    }

    @Test(
        "an interceptor reads the state before the action, and after next returns, the state after it"
    )
    func stateAroundNext() {
        let log = EventLog<String>()
        let store = Store.counter(
            count: 1,
            interceptors: [
                Interceptor { action, context, next in
                    log.append("before: \(context.state.count)")
                    next(action)
                    log.append("after: \(context.state.count)")
                }
            ])
        store.dispatch(.add(10))

        #expect(log.entries == ["before: 1", "after: 11"])
    }

    @Test("when next returns, the action's effects have started")
    func effectsStartedWhenNextReturns() {
        let log = EventLog<String>()
        let store = Store.counter(
            interceptors: [
                Interceptor { action, _, next in
                    next(action)
                    log.append("next(\(action)) returned")
                }
            ],
            middlewares: [
                { _, action in
                    guard action == .ping else { return .none }
                    return Effect(
                        Deferred {
                            log.append("effect of ping started")
                            return Empty<CounterAction>()
                        })
                }
            ]
        )
        store.dispatch(.ping)

        #expect(log.entries == ["effect of ping started", "next(ping) returned"])
    }

    @Test(
        "an interceptor that does not call next drops the action: no reducer, middleware or observer sees it"
    )
    func drop() {
        let log = EventLog<String>()
        let store = Store.counter(
            interceptors: [
                Interceptor { action, _, next in
                    if action == .decrement { return }
                    next(action)
                }
            ],
            middlewares: [
                { _, action in
                    log.append("middleware saw \(action)"); return .none
                }
            ]
        )
        let token = store.subscribe { log.append("observed \($0.count)") }

        store.dispatch(.increment)
        store.dispatch(.decrement)
        store.dispatch(.increment)

        #expect(store.state.count == 2)
        #expect(
            log.entries == [
                "observed 0",
                "middleware saw increment", "observed 1",
                "middleware saw increment", "observed 2",
            ])
        token.cancel()
    }

    @Test("an interceptor can rewrite an action into another")
    func rewrite() {
        let log = EventLog<CounterAction>()
        let store = Store.counter(
            interceptors: [
                Interceptor { action, _, next in
                    next(action == .increment ? .add(10) : action)
                }
            ],
            middlewares: [
                { _, action in
                    log.append(action); return .none
                }
            ]
        )
        store.dispatch(.increment)
        store.dispatch(.decrement)

        #expect(log.entries == [.add(10), .decrement])
        #expect(store.state.count == 9)
    }

    @Test("an interceptor can rewrite an action into several, each through the rest of the chain")
    func rewriteIntoSeveral() {
        let log = EventLog<String>()
        let store = Store.counter(
            interceptors: [
                Interceptor { action, _, next in
                    guard action == .reset else { return next(action) }
                    next(.add(1))
                    next(.add(2))
                },
                Interceptor { action, _, next in
                    log.append("second interceptor got \(action)")
                    next(action)
                },
            ],
            middlewares: [
                { state, action in
                    log.append("reduced \(action) → \(state.count)"); return .none
                }
            ]
        )
        store.dispatch(.reset)

        #expect(
            log.entries == [
                "second interceptor got add(1)", "reduced add(1) → 1",
                "second interceptor got add(2)", "reduced add(2) → 3",
            ])
    }

    @Test("an interceptor's context runs an effect, whose actions are dispatched")
    func contextRun() {
        let scheduler = TestScheduler()
        let store = Store.counter(interceptors: [
            Interceptor { action, context, next in
                if action == .ping {
                    context.run(
                        Effect(Just(CounterAction.add(5))).delay(
                            for: .seconds(1), scheduler: scheduler))
                }
                next(action)
            }
        ])
        store.dispatch(.ping)
        #expect(store.runningEffectCount == 1)

        scheduler.advance(by: .seconds(1))
        #expect(store.state.count == 5)
        #expect(store.runningEffectCount == 0)
        #expect(scheduler.pendingWorkCount == 0)
    }

    // MARK: logging(to:)

    @Test("logging writes the action and each changed field, old → new")
    func loggingChange() {
        let entries = EventLog<String>()
        let store = Store.counter(interceptors: [.logging(to: entries.append)])
        store.dispatch(.increment)
        store.dispatch(.add(41))

        #expect(
            entries.entries == [
                "action increment\n  count: 0 → 1",
                "action add(41)\n  count: 1 → 42",
            ])
    }

    @Test("logging says (no change) when an action changes nothing")
    func loggingNoChange() {
        let entries = EventLog<String>()
        let store = Store.counter(interceptors: [.logging(to: entries.append)])
        store.dispatch(.ping)

        #expect(entries.entries == ["action ping\n  (no change)"])
    }

    @Test("logging names nested fields and array elements, one line per change")
    func loggingPaths() {
        struct Card: Equatable, Sendable {
            var rank: String
            var isFlipped = false
        }
        struct Board: Equatable, Sendable {
            var cards = [Card(rank: "A"), Card(rank: "K")]
            var moves = 0
            var selected: [Int] = []
        }
        enum Flip: Sendable {
            case flipCard(Int)
        }
        let entries = EventLog<String>()
        let store = Store<Board, Flip>(
            initial: Board(),
            mutatingReducer: { board, action in
                guard case .flipCard(let index) = action else { return }
                board.cards[index].isFlipped = true
                board.moves += 1
                board.selected.append(index)
            },
            interceptors: [.logging(to: entries.append)]
        )
        store.dispatch(.flipCard(1))

        #expect(
            entries.entries == [
                """
                action flipCard(1)
                  cards[1].isFlipped: false → true
                  moves: 0 → 1
                  selected: [] → [1]
                """
            ])
    }

    @Test("logging a state that is a plain value calls the field (state)")
    func loggingRoot() {
        let entries = EventLog<String>()
        let store = Store<Int, Int>(
            initial: 0,
            reducer: { $0 + $1 },
            interceptors: [.logging(to: entries.append)]
        )
        store.dispatch(2)

        #expect(entries.entries == ["action 2\n  (state): 0 → 2"])
    }

    @Test(
        "logging first in line writes one entry per action, also for actions effects send, in order"
    )
    func loggingEffects() {
        let entries = EventLog<String>()
        let store = Store.counter(
            interceptors: [
                .logging(to: entries.append),
                Interceptor { action, _, next in
                    if action != .decrement { next(action) }
                },
            ],
            middlewares: [
                { _, action in
                    action == .ping
                        ? Effect([CounterAction.increment, .decrement].publisher) : .none
                }
            ]
        )
        store.dispatch(.ping)

        #expect(
            entries.entries == [
                "action ping\n  (no change)",
                "action increment\n  count: 0 → 1",
                "action decrement\n  (no change)",
            ])
    }
}
