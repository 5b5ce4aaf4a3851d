import Effects
import Redux
import ReduxTesting
import TestSupport
import Testing
import ThreeDucks

@Suite struct PlayerRequestTests {
    /// An easy game on the deck for seed 1, one card face up.
    private func playing() -> ThreeDucksState {
        var state = ThreeDucksState(
            screen: .started, difficulty: .easy, cards: seededDeck(.easy, seed: 1))
        state.reduce(.flipCard(0))
        return state
    }

    /// The easy game for seed 1, won.
    private func won() -> ThreeDucksState {
        ThreeDucksState(
            screen: .won, difficulty: .easy, cards: faceUp(seededDeck(.easy, seed: 1)), moves: 8)
    }

    private let title = ThreeDucksState(difficulty: .easy)

    @Test("giving up ends a game, and is refused where there is no game to give up")
    func giveUp() {
        #expect(playing().answer(to: .giveUp) == .accepted([.endGame]))
        #expect(title.answer(to: .giveUp) == .refused(.noGame))
        #expect(won().answer(to: .giveUp) == .refused(.gameWon))
    }

    @Test("going to the title ends a game or leaves the won screen, and is refused on the title")
    func goToTitle() {
        #expect(playing().answer(to: .goToTitle) == .accepted([.endGame]))
        #expect(won().answer(to: .goToTitle) == .accepted([.endGame]))
        #expect(title.answer(to: .goToTitle) == .refused(.alreadyOnTitle))
    }

    @Test("on the title, another level is chosen, and the level chosen already is refused")
    func chooseOnTheTitle() {
        #expect(title.answer(to: .chooseDifficulty(.hard)) == .accepted([.setDifficulty(.hard)]))
        #expect(title.answer(to: .chooseDifficulty(.easy)) == .refused(.sameDifficulty))
    }

    @Test(
        "during a game or on the won screen, a level passes through the title to a new game at it, the same level too",
        arguments: [Difficulty.hard, .easy])
    func chooseDuringAGame(_ level: Difficulty) {
        let restart: [ThreeDucksAction] = [.endGame, .setDifficulty(level), .startGame]
        #expect(playing().answer(to: .chooseDifficulty(level)) == .accepted(restart))
        #expect(won().answer(to: .chooseDifficulty(level)) == .accepted(restart))
    }

    @Test("every accepted answer, reduced, does what it says")
    func answersDoWhatTheySay() {
        let requests: [PlayerRequest] = [
            .giveUp, .goToTitle, .chooseDifficulty(.easy), .chooseDifficulty(.hard),
        ]
        for state in [title, playing(), won()] {
            for request in requests {
                var after = state
                guard case .accepted(let actions) = state.answer(to: request) else { continue }
                for action in actions { after.reduce(action) }
                #expect(after != state, "\(request) on \(state.screen) changed nothing")
                switch request {
                case .giveUp, .goToTitle:
                    #expect(after.screen == .title && after.cards.isEmpty)
                case .chooseDifficulty(let level):
                    #expect(after.difficulty == level)
                    #expect(after.screen == (state.screen == .title ? .title : .started))
                }
            }
        }
    }

    @Test("another level asked for in a game is a new game at that level, dealt by the game logic")
    func newLevelThroughTheStore() {
        let store = makeGameStore(seed: 3)
        store.start(expecting: seededDeck(.easy, seed: 3))
        store.flip(0)

        guard case .accepted(let actions) = store.state.answer(to: .chooseDifficulty(.hard)) else {
            Issue.record("a new level during a game was refused")
            return
        }
        #expect(actions == [.endGame, .setDifficulty(.hard), .startGame])
        store.send(.endGame) {
            $0.screen = .title
            $0.cards = []
            $0.selectedCards = []
            $0.moves = 0
        }
        store.send(.setDifficulty(.hard)) { $0.difficulty = .hard }
        store.send(.startGame) { $0.screen = .started }
        // The generator has dealt one deck already: the second one it deals, at the hard level.
        var random = SplitMix64(seed: 3)
        _ = Deck.shuffled(.easy, using: &random)
        let hardDeck = Deck.shuffled(.hard, using: &random)
        store.receive(.dealt(hardDeck)) { $0.cards = hardDeck }
        store.finish()
    }
}
