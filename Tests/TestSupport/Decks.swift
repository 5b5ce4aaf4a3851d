import Foundation
import ThreeDucks

// Decks as the game deals them, and the pairs in them. In a dealt deck a card's id is its
// index, so the ids these return also index the deck (and the grid).

/// The deck that `gameLogic(random: SplitMix64(seed: seed), …)` deals first at `difficulty`: the
/// one a game or a session seeded with `seed` plays first.
public func seededDeck(_ difficulty: Difficulty, seed: UInt64) -> [Card] {
    var random = SplitMix64(seed: seed)
    return Deck.shuffled(difficulty, using: &random)
}

/// The ids of the two cards of each animal, in the order of the animals' first cards.
public func pairs(in deck: [Card]) -> [(Card.ID, Card.ID)] {
    var firstOf: [Animal: Card.ID] = [:]
    var pairs: [(Card.ID, Card.ID)] = []
    for card in deck {
        if let first = firstOf[card.animal] {
            pairs.append((first, card.id))
        } else {
            firstOf[card.animal] = card.id
        }
    }
    return pairs.sorted { $0.0 < $1.0 }
}

/// Two cards with different animals: the first card, and the first that does not match it.
public func mismatch(in deck: [Card]) -> (Card.ID, Card.ID) {
    let first = deck[0]
    let second = deck.first { $0.animal != first.animal }!
    return (first.id, second.id)
}

/// The ids of the two cards showing `animal`.
public func cards(of animal: Animal, in deck: [Card]) -> (Card.ID, Card.ID) {
    let ids = deck.filter { $0.animal == animal }.map(\.id)
    return (ids[0], ids[1])
}

/// `deck` with every card face up.
public func faceUp(_ deck: [Card]) -> [Card] {
    deck.map { Card(id: $0.id, animal: $0.animal, isFlipped: true) }
}

/// A fixed instant on a whole second, 2026-11-22T10:00:00Z, as the high-score file stores dates.
public let fixedDate = Date(timeIntervalSince1970: 1_795_341_600)
