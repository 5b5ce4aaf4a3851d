/// A player who forgets nothing: the brain of `three-ducks --autoplay`, and a yardstick for
/// how many moves a game needs.
///
/// It knows only what it has seen: ``look(at:)`` notes the animal of every card *face up* in a
/// state; face-down cards stay unknown until turned. Each turn it
/// 1. turns the two cards of a pair it has seen, when it knows one;
/// 2. otherwise turns a card it has never seen, then that card's match if it has seen it, or
///    else another unseen card.
///
/// It only ever picks a card the rules let it flip (``ThreeDucksState/flipRefusal(for:)`` is
/// nil), and unseen cards are taken in grid order, so a seeded deck is always played the same
/// way.
///
/// ```swift
/// var player = PerfectMemoryPlayer()
/// player.look(at: store.state)
/// if let id = player.nextCard(in: store.state) { store.dispatch(.flipCard(id)) }
/// ```
public struct PerfectMemoryPlayer: Sendable {
    /// The animal of every card seen face up, by card id.
    public private(set) var memory: [Card.ID: Animal] = [:]

    /// A player who has seen nothing yet.
    public init() {}

    /// Remembers the face-up cards of `state`.
    ///
    /// - Parameter state: A state of the game being played.
    /// - Complexity: O(*n*) in the cards.
    public mutating func look(at state: ThreeDucksState) {
        for card in state.cards where card.isFlipped {
            memory[card.id] = card.animal
        }
    }

    /// The card to turn next, or nil when the rules let no card be turned (no game, a won
    /// game, or a pair showing).
    ///
    /// - Parameter state: The state to play in.
    /// - Returns: The id of a card that `flipCard` would turn face up.
    /// - Complexity: O(*n*) in the cards.
    public func nextCard(in state: ThreeDucksState) -> Card.ID? {
        let playable = state.cards.filter { state.flipRefusal(for: $0.id) == nil }
        guard !playable.isEmpty else { return nil }
        let unseen = playable.first { memory[$0.id] == nil }?.id

        if let firstID = state.selectedCards.first, let first = memory[firstID] {
            // The second card of a turn: the match of the first, if it has been seen.
            let match = playable.first { memory[$0.id] == first }?.id
            return match ?? unseen ?? playable.first?.id
        }

        var seen: [Animal: Card.ID] = [:]
        for card in playable {
            guard let animal = memory[card.id] else { continue }
            if let other = seen[animal] { return other }
            seen[animal] = card.id
        }
        return unseen ?? playable.first?.id
    }
}
