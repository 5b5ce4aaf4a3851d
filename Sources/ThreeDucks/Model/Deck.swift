/// Makes the shuffled decks a game is dealt.
public enum Deck {
    /// A shuffled deck for `difficulty`: two cards of each of the first
    /// ``Difficulty/pairCount`` animals, face down, numbered 0, 1, 2… in their shuffled order.
    ///
    /// The shuffle is a Fisher–Yates shuffle written out here (not the standard library's,
    /// whose algorithm may change between Swift versions), so a seeded generator deals the same
    /// deck, with the same ids, every time:
    ///
    /// ```swift
    /// var random = SplitMix64(seed: 7)
    /// let deck = Deck.shuffled(.normal, using: &random)   // 12 cards, always in this order
    /// ```
    ///
    /// - Parameters:
    ///   - difficulty: How many pairs to deal.
    ///   - generator: The source of randomness.
    /// - Returns: The deck, in grid order; each card's id is its index.
    public static func shuffled(
        _ difficulty: Difficulty, using generator: inout some RandomNumberGenerator
    ) -> [Card] {
        var animals: [Animal] = []
        animals.reserveCapacity(difficulty.cardCount)
        for animal in Animal.allCases.prefix(difficulty.pairCount) {
            animals.append(animal)
            animals.append(animal)
        }
        var index = animals.count - 1
        while index > 0 {
            animals.swapAt(index, Int(randomIndex(below: UInt64(index + 1), using: &generator)))
            index -= 1
        }
        var cards: [Card] = []
        cards.reserveCapacity(animals.count)
        for (position, animal) in animals.enumerated() {
            cards.append(Card(id: position, animal: animal))
        }
        return cards
    }

    /// A number in `0..<bound`, from the high half of a 128-bit product (Lemire's method,
    /// without the rejection step: the bias is below 2⁻⁵⁸ for a deck of 20 cards).
    private static func randomIndex(
        below bound: UInt64, using generator: inout some RandomNumberGenerator
    ) -> UInt64 {
        generator.next().multipliedFullWidth(by: bound).high
    }
}
