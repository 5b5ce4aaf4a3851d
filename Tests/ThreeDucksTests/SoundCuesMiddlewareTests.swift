import Effects
import ReduxTesting
import TestSupport
import Testing
import ThreeDucks

@Suite struct SoundCuesMiddlewareTests {
    private let player = RecordingSoundPlayer()

    private func makeStore(seed: UInt64 = 1) -> TestStore<ThreeDucksState, ThreeDucksAction> {
        makeGameStore(seed: seed, middlewares: { [player] _ in [soundCues(player: player)] })
    }

    @Test("flipping a ducks card face up quacks; other animals do not")
    func quackForDucksOnly() {
        let deck = seededDeck(.easy, seed: 1)
        let store = makeStore()
        store.start(expecting: deck)
        let ducks = cards(of: .ducks, in: deck).0
        let other = deck.first { $0.animal != .ducks }!.id

        store.flip(other)
        #expect(player.played == [])
        store.flip(ducks)
        #expect(player.played == [.quack, .mismatch])
        store.advance(by: .seconds(1))
        store.receive(.unFlipSelectedCards) {
            $0.cards[ducks].isFlipped = false
            $0.cards[other].isFlipped = false
            $0.selectedCards = []
        }
        store.finish()
    }

    @Test("a pair of ducks quacks twice, then plays the match")
    func ducksMatch() {
        let deck = seededDeck(.easy, seed: 1)
        let store = makeStore()
        store.start(expecting: deck)
        store.match(cards(of: .ducks, in: deck))
        #expect(player.played == [.quack, .quack, .match])
        store.finish()
    }

    @Test("a mismatch has its own cue, and turning the cards back plays nothing")
    func mismatch() {
        let deck = seededDeck(.easy, seed: 2)
        let store = makeStore(seed: 2)
        store.start(expecting: deck)
        let pair = (cards(of: .bat, in: deck).0, cards(of: .bear, in: deck).0)
        store.flip(pair.0)
        store.flip(pair.1)
        store.advance(by: .seconds(1))
        store.receive(.unFlipSelectedCards) {
            $0.cards[pair.0].isFlipped = false
            $0.cards[pair.1].isFlipped = false
            $0.selectedCards = []
        }
        #expect(player.played == [.mismatch])
        store.finish()
    }

    @Test("a win plays the win cue, once")
    func win() {
        let deck = seededDeck(.easy, seed: 3)
        let store = makeStore(seed: 3)
        store.start(expecting: deck)
        for pair in pairs(in: deck) {
            store.match(pair)
        }
        store.advance(by: .seconds(1))
        store.receive(.winGame) { $0.screen = .won }
        store.send(.winGame)
        #expect(player.played.filter { $0 == .win } == [.win])
        #expect(player.played.last == .win)
        #expect(player.played.filter { $0 == .match }.count == 4)
        store.finish()
    }

    @Test("a flip the rules ignore plays nothing, not even on a ducks card")
    func ignoredFlipIsSilent() {
        let deck = seededDeck(.easy, seed: 1)
        let store = makeStore()
        store.start(expecting: deck)
        let ducks = cards(of: .ducks, in: deck).0
        store.flip(ducks)
        store.send(.flipCard(ducks))
        store.send(.flipCard(99))
        #expect(player.played == [.quack])
        store.finish()
    }
}
