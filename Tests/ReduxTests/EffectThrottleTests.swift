import Effects
import Redux
import Testing

/// `Effect.throttle(id:for:scheduler:latest:)` in a store: at most one value per interval
/// across every effect with the id.
@Suite struct EffectThrottleTests {
    enum Action: Equatable, Sendable {
        case edited(Int)
        case stop
        case save(Int)
    }

    struct Log: Equatable, Sendable {
        var saves: [Int] = []
    }

    private static let reducer: MutatingReducer<Log, Action> = { log, action in
        if case .save(let version) = action { log.saves.append(version) }
    }

    private func makeStore(scheduler: TestScheduler, latest: Bool) -> Store<Log, Action> {
        Store(
            initial: Log(), mutatingReducer: Self.reducer,
            middlewares: [
                { _, action in
                    switch action {
                    case .edited(let version):
                        Effect.just(.save(version)).throttle(
                            id: "save", for: .seconds(1), scheduler: scheduler, latest: latest)
                    case .stop:
                        .cancel(id: "save")
                    case .save:
                        .none
                    }
                }
            ])
    }

    @Test("the first value goes through at once, before dispatch returns")
    func firstAtOnce() {
        let scheduler = TestScheduler()
        let store = makeStore(scheduler: scheduler, latest: true)
        store.dispatch(.edited(1))
        #expect(store.state.saves == [1])
        #expect(store.runningEffectCount == 0)
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test(
        "latest: true — values within the interval are held, and the newest goes out exactly when it ends"
    )
    func latestAtIntervalEnd() {
        let scheduler = TestScheduler()
        let store = makeStore(scheduler: scheduler, latest: true)
        store.dispatch(.edited(1))
        for version in 2...4 {
            scheduler.advance(by: .milliseconds(200))
            store.dispatch(.edited(version))
        }
        scheduler.advance(to: .seconds(1) - .nanoseconds(1))
        #expect(store.state.saves == [1])
        #expect(store.runningEffectCount == 1)
        scheduler.advance(to: .seconds(1))
        #expect(store.state.saves == [1, 4])
        #expect(store.runningEffectCount == 0)
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test(
        "latest: false — the first value held in the interval goes out when it ends, even from an effect cancelled since"
    )
    func firstAtIntervalEnd() {
        let scheduler = TestScheduler()
        let store = makeStore(scheduler: scheduler, latest: false)
        store.dispatch(.edited(1))
        for version in 2...4 {
            scheduler.advance(by: .milliseconds(200))
            store.dispatch(.edited(version))
        }
        scheduler.advance(to: .seconds(1))
        #expect(store.state.saves == [1, 2])
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test("a value sent at an interval's end opens the next interval")
    func heldValueOpensNextInterval() {
        let scheduler = TestScheduler()
        let store = makeStore(scheduler: scheduler, latest: true)
        store.dispatch(.edited(1))
        scheduler.advance(to: .milliseconds(500))
        store.dispatch(.edited(2))   // held until 1 s
        scheduler.advance(to: .milliseconds(1_200))
        store.dispatch(.edited(3))   // held until 2 s: 2 went out at 1 s
        scheduler.advance(to: .milliseconds(1_999))
        #expect(store.state.saves == [1, 2])
        scheduler.advance(to: .seconds(2))
        #expect(store.state.saves == [1, 2, 3])
    }

    @Test("once an interval has passed with nothing held, the next value goes through at once")
    func quietThenAtOnce() {
        let scheduler = TestScheduler()
        let store = makeStore(scheduler: scheduler, latest: true)
        store.dispatch(.edited(1))
        scheduler.advance(by: .seconds(1))
        store.dispatch(.edited(2))
        #expect(store.state.saves == [1, 2])
    }

    @Test("Effect.cancel(id:) drops the held value and its scheduled work")
    func cancelDropsHeld() {
        let scheduler = TestScheduler()
        let store = makeStore(scheduler: scheduler, latest: true)
        store.dispatch(.edited(1))
        store.dispatch(.edited(2))
        #expect(scheduler.pendingWorkCount == 1)
        store.dispatch(.stop)
        #expect(scheduler.pendingWorkCount == 0)
        #expect(store.runningEffectCount == 0)
        scheduler.advance(by: .seconds(5))
        #expect(store.state.saves == [1])
    }

    @Test("different ids are throttled apart")
    func idsApart() {
        let scheduler = TestScheduler()
        let store = Store<Log, Action>(
            initial: Log(), mutatingReducer: Self.reducer,
            middlewares: [
                { _, action in
                    guard case .edited(let version) = action else { return .none }
                    return Effect.just(.save(version)).throttle(
                        id: version % 2, for: .seconds(1), scheduler: scheduler, latest: true)
                }
            ])
        store.dispatch(.edited(1))
        store.dispatch(.edited(2))
        store.dispatch(.edited(3))
        #expect(store.state.saves == [1, 2])
        scheduler.advance(by: .seconds(1))
        #expect(store.state.saves == [1, 2, 3])
    }

    @Test("an effect's own values are throttled too, one held at a time")
    func multiValueEffect() {
        let scheduler = TestScheduler()
        let store = Store<Log, Action>(
            initial: Log(), mutatingReducer: Self.reducer,
            middlewares: [
                { _, action in
                    guard case .edited = action else { return .none }
                    return Effect([Action.save(1), .save(2), .save(3)].publisher)
                        .throttle(id: "save", for: .seconds(1), scheduler: scheduler, latest: true)
                }
            ])
        store.dispatch(.edited(0))
        #expect(store.state.saves == [1])
        #expect(store.runningEffectCount == 1)
        scheduler.advance(by: .seconds(1))
        #expect(store.state.saves == [1, 3])
        #expect(store.runningEffectCount == 0)
    }

    @Test(
        "the store forgets ids whose interval has passed: 50,000 ids over ten intervals leave at most twice one interval's"
    )
    func memoryIsBounded() {
        let scheduler = TestScheduler()
        let store = Store<Log, Int>(
            initial: Log(), mutatingReducer: { _, _ in },
            middlewares: [
                { _, request in
                    request >= 0
                        ? Effect.just(-1).throttle(
                            id: request, for: .seconds(1), scheduler: scheduler, latest: true)
                        : .none
                }
            ])
        for round in 0..<10 {
            for index in 0..<5_000 {
                store.dispatch(round * 5_000 + index)
            }
            scheduler.advance(by: .seconds(1))
        }
        #expect(store.effectContext.throttledIDCount <= 2 * 5_000 + 64)
        #expect(store.effectContext.idCount == 0)
        #expect(store.runningEffectCount == 0)
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test("an id used again after its interval takes the place of its old entry")
    func reusedIDReplacesEntry() {
        let scheduler = TestScheduler()
        let store = makeStore(scheduler: scheduler, latest: true)
        for version in 0..<100 {
            store.dispatch(.edited(version))
            scheduler.advance(by: .seconds(1))
        }
        #expect(store.state.saves == Array(0..<100))
        #expect(store.effectContext.throttledIDCount == 1)
    }

    @Test("outside a store, the effect's own values are throttled with a memory of their own")
    func outsideAStore() {
        let scheduler = TestScheduler()
        let log = EventLog<String>()
        let cancellable = Effect([1, 2, 3].publisher)
            .throttle(id: "x", for: .seconds(1), scheduler: scheduler, latest: false)
            .sink(
                receiveCompletion: { _ in log.append("finished") },
                receiveValue: { log.append("\($0)") })
        #expect(log.entries == ["1"])
        scheduler.advance(by: .seconds(1))
        #expect(log.entries == ["1", "2", "finished"])
        _ = cancellable
    }

    @Test(
        "prints its id, interval, which value it keeps and its effect, through map too; throttling .none is .none"
    )
    func description() {
        let scheduler = TestScheduler()
        let effect = Effect.just(1).throttle(
            id: "save", for: .seconds(1), scheduler: scheduler, latest: true)
        #expect(effect.description == "Throttle(id: save, 1.0 seconds, latest, Just(1))")
        #expect(
            effect.map { $0 * 10 }.description
                == "Throttle(id: save, 1.0 seconds, latest, Just(10))")
        #expect(
            Effect.just(1).throttle(id: 7, for: .seconds(1), scheduler: scheduler, latest: false)
                .description == "Throttle(id: 7, 1.0 seconds, first, Just(1))")
        #expect(
            Effect<Int>.none.throttle(
                id: "save", for: .seconds(1), scheduler: scheduler, latest: true
            ).isNone)
    }
}
