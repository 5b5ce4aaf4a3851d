import Effects
import Redux
import Testing

/// `Effect.debounce(id:for:scheduler:)` in a store: of a burst of effects with one id, only the
/// last runs, once the burst has been quiet for the due time.
@Suite struct EffectDebounceTests {
    enum Action: Equatable, Sendable {
        case queryChanged(String)
        case clear
        case search(String)
    }

    struct Log: Equatable, Sendable {
        var searches: [String] = []
    }

    private static let reducer: MutatingReducer<Log, Action> = { log, action in
        if case .search(let query) = action { log.searches.append(query) }
    }

    /// A store whose middleware debounces a search per query change, through `makeEffect`.
    private func makeStore(
        scheduler: TestScheduler,
        makeEffect: @escaping @Sendable (String) -> Effect<Action> = { .just(.search($0)) }
    ) -> Store<Log, Action> {
        Store(
            initial: Log(), mutatingReducer: Self.reducer,
            middlewares: [
                { _, action in
                    switch action {
                    case .queryChanged(let query):
                        makeEffect(query).debounce(
                            id: "search", for: .milliseconds(300), scheduler: scheduler)
                    case .clear:
                        Effect<Action>.none.debounce(
                            id: "search", for: .milliseconds(300), scheduler: scheduler)
                    case .search:
                        .none
                    }
                }
            ])
    }

    @Test("of a burst, only the last effect runs, dueTime after it came, not a nanosecond sooner")
    func onlyTheLastRuns() {
        let scheduler = TestScheduler()
        let store = makeStore(scheduler: scheduler)
        store.dispatch(.queryChanged("d"))
        scheduler.advance(by: .milliseconds(100))
        store.dispatch(.queryChanged("du"))
        scheduler.advance(by: .milliseconds(100))
        store.dispatch(.queryChanged("duc"))
        scheduler.advance(to: .milliseconds(500) - .nanoseconds(1))
        #expect(store.state.searches == [])
        scheduler.advance(to: .milliseconds(500))
        #expect(store.state.searches == ["duc"])
        scheduler.run()
        #expect(store.state.searches == ["duc"])
        #expect(store.runningEffectCount == 0)
        #expect(store.effectContext.idCount == 0)
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test("the work itself starts only once the wait is over; the dropped ones never start")
    func workStartsAfterTheWait() {
        let scheduler = TestScheduler()
        let started = EventLog<String>()
        let store = makeStore(scheduler: scheduler) { query in
            Effect(
                Deferred {
                    started.append(query)
                    return Just(Action.search(query))
                })
        }
        store.dispatch(.queryChanged("a"))
        scheduler.advance(by: .milliseconds(200))
        store.dispatch(.queryChanged("ab"))
        scheduler.advance(by: .milliseconds(299))
        #expect(started.entries == [])
        scheduler.advance(by: .milliseconds(1))
        #expect(started.entries == ["ab"])
        #expect(store.state.searches == ["ab"])
        #expect(store.runningEffectCount == 0)
    }

    @Test("a newer effect with the id cancels one that has already started")
    func cancelsStartedEffect() {
        let scheduler = TestScheduler()
        let store = makeStore(scheduler: scheduler) { query in
            // A search that takes a second once started.
            Effect.just(.search(query)).delay(for: .seconds(1), scheduler: scheduler)
                .eraseToAnyPublisher().eraseToEffect()
        }
        store.dispatch(.queryChanged("a"))
        scheduler.advance(by: .milliseconds(800))   // started at 300 ms, due at 1.3 s
        store.dispatch(.queryChanged("b"))   // starts at 1.1 s, due at 2.1 s
        scheduler.advance(to: .seconds(5))
        #expect(store.state.searches == ["b"])
        #expect(store.runningEffectCount == 0)
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test("Effect.cancel(id:) drops a waiting effect; debouncing .none does the same")
    func cancelDropsWaiting() {
        let scheduler = TestScheduler()
        let store = makeStore(scheduler: scheduler)
        store.dispatch(.queryChanged("a"))
        store.dispatch(.clear)
        #expect(scheduler.pendingWorkCount == 0)
        scheduler.advance(by: .seconds(1))
        #expect(store.state.searches == [])
        #expect(store.runningEffectCount == 0)
        #expect(
            Effect<Action>.none.debounce(id: "search", for: .seconds(1), scheduler: scheduler)
                .description == "Cancel(id: search)")
    }

    @Test("different ids are debounced apart")
    func idsApart() {
        let scheduler = TestScheduler()
        let store = Store<Log, Action>(
            initial: Log(), mutatingReducer: Self.reducer,
            middlewares: [
                { _, action in
                    guard case .queryChanged(let query) = action else { return .none }
                    return Effect.just(.search(query)).debounce(
                        id: query.first!, for: .seconds(1), scheduler: scheduler)
                }
            ])
        store.dispatch(.queryChanged("a1"))
        store.dispatch(.queryChanged("b1"))
        store.dispatch(.queryChanged("a2"))
        scheduler.advance(by: .seconds(1))
        #expect(store.state.searches.sorted() == ["a2", "b1"])
    }

    @Test("a debounced action is one scheduled delivery, like a delayed one")
    func oneScheduledDelivery() {
        let scheduler = TestScheduler()
        let store = makeStore(scheduler: scheduler)
        store.dispatch(.queryChanged("a"))
        store.dispatch(.queryChanged("b"))
        #expect(scheduler.pendingWorkCount == 1)
        #expect(store.runningEffectCount == 1)
        #expect(store.effectContext.registeredCount == 1)
        scheduler.advance(by: .seconds(1))
        #expect(store.runningEffectCount == 0)
    }

    @Test("outside a store it just waits, then runs")
    func outsideAStore() {
        let scheduler = TestScheduler()
        let log = EventLog<String>()
        let cancellable = Effect([1, 2].publisher)
            .debounce(id: "x", for: .seconds(1), scheduler: scheduler)
            .sink(
                receiveCompletion: { _ in log.append("finished") },
                receiveValue: { log.append("\($0)") })
        scheduler.advance(by: .milliseconds(999))
        #expect(log.entries == [])
        scheduler.advance(by: .milliseconds(1))
        #expect(log.entries == ["1", "2", "finished"])
        _ = cancellable
    }

    @Test("prints its id, due time and effect, and keeps them through map")
    func description() {
        let scheduler = TestScheduler()
        let effect = Effect.just(1).debounce(
            id: "search", for: .milliseconds(300), scheduler: scheduler)
        #expect(effect.description == "Debounce(id: search, 0.3 seconds, Just(1))")
        #expect(effect.map { $0 + 1 }.description == "Debounce(id: search, 0.3 seconds, Just(2))")
    }
}
