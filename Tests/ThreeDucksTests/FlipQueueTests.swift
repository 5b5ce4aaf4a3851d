import Effects
import Redux
import ReduxTesting
import TestSupport
import Testing
import ThreeDucks

@Suite struct FlipQueueTests {
    private let deck = seededDeck(.easy, seed: 1)

    /// An easy game on the deck for seed 1, nothing flipped yet.
    private func playing() -> ThreeDucksState {
        ThreeDucksState(screen: .started, difficulty: .easy, cards: deck)
    }

    /// The game with a mismatch showing: its two cards, and a face-down card of a third animal.
    private func mismatchShowing() -> (ThreeDucksState, (Card.ID, Card.ID), Card.ID) {
        var state = playing()
        let (first, second) = mismatch(in: deck)
        state.reduce(.flipCard(first))
        state.reduce(.flipCard(second))
        let other = deck.first { ![first, second].contains($0.id) }!.id
        return (state, (first, second), other)
    }

    @Test("a flip the rules allow is played now, and nothing waits")
    func flipNow() {
        var flips = FlipQueue()
        #expect(flips.ask(toFlip: 3, in: playing()) == .flipNow)
        #expect(flips.waitingCard == nil)
        #expect(flips.release(in: playing()) == nil)
    }

    @Test(
        "a flip asked during a mismatch waits while the pair shows, and is released once it turns back"
    )
    func waitsForTheMismatch() {
        var (state, _, other) = mismatchShowing()
        var flips = FlipQueue()

        #expect(flips.ask(toFlip: other, in: state) == .waiting)
        #expect(flips.waitingCard == other)
        #expect(flips.release(in: state) == nil)
        #expect(flips.waitingCard == other, "the pair still shows: the card still waits")

        state.reduce(.unFlipSelectedCards)
        #expect(flips.release(in: state) == .flip(other))
        #expect(flips.waitingCard == nil)
        #expect(flips.release(in: state) == nil, "released once only")
        #expect(state.flipRefusal(for: other) == nil)
    }

    @Test("a card of the mismatch itself waits to turn back with it, then turns over again")
    func cardOfTheMismatch() {
        var (state, (first, _), _) = mismatchShowing()
        var flips = FlipQueue()

        #expect(flips.ask(toFlip: first, in: state) == .waitingToTurnAgain)
        state.reduce(.unFlipSelectedCards)
        #expect(flips.release(in: state) == .flip(first))
    }

    @Test("the newer flip asked replaces the one waiting; one allowed at once empties the queue")
    func oneCardAtMost() {
        let (state, (first, _), other) = mismatchShowing()
        var flips = FlipQueue()
        _ = flips.ask(toFlip: other, in: state)
        _ = flips.ask(toFlip: first, in: state)
        #expect(flips.waitingCard == first)

        #expect(flips.ask(toFlip: other, in: playing()) == .flipNow)
        #expect(flips.waitingCard == nil)
    }

    @Test("a refused flip says why and leaves the card waiting where it is")
    func refusedLeavesTheWaitingCard() {
        var (state, _, other) = mismatchShowing()
        var flips = FlipQueue()
        _ = flips.ask(toFlip: other, in: state)

        #expect(flips.ask(toFlip: 99, in: state) == .refused(.noSuchCard))
        #expect(flips.waitingCard == other)

        // A matched pair is face up for good: tapping one of its cards is refused, not queued.
        state.reduce(.unFlipSelectedCards)
        let (match, partner) = pairs(in: deck)[0]
        state.reduce(.flipCard(match))
        state.reduce(.flipCard(partner))
        state.reduce(.clearSelectedCards)
        #expect(flips.ask(toFlip: match, in: state) == .refused(.alreadyFaceUp))
        #expect(flips.waitingCard == other)
    }

    @Test(
        "a card waiting is dropped when its game ends or is won, and when it was flipped meanwhile")
    func dropped() {
        let (state, _, other) = mismatchShowing()
        var flips = FlipQueue()

        var gaveUp = state
        gaveUp.reduce(.endGame)
        _ = flips.ask(toFlip: other, in: state)
        #expect(flips.release(in: gaveUp) == .dropped(.noGame))
        #expect(flips.waitingCard == nil)

        var won = state
        won.screen = .won
        _ = flips.ask(toFlip: other, in: state)
        #expect(flips.release(in: won) == .dropped(.gameWon))

        var flippedMeanwhile = state
        flippedMeanwhile.reduce(.unFlipSelectedCards)
        flippedMeanwhile.reduce(.flipCard(other))
        _ = flips.ask(toFlip: other, in: state)
        #expect(flips.release(in: flippedMeanwhile) == .dropped(.alreadyFaceUp))
    }

    @Test("cancel forgets the card waiting")
    func cancel() {
        var (state, _, other) = mismatchShowing()
        var flips = FlipQueue()
        _ = flips.ask(toFlip: other, in: state)

        flips.cancel()

        state.reduce(.unFlipSelectedCards)
        #expect(flips.waitingCard == nil)
        #expect(flips.release(in: state) == nil)
    }

    @Test(
        "through a store: the flip asked during the mismatch is played the moment the pair turns back"
    )
    func throughAStore() {
        let store = makeGameStore(seed: 1)
        store.start(expecting: deck)
        let (first, second) = mismatch(in: deck)
        store.flip(first)
        store.flip(second)
        let other = deck.first { ![first, second].contains($0.id) }!.id
        var flips = FlipQueue()

        #expect(flips.ask(toFlip: other, in: store.state) == .waiting)
        store.advance(by: .milliseconds(999))
        #expect(flips.release(in: store.state) == nil)

        store.advance(by: .milliseconds(1))
        store.receive(.unFlipSelectedCards) {
            $0.cards[first].isFlipped = false
            $0.cards[second].isFlipped = false
            $0.selectedCards = []
        }
        #expect(flips.release(in: store.state) == .flip(other))
        store.flip(other)
        store.finish()
    }
}
