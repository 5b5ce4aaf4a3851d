import TestSupport
import Testing
import ThreeDucks

@Suite struct DeckTests {
    @Test(
        "deals two face-down cards of each of the level's animals, numbered by position",
        arguments: Difficulty.allCases)
    func deckForEachDifficulty(_ difficulty: Difficulty) {
        let deck = seededDeck(difficulty, seed: 7)
        #expect(deck.count == difficulty.cardCount)
        #expect(deck.map(\.id) == Array(0..<difficulty.cardCount))
        #expect(deck.allSatisfy { !$0.isFlipped })
        let animals = Array(Animal.allCases.prefix(difficulty.pairCount))
        for animal in animals {
            #expect(deck.filter { $0.animal == animal }.count == 2)
        }
        #expect(Set(deck.map(\.animal)) == Set(animals))
        #expect(deck.contains { $0.animal == .ducks })
    }

    @Test("the levels deal 4, 6 and 10 pairs")
    func pairCounts() {
        #expect(Difficulty.easy.pairCount == 4)
        #expect(Difficulty.normal.pairCount == 6)
        #expect(Difficulty.hard.pairCount == 10)
        #expect(Animal.allCases.count >= Difficulty.hard.pairCount)
    }

    @Test(
        "a seed deals the same deck, with the same ids, every time", arguments: Difficulty.allCases)
    func seededDecksRepeat(_ difficulty: Difficulty) {
        #expect(seededDeck(difficulty, seed: 99) == seededDeck(difficulty, seed: 99))
        #expect(seededDeck(difficulty, seed: 99) != seededDeck(difficulty, seed: 100))
    }

    @Test("the shuffle does not change between Swift versions: seed 42 at easy is pinned")
    func pinnedDeck() {
        let deck = seededDeck(.easy, seed: 42)
        #expect(
            deck.map(\.animal) == [.bear, .ducks, .ducks, .bat, .pelican, .pelican, .bat, .bear])
    }

    @Test("successive deals from one generator differ")
    func successiveDeals() {
        var random = SplitMix64(seed: 1)
        let first = Deck.shuffled(.hard, using: &random)
        let second = Deck.shuffled(.hard, using: &random)
        #expect(first != second)
    }
}
