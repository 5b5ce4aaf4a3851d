// swift-format-ignore-file
// The examples here are the documentation's, line for line (DocumentationSnippetTests checks
// it): they keep the layout the documentation shows.
import Dispatch
import Effects
import Redux
import ReduxTesting
import TestSupport
import Testing
import ThreeDucks

// The examples in the doc comments of the Redux module's composition API (ActionPath, combine,
// pullback, scope, ScopedStore), of StoreHome and of AnyMiddleware, compiled and run on the real
// card game: the names the examples assume are the game's (`Game`, `GameAction`, `gameReducer`)
// and the settings feature of Support/GameApp.swift (`SettingsAction`, `settingsReducer`), in an
// app of the two (`AppState`, `AppAction`). DocumentationSnippetTests, in ReduxTests, checks that
// every example appears here as written: change both together.

// MARK: - The examples' app: the game beside the settings

/// The examples' name for the game's state.
private typealias Game = ThreeDucksState

/// The examples' name for the game's actions (internal: `AppAction` below names it).
typealias GameAction = ThreeDucksAction

/// The examples' name for the game's reducer.
private let gameReducer = threeDucksReducer

/// The app of the examples: the game and its settings.
private struct AppState: Equatable, Sendable {
    var game = Game()
    var settings = GameSettings()
}

// The `ActionPath` doc comment's example: the app's actions, and where the settings' sit.
enum AppAction {
    case game(GameAction)
    case settings(SettingsAction)
}

let settingsActions = ActionPath(AppAction.settings) {
    if case .settings(let action) = $0 { action } else { nil }
}

extension AppAction: Equatable {}

/// Where the game's actions sit among the app's.
private let gameActions = ActionPath<AppAction, GameAction>(embed: AppAction.game) {
    guard case .game(let action) = $0 else { return nil }
    return action
}

// The `combine` doc comment's example.
private let appReducer = combine(
    pullback(gameReducer, state: \AppState.game, action: gameActions),
    pullback(settingsReducer, state: \AppState.settings, action: settingsActions)
)

/// The game's interceptor in the examples: drops a flip while two cards are face up.
private let flipGuard = Interceptor<Game, GameAction> { action, context, next in
    if case .flipCard = action, context.state.selectedCards.count == 2 { return }
    next(action)
}

/// Where the examples save the settings: here, a list of what was written.
private final class SettingsFile: Sendable {
    private let contents = Lock<[GameSettings]>([])

    /// Every version written, in order.
    var written: [GameSettings] { contents.withLock { $0 } }

    func write(_ settings: GameSettings) { contents.withLock { $0.append(settings) } }
}

/// The settings feature's middleware in the examples: writes the settings after each change,
/// then says they are saved.
private func saveSettings(to file: SettingsFile) -> Middleware<GameSettings, SettingsAction> {
    { settings, action in
        guard case .toggleSound = action else { return .none }
        return .run { send in
            file.write(settings)
            await send(.saved)
        }
    }
}

@Suite struct GameAppDocumentationExampleTests {
    @Test("ActionPath: embeds a settings action in the app's, and finds it in the app's actions")
    func actionPath() {
        #expect(settingsActions.embed(.toggleSound) == .settings(.toggleSound))
        #expect(settingsActions.extract(.settings(.saved)) == .saved)
        #expect(settingsActions.extract(.game(.startGame)) == nil)
    }

    @Test("combine: the app's reducer runs the game's reducer and the settings', each on its part")
    func combinedReducer() {
        var app = AppState()
        appReducer(&app, .game(.setDifficulty(.hard)))
        appReducer(&app, .settings(.toggleSound))
        #expect(app == AppState(
            game: Game(difficulty: .hard),
            settings: GameSettings(isSoundOn: false, isSaved: false)
        ))
    }

    @Test("pullback of a reducer: it changes the settings for a settings action, and ignores the game's")
    func pulledBackReducer() {
        let settings = pullback(settingsReducer, state: \AppState.settings, action: settingsActions)
        var app = AppState()
        settings(&app, .settings(.toggleSound))
        settings(&app, .game(.setDifficulty(.hard)))
        #expect(app == AppState(game: Game(), settings: GameSettings(isSoundOn: false, isSaved: false)))
    }

    @Test("pullback of a middleware: it saves the settings the app's state holds, and its answer comes back embedded")
    func pulledBackMiddleware() async {
        let file = SettingsFile()
        let saving = pullback(saveSettings(to: file), state: \AppState.settings, action: settingsActions)
        let store = TestStore(
            initial: AppState(),
            mutatingReducer: appReducer,
            scheduler: TestScheduler(),
            middlewares: [saving]
        )
        await store.send(.settings(.toggleSound)) {
            $0.settings.isSoundOn = false
            $0.settings.isSaved = false
        }
        await store.receive(.settings(.saved)) { $0.settings.isSaved = true }
        await store.send(.game(.setDifficulty(.easy))) { $0.game.difficulty = .easy }   // not the settings': no save
        await store.finish()
        #expect(file.written == [GameSettings(isSoundOn: false, isSaved: false)])
    }

    @Test("Interceptor.pullback: the game's flip guard drops a third flip before the app's reducer; the settings' actions pass")
    func pulledBackInterceptor() {
        let deck = seededDeck(.easy, seed: 1)
        let (first, second) = mismatch(in: deck)
        let third = deck.first { $0.id != first && $0.id != second }!.id
        let reduced = Lock<[AppAction]>([])
        let guardFlips = flipGuard.pullback(state: \AppState.game, action: gameActions)
        let store = Store(
            initial: AppState(game: Game(screen: .started, difficulty: .easy, cards: deck)),
            mutatingReducer: appReducer,
            interceptors: [guardFlips],
            middlewares: [{ _, action in
                reduced.withLock { $0.append(action) }
                return .none
            }]
        )

        for id in [first, second, third] {
            store.dispatch(.game(.flipCard(id)))
        }
        store.dispatch(.settings(.toggleSound))

        #expect(reduced.withLock { $0 } == [
            .game(.flipCard(first)), .game(.flipCard(second)), .settings(.toggleSound),
        ])
    }

    @Test("Store.scope: a view of the settings sends its actions, embedded, to the app's store")
    func scope() {
        let appStore = Store(initial: AppState(), mutatingReducer: appReducer)
        let settings = appStore.scope(state: \.settings, action: settingsActions)
        settings.dispatch(.toggleSound)
        #expect(!appStore.state.settings.isSoundOn)
        #expect(settings.state == appStore.state.settings)
    }

    @Test("ScopedStore: its observer is called with the settings now, then only when they change")
    func scopedStore() {
        let appStore = Store(initial: AppState(), mutatingReducer: appReducer)
        let rendered = Lock<[GameSettings]>([])
        @Sendable func render(_ settings: GameSettings) { rendered.withLock { $0.append(settings) } }

        let settings = appStore.scope(state: \.settings, action: settingsActions)
        let token = settings.subscribe { settings in render(settings) }   // only when settings change
        settings.dispatch(.toggleSound)        // the app store reduces .settings(.toggleSound)
        appStore.dispatch(.game(.setDifficulty(.easy)))   // the game's change: not rendered

        #expect(appStore.state.settings.isSoundOn == false)
        #expect(appStore.state.game.difficulty == .easy)
        #expect(rendered.withLock { $0 } == [GameSettings(), GameSettings(isSoundOn: false, isSaved: false)])
        token.cancel()
    }

    @Test("StoreHome: a store at home on the main actor, and one at home on a serial scheduler", .timeLimit(.minutes(1)))
    @MainActor func storeHomes() async {
        let store = Store(initial: Game(), mutatingReducer: gameReducer, on: .mainActor)
        let worker = DispatchQueueScheduler()
        let store2 = Store(initial: Game(), mutatingReducer: gameReducer, on: .scheduler(worker))

        // On the main actor, with the store not busy, a dispatch is processed before it returns.
        store.dispatch(.setDifficulty(.easy))
        #expect(store.state.difficulty == .easy)

        // The other store's work, its observer's included, runs on the worker's queue.
        let onWorker = DispatchSpecificKey<Bool>()
        worker.queue.setSpecific(key: onWorker, value: true)
        let seen = Lock<[String]>([])
        let token = store2.subscribe(to: \.difficulty) { difficulty in
            let queue = DispatchQueue.getSpecific(key: onWorker) == true ? "worker" : "elsewhere"
            seen.withLock { $0.append("\(difficulty.rawValue) on the \(queue)") }
        }
        store2.dispatch(.setDifficulty(.hard))
        await store2.idle()

        #expect(seen.withLock { $0 } == ["normal on the worker", "hard on the worker"])
        token.cancel()
    }

    @Test("AnyMiddleware(remembering:): a ducks card quacks when a flip turns it face up, not when the flip is refused")
    func rememberingMiddleware() {
        let deck = seededDeck(.easy, seed: 1)
        let (ducks, otherDucks) = cards(of: .ducks, in: deck)
        let player = RecordingSoundPlayer()

        let quack = AnyMiddleware<Game, GameAction>(remembering: \.moves) { state, movesBefore, action in
            guard case .flipCard(let id) = action, state.moves != movesBefore,
                  state.card(withID: id)?.animal == .ducks else { return .none }
            player.play(.quack)
            return .none
        }

        let store = Store(
            initial: Game(screen: .started, difficulty: .easy, cards: deck),
            mutatingReducer: gameReducer,
            middlewares: [quack]
        )
        store.dispatch(.flipCard(ducks))
        store.dispatch(.flipCard(ducks))        // refused: face up already
        store.dispatch(.flipCard(otherDucks))   // the pair

        #expect(player.played == [.quack, .quack])
        #expect(store.state.moves == 2)
    }
}
