import TestSupport
import Testing
import ThreeDucks

@Suite struct PerfectMemoryPlayerTests {
    static func state(_ animals: [Animal], flipped: [Int] = [], selected: [Int] = [])
        -> ThreeDucksState
    {
        var cards = animals.enumerated().map { Card(id: $0.offset, animal: $0.element) }
        for index in flipped { cards[index].isFlipped = true }
        return ThreeDucksState(
            screen: .started, difficulty: .easy, cards: cards, selectedCards: selected)
    }

    static let animals: [Animal] = [.bat, .ducks, .bear, .pelican, .pelican, .bear, .ducks, .bat]

    @Test("with nothing seen, it turns the first unseen card, then the next unseen one")
    func unseen() {
        var player = PerfectMemoryPlayer()
        let start = Self.state(Self.animals)
        player.look(at: start)
        #expect(player.nextCard(in: start) == 0)
        let oneUp = Self.state(Self.animals, flipped: [0], selected: [0])
        player.look(at: oneUp)
        #expect(player.nextCard(in: oneUp) == 1)
    }

    @Test("it sees only face-up cards")
    func seesOnlyFaceUp() {
        var player = PerfectMemoryPlayer()
        player.look(at: Self.state(Self.animals, flipped: [2]))
        #expect(player.memory == [2: .bear])
    }

    @Test("it turns a pair it has seen, then that pair's second card")
    func knownPair() {
        var player = PerfectMemoryPlayer()
        player.look(at: Self.state(Self.animals, flipped: [2, 5]))   // both bears, seen before
        let faceDown = Self.state(Self.animals)
        #expect(player.nextCard(in: faceDown) == 2)
        #expect(player.nextCard(in: Self.state(Self.animals, flipped: [2], selected: [2])) == 5)
    }

    @Test("after a new card, it turns that card's match if it has seen it")
    func matchOfANewCard() {
        var player = PerfectMemoryPlayer()
        // A bat and a pelican, turned back.
        player.look(at: Self.state(Self.animals, flipped: [0, 3]))
        let pelican = Self.state(Self.animals, flipped: [4], selected: [4])
        player.look(at: pelican)
        #expect(player.nextCard(in: pelican) == 3)
    }

    @Test("it turns nothing while a pair shows, or when no game is being played")
    func nothingToTurn() {
        let player = PerfectMemoryPlayer()
        #expect(
            player.nextCard(in: Self.state(Self.animals, flipped: [0, 1], selected: [0, 1])) == nil)
        #expect(player.nextCard(in: ThreeDucksState()) == nil)
    }

    @Test(
        "it plays a seeded game to the end, every card it picks one the rules accept, in fewer than twice as many moves as cards"
    )
    func playsAWholeGame() {
        var state = ThreeDucksState(
            screen: .started, difficulty: .hard, cards: seededDeck(.hard, seed: 11))
        var player = PerfectMemoryPlayer()
        var flips = 0
        while !state.isEveryCardFaceUp, flips < 100 {
            player.look(at: state)
            guard let id = player.nextCard(in: state) else { break }
            #expect(state.flipRefusal(for: id) == nil)
            state.reduce(.flipCard(id))
            player.look(at: state)
            flips += 1
            if state.selectionMatches == true { state.reduce(.clearSelectedCards) }
            if state.selectionMatches == false { state.reduce(.unFlipSelectedCards) }
        }
        #expect(state.isEveryCardFaceUp)
        #expect(state.moves == flips)
        #expect(flips >= state.cards.count && flips < 2 * state.cards.count)
    }
}
