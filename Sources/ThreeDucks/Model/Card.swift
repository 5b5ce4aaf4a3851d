/// One card of the grid: an animal, face up or face down.
///
/// A card's ``id`` is stable for the whole game; flips name cards by id. The decks that
/// ``Deck/shuffled(_:using:)`` deals number their cards 0, 1, 2… in grid order, so the id is
/// also the card's index in ``ThreeDucksState/cards``.
public struct Card: Identifiable, Hashable, Codable, Sendable {
    /// The card's identity within its deck.
    public var id: Int

    /// The picture on its face.
    public var animal: Animal

    /// Whether the card is face up.
    public var isFlipped: Bool

    /// Makes a card.
    ///
    /// - Parameters:
    ///   - id: The card's identity within its deck.
    ///   - animal: The picture on its face.
    ///   - isFlipped: Whether it starts face up; by default face down.
    public init(id: Int, animal: Animal, isFlipped: Bool = false) {
        self.id = id
        self.animal = animal
        self.isFlipped = isFlipped
    }
}
