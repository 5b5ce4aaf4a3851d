import Effects
import Redux
import ReduxTesting
import Testing

/// A dependency with a live value and a test value.
private struct SeedKey: DependencyKey {
    static let liveValue: UInt64 = 1
    static let testValue: UInt64 = 2
}

/// A client with only a live value: a test store must be given one.
private struct GreeterKey: DependencyKey {
    static let liveValue: @Sendable (String) -> String = { "Hello, \($0)" }
}

extension Dependencies {
    fileprivate var seed: UInt64 {
        get { self[SeedKey.self] }
        set { self[SeedKey.self] = newValue }
    }

    fileprivate var greeter: @Sendable (String) -> String {
        get { self[GreeterKey.self] }
        set { self[GreeterKey.self] = newValue }
    }
}

/// What the middlewares under test read, in the order they read it.
private struct Readings: Identifiable, Equatable, Sendable {
    var seeds: [UInt64] = []
    var greetings: [String] = []
    var id = 0
}

private enum ReadingAction: Equatable, Sendable {
    /// Read the seed in the middleware.
    case readSeed
    /// Read the seed in the body of an `Effect.run`.
    case readSeedInTask
    /// Read the seed in a child task of an `Effect.run`'s body.
    case readSeedInChildTask
    /// Read the seed after a debounce on the dependencies' scheduler.
    case readSeedDebounced
    case seedRead(UInt64)
    case greet(String)
    /// Greet in the body of an `Effect.run`.
    case greetInTask(String)
    case greeted(String)
}

private let readingsReducer: Reducer<Readings, ReadingAction> = { state, action in
    var state = state
    switch action {
    case .seedRead(let seed): state.seeds.append(seed)
    case .greeted(let greeting): state.greetings.append(greeting)
    default: break
    }
    return state
}

/// Reads its dependencies from the store that runs it: no factory takes them.
private let reading: Middleware<Readings, ReadingAction> = { state, action in
    switch action {
    case .readSeed:
        @Dependency(\.seed) var seed
        return .just(.seedRead(seed))
    case .readSeedInTask:
        return .run { send in
            await send(.seedRead(Dependencies.current.seed))
        }
    case .readSeedInChildTask:
        return .run { send in
            async let seed = Dependencies.current.seed
            await send(.seedRead(await seed))
        }
    case .readSeedDebounced:
        @Dependency(\.scheduler) var scheduler
        @Dependency(\.seed) var seed
        return Effect.just(.seedRead(seed))
            .debounce(id: "seed", for: .milliseconds(300), scheduler: scheduler)
    case .greet(let name):
        @Dependency(\.greeter) var greet
        return .just(.greeted(greet(name)))
    case .greetInTask(let name):
        return .run { send in
            await send(.greeted(Dependencies.current.greeter(name)))
        }
    default:
        return .none
    }
}

/// An app holding the readings twice: its own, and a feature's.
private struct Twice: Equatable, Sendable {
    var own = Readings()
    var feature = Readings()
}

private enum TwiceAction: Equatable, Sendable {
    case own(ReadingAction)
    case feature(ReadingAction)
}

private let twiceReducer: Reducer<Twice, TwiceAction> = { state, action in
    var state = state
    switch action {
    case .own(let action): state.own = readingsReducer(state.own, action)
    case .feature(let action): state.feature = readingsReducer(state.feature, action)
    }
    return state
}

private let ownActions = ActionPath<TwiceAction, ReadingAction>(
    embed: TwiceAction.own,
    extract: { if case .own(let action) = $0 { action } else { nil } })

private let featureActions = ActionPath<TwiceAction, ReadingAction>(
    embed: TwiceAction.feature,
    extract: { if case .feature(let action) = $0 { action } else { nil } })

/// A list of readers and an optional one.
private struct Shelf: Equatable, Sendable {
    var rows: IdentifiedArray<Readings> = [Readings(id: 1)]
    var detail: Readings? = Readings(id: 2)
}

private enum ShelfAction: Equatable, Sendable {
    case row(Int, ReadingAction)
    case detail(ReadingAction)
}

private let shelfReducer: MutatingReducer<Shelf, ShelfAction> = { state, action in
    switch action {
    case .row(let id, let action):
        if let row = state.rows[id: id] { state.rows[id: id] = readingsReducer(row, action) }
    case .detail(let action):
        state.detail = state.detail.map { readingsReducer($0, action) }
    }
}

private let rowActions = ActionPath<ShelfAction, (Int, ReadingAction)>(
    embed: ShelfAction.row,
    extract: { if case .row(let id, let action) = $0 { (id, action) } else { nil } })

private let detailActions = ActionPath<ShelfAction, ReadingAction>(
    embed: ShelfAction.detail,
    extract: { if case .detail(let action) = $0 { action } else { nil } })

@Suite struct DependenciesTests {
    // MARK: Live values

    @Test("outside any store, dependencies are their live values")
    func liveDefaults() {
        let dependencies = Dependencies.current
        #expect(dependencies.seed == 1)
        #expect(dependencies.greeter("Ada") == "Hello, Ada")
        #expect(dependencies.scheduler.base is DispatchQueueScheduler)
        #expect(dependencies.clock is ContinuousClock)
    }

    @Test("a store given no dependencies gives its middlewares the live values")
    func storeWithoutDependencies() {
        let store = Store(initial: Readings(), reducer: readingsReducer, middlewares: [reading])
        store.dispatch(.readSeed)
        store.dispatch(.greet("Ada"))
        #expect(store.state == Readings(seeds: [1], greetings: ["Hello, Ada"]))
    }

    // MARK: Overriding in a store

    @Test("a store's overrides reach its middlewares; what it does not override stays live")
    func storeOverrides() {
        let store = Store(
            initial: Readings(), reducer: readingsReducer, middlewares: [reading],
            dependencies: { $0.seed = 42 })
        store.dispatch(.readSeed)
        store.dispatch(.greet("Ada"))
        #expect(store.state == Readings(seeds: [42], greetings: ["Hello, Ada"]))
    }

    @Test("two stores override the same dependency each for itself")
    func storesAreIndependent() {
        let first = Store(
            initial: Readings(), reducer: readingsReducer, middlewares: [reading],
            dependencies: { $0.seed = 10 })
        let second = Store(
            initial: Readings(), reducer: readingsReducer, middlewares: [reading],
            dependencies: { $0.seed = 20 })
        first.dispatch(.readSeed)
        second.dispatch(.readSeed)
        first.dispatch(.readSeed)
        #expect(first.state.seeds == [10, 10])
        #expect(second.state.seeds == [20])
    }

    @Test("a store made inside withValues keeps those dependencies after it returns")
    func storeMadeInsideWithValues() {
        let store = Dependencies.withValues {
            $0.seed = 7
        } operation: {
            Store(initial: Readings(), reducer: readingsReducer, middlewares: [reading])
        }
        store.dispatch(.readSeed)
        #expect(store.state.seeds == [7])
        #expect(Dependencies.current.seed == 1)
    }

    @Test("a store's own overrides start from those bound where it is made")
    func storeOverridesOnTopOfBound() {
        let store = Dependencies.withValues {
            $0.seed = 7
            $0.greeter = { "Hi, \($0)" }
        } operation: {
            Store(
                initial: Readings(), reducer: readingsReducer, middlewares: [reading],
                dependencies: { $0.seed = 8 })
        }
        store.dispatch(.readSeed)
        store.dispatch(.greet("Ada"))
        #expect(store.state == Readings(seeds: [8], greetings: ["Hi, Ada"]))
    }

    // MARK: Effects

    @Test("an Effect.run body, and a child task of it, read the store's dependencies")
    func runBodiesInherit() async {
        let store = TestStore(
            initial: Readings(), reducer: readingsReducer, middlewares: [reading],
            dependencies: { $0.seed = 5 })
        await store.send(.readSeedInTask)
        await store.receive(.seedRead(5)) { $0.seeds = [5] }
        await store.send(.readSeedInChildTask)
        await store.receive(.seedRead(5)) { $0.seeds = [5, 5] }
        await store.finish()
    }

    @Test("an effect run through a scope of the store reads the store's dependencies")
    func scopedStoreEffects() {
        let store = Store(initial: Twice(), reducer: twiceReducer, dependencies: { $0.seed = 9 })
        let scoped = store.scope(state: \.feature, action: featureActions)
        // Deferred: the seed is read when the store starts the effect.
        scoped.run(Effect(Deferred { Just(ReadingAction.seedRead(Dependencies.current.seed)) }))
        #expect(store.state.feature.seeds == [9])
    }

    // MARK: Lifted features

    @Test("a lifted middleware reads the store's dependencies; one may override them for itself")
    func liftedFeatures() {
        let store = Store(
            initial: Twice(), reducer: twiceReducer,
            middlewares: [
                AnyMiddleware(pullback(reading, state: \Twice.own, action: ownActions)),
                AnyMiddleware(reading).dependencies { $0.seed += 100 }
                    .pullback(state: \Twice.feature, action: featureActions),
            ],
            dependencies: { $0.seed = 3 })
        store.dispatch(.own(.readSeed))
        store.dispatch(.feature(.readSeed))
        #expect(store.state.own.seeds == [3])
        #expect(store.state.feature.seeds == [103])
    }

    @Test("middlewares lifted with forEach and ifLet read the store's dependencies, in tasks too")
    func forEachAndIfLet() async {
        let store = TestStore(
            initial: Shelf(), mutatingReducer: shelfReducer,
            middlewares: [
                forEach(reading, state: \Shelf.rows, action: rowActions),
                ifLet(reading, state: \Shelf.detail, action: detailActions),
            ],
            dependencies: { $0.seed = 6 })
        await store.send(.row(1, .readSeed))
        await store.receive(.row(1, .seedRead(6))) { $0.rows[id: 1]?.seeds = [6] }
        await store.send(.row(1, .readSeedInTask))
        await store.receive(.row(1, .seedRead(6))) { $0.rows[id: 1]?.seeds = [6, 6] }
        await store.send(.detail(.readSeedInTask))
        await store.receive(.detail(.seedRead(6))) { $0.detail?.seeds = [6] }
        await store.finish()
    }

    @Test("a feature's own overrides reach the tasks its effects start")
    func featureOverridesReachTasks() async {
        let store = TestStore(
            initial: Twice(), reducer: twiceReducer,
            middlewares: [
                AnyMiddleware(reading).dependencies { $0.seed = 50 }
                    .pullback(state: \Twice.feature, action: featureActions),
                AnyMiddleware(reading).pullback(state: \Twice.own, action: ownActions),
            ])
        await store.send(.feature(.readSeedInTask))
        await store.receive(.feature(.seedRead(50))) { $0.feature.seeds = [50] }
        await store.send(.own(.readSeedInTask))
        await store.receive(.own(.seedRead(2))) { $0.own.seeds = [2] }
        await store.finish()
    }

    // MARK: Time

    @Test("one line moves a store's scheduler onto virtual time, and its clock with it")
    func schedulerSwapInOneLine() {
        let scheduler = TestScheduler()
        let store = Store(
            initial: Readings(), reducer: readingsReducer, middlewares: [reading],
            dependencies: { $0.scheduler = AnyScheduler(scheduler) })
        store.dispatch(.readSeedDebounced)
        scheduler.advance(by: .milliseconds(200))
        store.dispatch(.readSeedDebounced)
        scheduler.advance(by: .milliseconds(299))
        #expect(store.state.seeds == [])
        scheduler.advance(by: .milliseconds(1))
        #expect(store.state.seeds == [1])
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test("setting the scheduler sets the clock to its clock")
    func schedulerSetsClock() {
        let scheduler = TestScheduler()
        var dependencies = Dependencies()
        dependencies.scheduler = AnyScheduler(scheduler)
        #expect(dependencies.clock is SchedulerClock)
        dependencies.clock = ContinuousClock()
        #expect(dependencies.clock is ContinuousClock)
        #expect(dependencies.scheduler.base is TestScheduler)
    }

    @Test("a test store's scheduler is its middlewares' scheduler unless the test says otherwise")
    func testStoreScheduler() {
        let store = TestStore(initial: Readings(), reducer: readingsReducer, middlewares: [reading])
        store.send(.readSeedDebounced)
        store.advance(by: .milliseconds(300))
        store.receive(.seedRead(2)) { $0.seeds = [2] }
        store.finish()
    }

    // MARK: Test values and forgotten dependencies

    @Test("in a test store, a dependency the test does not override is its test value")
    func testValueIsUsed() {
        let store = TestStore(initial: Readings(), reducer: readingsReducer, middlewares: [reading])
        store.send(.readSeed)
        store.receive(.seedRead(2)) { $0.seeds = [2] }
        store.finish()
    }

    @Test("in a test store, an override wins over the test value")
    func overrideWinsOverTestValue() {
        let store = TestStore(
            initial: Readings(), reducer: readingsReducer, middlewares: [reading],
            dependencies: {
                $0.seed = 4
                $0.greeter = { "Hey, \($0)" }
            })
        store.send(.readSeed)
        store.receive(.seedRead(4)) { $0.seeds = [4] }
        store.send(.greet("Ada"))
        store.receive(.greeted("Hey, Ada")) { $0.greetings = ["Hey, Ada"] }
        store.finish()
    }

    @Test("a client read in a test store with no override and no test value fails, naming it")
    func forgottenDependencyFails() {
        withKnownIssue {
            let store = TestStore(
                initial: Readings(), reducer: readingsReducer, middlewares: [reading])
            store.send(.greet("Ada"))
            // The read goes on with the live value, so the test can still say what happened.
            store.receive(.greeted("Hello, Ada")) { $0.greetings = ["Hello, Ada"] }
            store.finish()
        } matching: { issue in
            issue.comments.contains {
                $0.rawValue.contains("The dependency GreeterKey was read in a TestStore")
                    && $0.rawValue.contains("has no testValue")
            }
        }
    }

    @Test("a client read in an Effect.run body of a test store without an override fails too")
    func forgottenDependencyInTask() async {
        await withKnownIssue {
            let store = TestStore(
                initial: Readings(), reducer: readingsReducer, middlewares: [reading])
            await store.send(.greetInTask("Ada"))
            await store.receive(.greeted("Hello, Ada")) { $0.greetings = ["Hello, Ada"] }
            await store.finish()
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("The dependency GreeterKey") }
        }
    }
}
