import Effects
import Redux
import ReduxTesting
import TestSupport
import Testing
import ThreeDucks

@Suite struct GameLogicMiddlewareTests {
    @Test("startGame is answered with a deck shuffled by the injected generator")
    func deals() {
        let store = makeGameStore(seed: 5)
        store.start(expecting: seededDeck(.easy, seed: 5))
        store.finish()
    }

    @Test("each difficulty is dealt its own deck", arguments: Difficulty.allCases)
    func dealsEachDifficulty(_ difficulty: Difficulty) {
        let store = makeGameStore(ThreeDucksState(difficulty: difficulty), seed: 8)
        let deck = seededDeck(difficulty, seed: 8)
        #expect(deck.count == difficulty.cardCount)
        store.start(expecting: deck)
        store.finish()
    }

    @Test("a whole game is won: pairs cleared, a mismatch turned back, the won screen")
    func wholeGame() {
        let deck = seededDeck(.easy, seed: 1)
        let store = makeGameStore(seed: 1)
        store.start(expecting: deck)

        let (first, second) = mismatch(in: deck)
        store.flip(first)
        store.flip(second)
        store.advance(by: .seconds(1))
        store.receive(.unFlipSelectedCards) {
            $0.cards[first].isFlipped = false
            $0.cards[second].isFlipped = false
            $0.selectedCards = []
        }

        for pair in pairs(in: deck) {
            store.match(pair)
        }
        store.advance(by: .seconds(1))
        store.receive(.winGame) { $0.screen = .won }
        #expect(store.state.moves == 2 + deck.count)
        #expect(store.state.isEveryCardFaceUp)
        store.finish()
    }

    @Test("a match is cleared at once, and the cards stay face up")
    func matchClearedAtOnce() {
        let deck = seededDeck(.easy, seed: 1)
        let store = makeGameStore(seed: 1)
        store.start(expecting: deck)
        store.match(pairs(in: deck)[0])
        store.finish()
    }

    @Test("a mismatch is still face up at 999 ms and face down at 1 s")
    func mismatchTiming() {
        let deck = seededDeck(.easy, seed: 1)
        let store = makeGameStore(seed: 1)
        store.start(expecting: deck)
        let (first, second) = mismatch(in: deck)
        store.flip(first)
        store.flip(second)

        store.advance(by: .milliseconds(999))
        #expect(store.state.cards[first].isFlipped && store.state.cards[second].isFlipped)
        store.advance(by: .milliseconds(1))
        store.receive(.unFlipSelectedCards) {
            $0.cards[first].isFlipped = false
            $0.cards[second].isFlipped = false
            $0.selectedCards = []
        }
        store.finish()
    }

    @Test("a third flip while a mismatch is pending is ignored, and the timer is not restarted")
    func thirdFlipIgnored() {
        let deck = seededDeck(.easy, seed: 1)
        let store = makeGameStore(seed: 1)
        store.start(expecting: deck)
        let (first, second) = mismatch(in: deck)
        let third = deck.first { $0.id != first && $0.id != second }!.id
        store.flip(first)
        store.flip(second)

        store.advance(by: .milliseconds(500))
        store.send(.flipCard(third))
        store.send(.flipCard(second))
        store.send(.flipCard(first))
        store.advance(by: .milliseconds(500))
        store.receive(.unFlipSelectedCards) {
            $0.cards[first].isFlipped = false
            $0.cards[second].isFlipped = false
            $0.selectedCards = []
        }
        store.finish()
    }

    @Test("the win arrives 1 s after the last pair, not before")
    func winDelay() {
        let deck = seededDeck(.easy, seed: 2)
        let store = makeGameStore(seed: 2)
        store.start(expecting: deck)
        for pair in pairs(in: deck) {
            store.match(pair)
        }
        store.advance(by: .milliseconds(999))
        #expect(store.state.screen == .started)
        store.advance(by: .milliseconds(1))
        store.receive(.winGame) { $0.screen = .won }
        store.finish()
    }

    @Test("the delays can be changed")
    func customDelays() {
        let deck = seededDeck(.easy, seed: 1)
        let scheduler = TestScheduler()
        let store = TestStore(
            initial: ThreeDucksState(difficulty: .easy),
            mutatingReducer: threeDucksReducer,
            scheduler: scheduler,
            middlewares: [
                gameLogic(
                    random: SplitMix64(seed: 1),
                    scheduler: scheduler,
                    mismatchDelay: .milliseconds(300),
                    winDelay: .milliseconds(50)
                )
            ]
        )
        store.start(expecting: deck)
        let (first, second) = mismatch(in: deck)
        store.flip(first)
        store.flip(second)
        store.advance(by: .milliseconds(300))
        store.receive(.unFlipSelectedCards) {
            $0.cards[first].isFlipped = false
            $0.cards[second].isFlipped = false
            $0.selectedCards = []
        }
        for pair in pairs(in: deck) {
            store.match(pair)
        }
        store.advance(by: .milliseconds(50))
        store.receive(.winGame) { $0.screen = .won }
        store.finish()
    }

    @Test("giving up while an un-flip is pending: nothing reaches the next game")
    func giveUpCancelsUnFlip() {
        let firstDeck = seededDeck(.easy, seed: 1)
        var random = SplitMix64(seed: 1)
        _ = Deck.shuffled(.easy, using: &random)
        let secondDeck = Deck.shuffled(.easy, using: &random)

        let store = makeGameStore(seed: 1)
        store.start(expecting: firstDeck)
        let (first, second) = mismatch(in: firstDeck)
        store.flip(first)
        store.flip(second)
        store.advance(by: .milliseconds(400))
        store.send(.endGame) {
            $0.screen = .title
            $0.cards = []
            $0.selectedCards = []
            $0.moves = 0
        }
        store.start(expecting: secondDeck)
        let third = mismatch(in: secondDeck).0
        store.flip(third)
        store.advance(by: .seconds(5))
        #expect(store.state.selectedCards == [third])
        #expect(store.scheduler.pendingWorkCount == 0)
        store.finish()
    }

    @Test("restarting while the win is pending: the new game is not won")
    func restartCancelsWin() {
        var random = SplitMix64(seed: 4)
        let firstDeck = Deck.shuffled(.easy, using: &random)
        let secondDeck = Deck.shuffled(.easy, using: &random)

        let store = makeGameStore(seed: 4)
        store.start(expecting: firstDeck)
        for pair in pairs(in: firstDeck) {
            store.match(pair)
        }
        store.advance(by: .milliseconds(999))
        store.start(expecting: secondDeck)
        store.advance(by: .seconds(5))
        #expect(store.state.screen == .started)
        store.finish()
    }

    @Test("the system generator deals a full deck too (the game's choice)")
    func systemGenerator() {
        let store = Store(
            initial: ThreeDucksState(difficulty: .hard),
            mutatingReducer: threeDucksReducer,
            middlewares: [
                gameLogic(random: SystemRandomNumberGenerator(), scheduler: ImmediateScheduler())
            ]
        )
        store.dispatch(.startGame)
        let deck = store.state.cards
        #expect(deck.map(\.id) == Array(0..<Difficulty.hard.cardCount))
        #expect(Dictionary(grouping: deck, by: \.animal).values.allSatisfy { $0.count == 2 })
    }

    @Test(
        "one gameLogic and one soundCues serve two stores at once: a refusal in one store is told apart from a move in the other"
    )
    func sharedBetweenTwoStores() {
        var random = SplitMix64(seed: 1)
        let firstDeck = Deck.shuffled(.easy, using: &random)
        let secondDeck = Deck.shuffled(.easy, using: &random)
        let scheduler = TestScheduler()
        let player = RecordingSoundPlayer()
        // One value each, shared by both stores.
        let logic = gameLogic(random: SplitMix64(seed: 1), scheduler: scheduler)
        let sounds = soundCues(player: player)
        let stores = (0..<2).map { _ in
            Store(
                initial: ThreeDucksState(difficulty: .easy),
                mutatingReducer: threeDucksReducer,
                middlewares: [logic, sounds]
            )
        }
        let (first, second) = (stores[0], stores[1])
        first.dispatch(.startGame)
        second.dispatch(.startGame)
        #expect(first.state.cards == firstDeck)
        #expect(second.state.cards == secondDeck)

        let (a, b) = quietMismatch(in: firstDeck)
        let third = firstDeck.first { ![a, b].contains($0.id) }!.id
        let c = quietMismatch(in: secondDeck).0
        first.dispatch(.flipCard(a))
        first.dispatch(.flipCard(b))   // a mismatch: its cue, and the un-flip in a second
        second.dispatch(.flipCard(c))   // a move in the other store
        scheduler.advance(by: .milliseconds(500))
        first.dispatch(.flipCard(third))   // refused: two cards are already face up
        second.dispatch(.flipCard(c))   // refused: already face up
        scheduler.advance(by: .milliseconds(500))

        #expect(first.state.selectedCards == [], "a refused flip restarted the un-flip")
        #expect(second.state.selectedCards == [c])
        #expect(first.state.moves == 2)
        #expect(second.state.moves == 1)
        #expect(player.played == [.mismatch])
        #expect(scheduler.pendingWorkCount == 0)
    }
}

/// Two cards of different animals, neither of them ducks (which would quack).
private func quietMismatch(in deck: [Card]) -> (Card.ID, Card.ID) {
    let quiet = deck.filter { $0.animal != .ducks }
    let first = quiet[0]
    let second = quiet.first { $0.animal != first.animal }!
    return (first.id, second.id)
}
