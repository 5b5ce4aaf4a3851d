import ThreeDucks

/// A player who forgets nothing: the brain of `--autoplay`.
///
/// It knows only what it has seen: ``look(at:)`` notes the animal of every card *face up* in a
/// state; face-down cards stay unknown until turned. Each turn it
/// 1. turns the two cards of a pair it has seen, when it knows one;
/// 2. otherwise turns a card it has never seen, then that card's match if it has seen it, or
///    else another unseen card.
///
/// Unseen cards are taken in grid order, so a seeded deck is always played the same way.
///
/// ```swift
/// var player = PerfectMemoryPlayer()
/// player.look(at: store.state)
/// if let id = player.nextCard(in: store.state) { store.dispatch(.flipCard(id)) }
/// ```
struct PerfectMemoryPlayer: Sendable {
    /// The animal of every card seen face up, by card id.
    private(set) var memory: [Card.ID: Animal] = [:]

    /// Remembers the face-up cards of `state`.
    mutating func look(at state: ThreeDucksState) {
        for card in state.cards where card.isFlipped {
            memory[card.id] = card.animal
        }
    }

    /// The card to turn next, or nil when no card can be turned (no game, or a pair showing).
    func nextCard(in state: ThreeDucksState) -> Card.ID? {
        guard state.screen == .started, state.selectedCards.count < 2 else { return nil }
        let faceDown = state.cards.filter { !$0.isFlipped }
        let unseen = faceDown.first { memory[$0.id] == nil }?.id

        if let firstID = state.selectedCards.first, let first = memory[firstID] {
            // The second card of a turn: the match of the first, if it has been seen.
            let match = faceDown.first { memory[$0.id] == first }?.id
            return match ?? unseen ?? faceDown.first?.id
        }

        var seen: [Animal: Card.ID] = [:]
        for card in faceDown {
            guard let animal = memory[card.id] else { continue }
            if let other = seen[animal] { return other }
            seen[animal] = card.id
        }
        return unseen ?? faceDown.first?.id
    }
}
