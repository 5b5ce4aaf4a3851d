// swift-format-ignore-file
// The examples here are the documentation's, line for line (DocumentationSnippetTests checks
// it): they keep the layout the documentation shows.
import Effects
import Redux
import ReduxTesting
import Synchronization
import Testing

// The examples of the Using dependencies article (Sources/Redux/Redux.docc/UsingDependencies.md) and of
// the doc comments of `Dependencies`, `DependencyKey`, `Dependency`, `Dependencies.scheduler`
// and `AnyMiddleware.dependencies(_:)`, compiled and run.

// `SearchState`, `SearchAction` and `searchReducer` are ReadmeExampleTests'.

struct SearchClient: Sendable {
    var search: @Sendable (String) async -> [String]
}

struct SearchClientKey: DependencyKey {
    static let liveValue = SearchClient { query in
        ["\(query) (from the live service)"]
    }
}

extension Dependencies {
    var searchClient: SearchClient {
        get { self[SearchClientKey.self] }
        set { self[SearchClientKey.self] = newValue }
    }
}

let searching: Middleware<SearchState, SearchAction> = { state, action in
    guard case .queryChanged(let query) = action else { return .none }
    @Dependency(\.searchClient) var client
    @Dependency(\.scheduler) var scheduler
    return Effect.run { send in
        await send(.resultsLoaded(await client.search(query)))
    }
    .debounce(id: "search", for: .milliseconds(300), scheduler: scheduler)
}

@Test func searchesAfterTheUserStopsTyping() {
    let store = TestStore(
        initial: SearchState(), mutatingReducer: searchReducer, middlewares: [searching],
        dependencies: { $0.searchClient = SearchClient { query in ["\(query)!"] } })
    store.send(.queryChanged("duck")) { $0.query = "duck" }
    store.advance(by: .milliseconds(300))
    store.receive(.resultsLoaded(["duck!"])) { $0.results = ["duck!"] }
    store.finish()
}

struct DeckSeedKey: DependencyKey {
    static let liveValue: UInt64 = 2026
    static let testValue: UInt64 = 7
}

extension Dependencies {
    var deckSeed: UInt64 {
        get { self[DeckSeedKey.self] }
        set { self[DeckSeedKey.self] = newValue }
    }
}

/// Something that plays a sound by name.
protocol SoundPlaying: Sendable {
    func play(_ sound: String)
}

/// Plays nothing.
struct SilentPlayer: SoundPlaying {
    func play(_ sound: String) {}
}

/// Keeps what it was asked to play.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
final class RecordingPlayer: SoundPlaying {
    let played = Mutex<[String]>([])

    func play(_ sound: String) {
        played.withLock { $0.append(sound) }
    }
}

struct SoundPlayerKey: DependencyKey {
    static let liveValue: any SoundPlaying = SilentPlayer()
}

extension Dependencies {
    var soundPlayer: any SoundPlaying {
        get { self[SoundPlayerKey.self] }
        set { self[SoundPlayerKey.self] = newValue }
    }
}

/// A pond that quacks.
struct Pond: Equatable, Sendable {
    var quacks = 0
}

enum PondAction: Equatable, Sendable {
    case quack
}

let pondReducer: Reducer<Pond, PondAction> = { state, action in
    var state = state
    state.quacks += 1
    return state
}

let playQuacks: Middleware<Pond, PondAction> = { state, action in
    @Dependency(\.soundPlayer) var player
    if case .quack = action { player.play("quack") }
    return .none
}

@Suite struct DependenciesArticleTests {
    @Test("a store's override reaches the debounced search; the rest stays live")
    func storeOverride() async {
        let store = Store(
            initial: SearchState(), mutatingReducer: searchReducer, middlewares: [searching],
            dependencies: { $0.searchClient = SearchClient { _ in ["cached"] } })
        store.dispatch(.queryChanged("duck"))
        await store.idle()
        #expect(store.state.results == ["cached"])
    }

    @Test("one line moves a store's debounce onto a test scheduler")
    func schedulerInOneLine() async {
        let scheduler = TestScheduler()
        let store = Store(
            initial: SearchState(), mutatingReducer: searchReducer, middlewares: [searching],
            dependencies: { $0.scheduler = AnyScheduler(scheduler) })
        store.dispatch(.queryChanged("du"))
        store.dispatch(.queryChanged("duck"))
        scheduler.advance(by: .milliseconds(299))
        #expect(store.runningEffectCount == 1)
        scheduler.advance(by: .milliseconds(1))
        await store.idle()
        // The live client, which the store did not override, answered the last query only.
        #expect(store.state.results == ["duck (from the live service)"])
    }

    @Test("a feature's own override wins over the store's")
    func featureOverride() async {
        let offline = AnyMiddleware(searching).dependencies {
            $0.searchClient = SearchClient { _ in [] }
        }
        let scheduler = TestScheduler()
        let store = Store(
            initial: SearchState(results: ["stale"]), mutatingReducer: searchReducer,
            middlewares: [offline],
            dependencies: { $0.scheduler = AnyScheduler(scheduler) })
        store.dispatch(.queryChanged("duck"))
        scheduler.advance(by: .milliseconds(300))
        await store.idle()
        #expect(store.state.results == [])
    }

    @Test("a key's test value is what a test store reads without an override")
    func testValue() {
        let seed = Dependencies.withValues { _ in } operation: { Dependencies.current.deckSeed }
        #expect(seed == 2026)
        let store = TestStore(
            initial: Pond(), reducer: pondReducer,
            middlewares: [{ _, _ in
                @Dependency(\.deckSeed) var seed
                #expect(seed == 7)
                return .none
            }])
        store.send(.quack) { $0.quacks = 1 }
        store.finish()
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @Test("the quacking middleware plays on the store's player")
    func quacks() {
        let player = RecordingPlayer()
        let store = Store(
            initial: Pond(), reducer: pondReducer, middlewares: [playQuacks],
            dependencies: { $0.soundPlayer = player })
        store.dispatch(.quack)
        #expect(player.played.withLock { $0 } == ["quack"])
        let quietPond = AnyMiddleware(playQuacks).dependencies { $0.soundPlayer = SilentPlayer() }
        let quiet = Store(
            initial: Pond(), reducer: pondReducer, middlewares: [quietPond],
            dependencies: { $0.soundPlayer = player })
        quiet.dispatch(.quack)
        #expect(player.played.withLock { $0 } == ["quack"])
    }

    @Test("a sound player read in a test store without an override fails, naming its key")
    func forgottenPlayer() {
        withKnownIssue {
            let store = TestStore(initial: Pond(), reducer: pondReducer, middlewares: [playQuacks])
            store.send(.quack) { $0.quacks = 1 }
            store.finish()
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("The dependency SoundPlayerKey") }
        }
    }
}
