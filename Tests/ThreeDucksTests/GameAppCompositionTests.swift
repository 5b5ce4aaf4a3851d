import Effects
import Redux
import ReduxTesting
import TestSupport
import Testing
import ThreeDucks

/// The card game beside a settings feature, built by composition (see `Support/GameApp.swift`),
/// tested through the app's TestStore, the settings feature's own TestStore, and a scoped view.
@Suite struct GameAppCompositionTests {
    @Test(
        "the app plays the card game and keeps the settings: every action and effect accounted for")
    func appTestStore() {
        let deck = seededDeck(.easy, seed: 1)
        let (first, second) = mismatch(in: deck)
        let scheduler = TestScheduler()
        let player = RecordingSoundPlayer()
        let store = TestStore(
            initial: GameApp(),
            mutatingReducer: gameAppReducer,
            scheduler: scheduler,
            middlewares: gameAppMiddlewares(seed: 1, scheduler: scheduler, player: player)
        )

        store.send(.game(.startGame)) { $0.game.screen = .started }
        store.receive(.game(.dealt(deck))) { $0.game.cards = deck }
        store.send(.game(.flipCard(first))) {
            $0.game.cards[first].isFlipped = true
            $0.game.selectedCards = [first]
            $0.game.moves = 1
        }
        store.send(.game(.flipCard(second))) {
            $0.game.cards[second].isFlipped = true
            $0.game.selectedCards = [first, second]
            $0.game.moves = 2
        }
        store.send(.game(.flipCard(second)))   // refused: no move, no cue, no new timer
        store.send(.settings(.toggleSound)) {
            $0.settings.isSoundOn = false
            $0.settings.isSaved = false
        }
        store.advance(by: .milliseconds(500))
        store.receive(.settings(.saved)) { $0.settings.isSaved = true }
        store.advance(by: .milliseconds(500))
        store.receive(.game(.unFlipSelectedCards)) {
            $0.game.cards[first].isFlipped = false
            $0.game.cards[second].isFlipped = false
            $0.game.selectedCards = []
        }
        store.finish()

        // A quack for each ducks card turned, then the mismatch; nothing for the refused flip.
        let quacks = [first, second].filter { deck[$0].animal == .ducks }.map { _ in SoundCue.quack
        }
        #expect(player.played == quacks + [.mismatch])
    }

    @Test("the settings feature is tested on its own, with its own TestStore")
    func featureTestStore() {
        let scheduler = TestScheduler()
        let store = TestStore(
            initial: GameSettings(),
            mutatingReducer: settingsReducer,
            scheduler: scheduler,
            middlewares: [savingSettings(scheduler: scheduler)]
        )

        store.send(.toggleSound) {
            $0.isSoundOn = false
            $0.isSaved = false
        }
        store.advance(by: .milliseconds(300))
        store.send(.toggleSound) { $0.isSoundOn = true }   // restarts the wait: one save
        store.advance(by: .milliseconds(499))
        store.advance(by: .milliseconds(1))
        store.receive(.saved) { $0.isSaved = true }
        store.finish()
    }

    @Test(
        "a view scoped to the game plays it through the app's store, and is told only of the game's changes"
    )
    func scopedGame() {
        let deck = seededDeck(.easy, seed: 1)
        let scheduler = TestScheduler()
        let store = Store(
            initial: GameApp(),
            mutatingReducer: gameAppReducer,
            middlewares: gameAppMiddlewares(
                seed: 1, scheduler: scheduler, player: RecordingSoundPlayer())
        )
        let game = store.scope(state: \.game, action: GameAppAction.gamePath)
        let settings = store.scope(state: \.settings, action: GameAppAction.settingsPath)
        let moves = Lock<[Int]>([])
        let settingsSeen = Lock(0)
        let tokens = [
            game.subscribe(to: \.moves) { value in moves.withLock { $0.append(value) } },
            settings.subscribe { _ in settingsSeen.withLock { $0 += 1 } },
        ]

        game.dispatch(.startGame)
        #expect(game.state.cards == deck)
        let (first, second) = mismatch(in: deck)
        game.dispatch(.flipCard(first))
        game.dispatch(.flipCard(second))
        scheduler.advance(by: .seconds(1))

        #expect(game.state.selectedCards == [])
        #expect(moves.withLock { $0 } == [0, 1, 2])
        #expect(
            settingsSeen.withLock { $0 } == 1, "the settings view was told of the game's actions")
        tokens.forEach { $0.cancel() }
    }
}
