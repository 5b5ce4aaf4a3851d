import AllocationCounter
import Effects
import Redux
import Testing

/// The contract stated in `Store`'s doc comment, one behaviour per test. Threads (contract 4 and
/// the concurrent half of 6) are in `StoreConcurrencyTests`, observers (6) in
/// `StoreObservingTests`.
@Suite struct StoreTests {
    // MARK: Reducing

    @Test("starts from the initial state")
    func initialState() {
        let store = Store.counter(count: 7)
        #expect(store.state == Counter(count: 7))
        #expect(store.runningEffectCount == 0)
    }

    @Test("a pure reducer and a mutating reducer lead to the same states")
    func reducerForms() {
        let pure = Store.counter()
        let mutating = Store(initial: Counter(), mutatingReducer: counterMutatingReducer)
        for action: CounterAction in [.increment, .add(5), .decrement, .ping, .reset, .add(-3)] {
            pure.dispatch(action)
            mutating.dispatch(action)
            #expect(pure.state == mutating.state)
        }
        #expect(pure.state == Counter(count: -3))
    }

    @Test("middlewares run in order, after the reducer, with the new state")
    func middlewaresSeeTheNewState() {
        let log = EventLog<String>()
        let store = Store.counter(middlewares: [
            { state, action in
                log.append("first: \(action) → \(state.count)"); return .none
            },
            { state, action in
                log.append("second: \(action) → \(state.count)"); return .none
            },
        ])
        store.dispatch(.increment)
        store.dispatch(.add(10))
        #expect(
            log.entries == [
                "first: increment → 1", "second: increment → 1",
                "first: add(10) → 11", "second: add(10) → 11",
            ])
    }

    // MARK: 1. FIFO, one at a time

    @Test("reduces actions one at a time, in the order they were dispatched")
    func fifo() {
        let log = EventLog<String>()
        let store = Store.counter(
            interceptors: [
                Interceptor { action, _, next in
                    log.append("begin \(action)")
                    next(action)
                    log.append("end \(action)")
                }
            ],
            middlewares: [
                { _, action in
                    // Two actions queued while add(1) is in the pipeline, then one more while
                    // add(10) is: each waits for its turn.
                    switch action {
                    case .add(1): Effect([CounterAction.add(10), .add(100)].publisher)
                    case .add(10): .just(.add(1000))
                    default: .none
                    }
                }
            ]
        )
        store.dispatch(.add(1))
        store.dispatch(.add(2))

        #expect(
            log.entries == [
                "begin add(1)", "end add(1)",
                "begin add(10)", "end add(10)",
                "begin add(100)", "end add(100)",
                "begin add(1000)", "end add(1000)",
                "begin add(2)", "end add(2)",
            ])
        #expect(store.state.count == 1113)
    }

    // MARK: 2. Re-entrant dispatch

    /// The ways a middleware can answer an action with more actions, synchronously.
    enum Feedback: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case justEffect = "Effect.just"
        case synchronousPublisher = "an effect that sends synchronously"
        case deferredDispatch = "an effect that dispatches to the store as it starts"
        case directDispatch = "the middleware dispatching to the store itself"

        var testDescription: String { rawValue }

        /// A middleware that answers `.ping` with `.increment`, and `.increment` with `.add(10)`,
        /// this way.
        func middleware(reaching reference: StoreReference<Counter, CounterAction>) -> Middleware<
            Counter, CounterAction
        > {
            { _, action in
                let answer: CounterAction
                switch action {
                case .ping: answer = .increment
                case .increment: answer = .add(10)
                default: return .none
                }
                switch self {
                case .justEffect:
                    return .just(answer)
                case .synchronousPublisher:
                    return Effect([answer].publisher)
                case .deferredDispatch:
                    return Effect(
                        Deferred {
                            reference.dispatch(answer)
                            return Empty<CounterAction>()
                        })
                case .directDispatch:
                    reference.dispatch(answer)
                    return .none
                }
            }
        }
    }

    @Test(
        "a dispatch from a middleware or its effect is queued and runs after the current action",
        arguments: Feedback.allCases)
    func reentrantFromMiddleware(_ feedback: Feedback) {
        let log = EventLog<String>()
        let probe = NestingProbe()
        let reference = StoreReference<Counter, CounterAction>()
        let store = Store.counter(
            interceptors: [probe.interceptor()],
            middlewares: [
                { state, action in
                    log.append("reduced \(action) → \(state.count)"); return .none
                },
                feedback.middleware(reaching: reference),
                { _, action in
                    log.append("last middleware saw \(action)"); return .none
                },
            ]
        )
        reference.refer(to: store)
        let token = store.subscribe { log.append("observed \($0.count)") }

        store.dispatch(.ping)

        #expect(
            log.entries == [
                "observed 0",
                "reduced ping → 0", "last middleware saw ping", "observed 0",
                "reduced increment → 1", "last middleware saw increment", "observed 1",
                "reduced add(10) → 11", "last middleware saw add(10)", "observed 11",
            ])
        #expect(probe.maximumDepth == 1)
        token.cancel()
    }

    @Test(
        "the synchronous-feedback case that deadlocks the tutorial's store: A answered by B at once, B runs right after A"
    )
    func synchronousFeedback() {
        let log = EventLog<CounterAction>()
        let probe = NestingProbe()
        let store = Store.counter(
            interceptors: [probe.interceptor()],
            middlewares: [
                { _, action in
                    log.append(action); return .none
                },
                { _, action in action == .ping ? Effect([CounterAction.pong].publisher) : .none },
            ]
        )

        store.dispatch(.ping)
        #expect(log.entries == [.ping, .pong], "B is processed before dispatch(A) returns")
        store.dispatch(.increment)
        store.dispatch(.ping)

        #expect(log.entries == [.ping, .pong, .increment, .ping, .pong])
        #expect(probe.maximumDepth == 1)
        #expect(store.runningEffectCount == 0)
    }

    @Test("a dispatch from an interceptor is queued and runs after the current action")
    func reentrantFromInterceptor() {
        let log = EventLog<String>()
        let probe = NestingProbe()
        let store = Store.counter(
            interceptors: [
                probe.interceptor(),
                Interceptor { action, context, next in
                    if action == .ping {
                        // Before and after the action itself: both wait for it.
                        context.dispatch(.increment)
                        next(action)
                        context.dispatch(.add(10))
                    } else {
                        next(action)
                    }
                },
            ],
            middlewares: [
                { state, action in
                    log.append("reduced \(action) → \(state.count)"); return .none
                }
            ]
        )

        store.dispatch(.ping)

        #expect(
            log.entries == ["reduced ping → 0", "reduced increment → 1", "reduced add(10) → 11"])
        #expect(probe.maximumDepth == 1)
    }

    @Test(
        "a dispatch from an observer is queued and runs after every observer has seen the current state"
    )
    func reentrantFromObserver() {
        let log = EventLog<String>()
        let probe = NestingProbe()
        let store = Store.counter(
            interceptors: [probe.interceptor()],
            middlewares: [
                { state, action in
                    log.append("reduced \(action) → \(state.count)"); return .none
                }
            ]
        )
        let first = store.subscribe { [store] state in
            log.append("first observed \(state.count)")
            if state.count == 1 {
                store.dispatch(.add(10))
                log.append("first read \(store.state.count) after dispatching")
            }
        }
        let second = store.subscribe { log.append("second observed \($0.count)") }
        _ = log.removeAll()

        store.dispatch(.increment)

        #expect(
            log.entries == [
                "reduced increment → 1",
                "first observed 1", "first read 1 after dispatching", "second observed 1",
                "reduced add(10) → 11",
                "first observed 11", "second observed 11",
            ])
        #expect(probe.maximumDepth == 1)
        first.cancel()
        second.cancel()
    }

    // MARK: 3. Effects start before the next action

    @Test("an action's effects are started before the next action is reduced")
    func effectsStartBeforeTheNextAction() {
        let log = EventLog<String>()
        let scheduler = TestScheduler()
        let store = Store.counter(
            interceptors: [
                Interceptor { action, context, next in
                    // Queue the next action before this one is even reduced.
                    if action == .ping { context.dispatch(.increment) }
                    next(action)
                }
            ],
            middlewares: [
                { _, action in
                    log.append("reduced \(action)"); return .none
                },
                { _, action in
                    guard action == .ping else { return .none }
                    return .merge(
                        // Deferred makes its publisher when subscribed to: when the effect starts.
                        Effect(
                            Deferred {
                                log.append("started the synchronous effect of ping")
                                return Just(CounterAction.pong)
                            }),
                        Effect(
                            Deferred {
                                log.append("started the delayed effect of ping")
                                return Just(CounterAction.add(10))
                            }
                        ).delay(for: .seconds(1), scheduler: scheduler)
                    )
                },
            ]
        )

        store.dispatch(.ping)
        #expect(
            log.entries == [
                "reduced ping",
                "started the synchronous effect of ping",
                "started the delayed effect of ping",
                "reduced increment",
                "reduced pong",
            ])
        #expect(store.runningEffectCount == 1)

        scheduler.advance(by: .seconds(1))
        #expect(log.entries.last == "reduced add(10)")
        #expect(store.state.count == 11)
        #expect(store.runningEffectCount == 0)
        #expect(scheduler.pendingWorkCount == 0)
    }

    // MARK: 5. Running effects

    @Test("a million effects that complete leave none running")
    func millionEffects() {
        let store = Store.counter(middlewares: [
            { _, action in
                // A tracked publisher effect (not .just, which is never counted) that sends once.
                action == .increment ? Effect([CounterAction.add(2)].publisher) : .none
            }
        ])
        for _ in 0..<1_000_000 {
            store.dispatch(.increment)
        }
        #expect(store.state.count == 3_000_000)
        #expect(store.runningEffectCount == 0)
    }

    @Test("an effect is counted as running until it finishes")
    func runningEffectCount() {
        let scheduler = TestScheduler()
        let store = Store.counter(middlewares: [
            { _, action in
                switch action {
                case .ping:
                    Effect(Just(CounterAction.increment)).delay(
                        for: .seconds(1), scheduler: scheduler)
                case .pong: .just(.increment)
                default: .none
                }
            }
        ])
        store.dispatch(.ping)
        store.dispatch(.ping)
        store.dispatch(.pong)
        #expect(store.runningEffectCount == 2, ".just is never counted")
        #expect(store.state.count == 1)

        scheduler.advance(by: .seconds(1))
        #expect(store.state.count == 3)
        #expect(store.runningEffectCount == 0)
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test("cancel(id:) stops a delayed effect before it sends anything")
    func cancelByID() {
        let scheduler = TestScheduler()
        let store = Store.counter(middlewares: [
            { _, action in
                switch action {
                case .ping:
                    Effect(Just(CounterAction.increment))
                        .delay(for: .seconds(1), scheduler: scheduler)
                        .cancellable(id: "timer")
                case .pong:
                    .cancel(id: "timer")
                default:
                    .none
                }
            }
        ])

        store.dispatch(.ping)
        scheduler.advance(by: .milliseconds(999))
        #expect(store.runningEffectCount == 1)
        store.dispatch(.pong)
        #expect(store.runningEffectCount == 0)
        #expect(scheduler.pendingWorkCount == 0)

        scheduler.advance(by: .seconds(10))
        #expect(store.state.count == 0)
    }

    @Test("cancel(id:) stops only the effects with that id")
    func cancelOnlyThatID() {
        let scheduler = TestScheduler()
        let store = Store.counter(middlewares: [
            { _, action in
                switch action {
                case .ping:
                    .merge(
                        Effect(Just(CounterAction.add(1))).delay(
                            for: .seconds(1), scheduler: scheduler
                        )
                        .cancellable(id: "one"),
                        Effect(Just(CounterAction.add(10))).delay(
                            for: .seconds(1), scheduler: scheduler
                        )
                        .cancellable(id: "ten")
                    )
                case .pong:
                    .cancel(id: "one")
                default:
                    .none
                }
            }
        ])

        store.dispatch(.ping)
        store.dispatch(.pong)
        #expect(store.runningEffectCount == 1, "the merge still waits for its other half")
        scheduler.advance(by: .seconds(1))

        #expect(store.state.count == 10)
        #expect(store.runningEffectCount == 0)
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test("cancelInFlight keeps only the latest effect with the id")
    func cancelInFlight() {
        let scheduler = TestScheduler()
        let arrivals = EventLog<Duration>()
        let store = Store.counter(middlewares: [
            { _, action in
                switch action {
                case .ping:
                    return Effect(Just(CounterAction.increment))
                        .delay(for: .seconds(1), scheduler: scheduler)
                        .cancellable(id: "debounce", cancelInFlight: true)
                case .increment:
                    arrivals.append(scheduler.now)
                    return .none
                default:
                    return .none
                }
            }
        ])

        store.dispatch(.ping)
        scheduler.advance(by: .milliseconds(400))
        store.dispatch(.ping)
        scheduler.advance(by: .milliseconds(400))
        store.dispatch(.ping)
        #expect(store.runningEffectCount == 1)
        scheduler.advance(by: .seconds(5))

        #expect(arrivals.entries == [.milliseconds(1800)])
        #expect(store.state.count == 1)
        #expect(store.runningEffectCount == 0)
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test("releasing the store cancels what still runs and frees the store")
    func releaseCancels() {
        let scheduler = TestScheduler()
        var store: Store<Counter, CounterAction>? = .counter(middlewares: [
            { _, action in
                guard action == .ping else { return .none }
                return .merge(
                    Effect(Just(CounterAction.increment)).delay(
                        for: .seconds(1), scheduler: scheduler),
                    Effect(Just(CounterAction.increment)).delay(
                        for: .seconds(2), scheduler: scheduler
                    )
                    .cancellable(id: "timer")
                )
            }
        ])
        weak let released = store
        store?.dispatch(.ping)
        #expect(store?.runningEffectCount == 2)   // the parts of a merge run, and count, apart
        #expect(scheduler.pendingWorkCount > 0)

        store = nil

        #expect(released == nil)
        #expect(scheduler.pendingWorkCount == 0)
        scheduler.advance(by: .seconds(5))
    }

    @Test("an effect that starts while the store is being released is cancelled too")
    func releaseWhileAnEffectStarts() {
        let scheduler = TestScheduler()
        let owner = StoreReference<Counter, CounterAction>()
        let store = Store.counter(middlewares: [
            { _, action in
                guard action == .ping else { return .none }
                return Effect(
                    Deferred {
                        // The last owner lets go while this effect is being started, as a view
                        // releasing its store on the main thread can while an effect delivers on
                        // another.
                        owner.release()
                        return Just(CounterAction.increment).delay(
                            for: .seconds(1), scheduler: scheduler)
                    })
            }
        ])
        // The ping comes from an effect, so nothing but `owner` keeps the store alive.
        store.run(Effect(Just(CounterAction.ping)).delay(for: .seconds(1), scheduler: scheduler))
        owner.keep(store)
        weak let released = store
        _ = consume store

        scheduler.advance(by: .seconds(1))

        #expect(released == nil)
        #expect(scheduler.pendingWorkCount == 0)
    }

    // MARK: run(_:)

    @Test("run(_:) dispatches every action the effect sends")
    func runDispatches() {
        let log = EventLog<CounterAction>()
        let store = Store.counter(middlewares: [
            { _, action in
                log.append(action); return .none
            }
        ])
        store.run(Effect([CounterAction.increment, .add(10), .decrement].publisher))
        store.run(.just(.add(100)))
        store.run(.none)

        #expect(log.entries == [.increment, .add(10), .decrement, .add(100)])
        #expect(store.state.count == 110)
        #expect(store.runningEffectCount == 0)
    }

    @Test("run(_:) with a delayed effect dispatches when the clock reaches it")
    func runDelayed() {
        let scheduler = TestScheduler()
        let store = Store.counter()
        store.run(Effect(Just(CounterAction.add(5))).delay(for: .seconds(2), scheduler: scheduler))
        #expect(store.runningEffectCount == 1)

        scheduler.advance(by: .seconds(1))
        #expect(store.state.count == 0)
        scheduler.advance(by: .seconds(1))
        #expect(store.state.count == 5)
        #expect(store.runningEffectCount == 0)
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test("run(_:) with async work dispatches what it sends")
    func runAsync() async {
        let store = Store.counter()
        let counts = store.values(of: { $0.count })
        store.run(
            .run { send in
                await send(.increment)
                await send(.add(10))
            })

        var seen: [Int] = []
        for await count in counts {
            seen.append(count)
            if count == 11 { break }
        }
        #expect(seen == [0, 1, 11])
    }

    // MARK: Allocation

    /// Counted in optimized builds only (`swift test -c release`, and the benchmark's
    /// allocations column for "store: counter, 3 .none middlewares"): unoptimized generic code
    /// may allocate where the optimized never does, and the store is not shaped for it.
    @Test(
        "dispatching through .none middlewares with no observer allocates nothing",
        .enabled(if: !_isDebugAssertConfiguration(), "allocations are counted in optimized builds"))
    func noAllocationOnTheNonePath() {
        let store = Store.counter(middlewares: [
            { _, _ in .none },
            { _, _ in .none },
            { _, _ in .none },
        ])
        for _ in 0..<100 {
            store.dispatch(.increment)
        }

        let before = allocation_count_on_this_thread()
        for _ in 0..<10_000 {
            store.dispatch(.increment)
        }
        let allocations = allocation_count_on_this_thread() - before

        #expect(allocations == 0)
        #expect(store.state.count == 10_100)
    }
}
