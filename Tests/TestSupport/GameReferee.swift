import ThreeDucks

/// Watches a game played by random moves and says which of the game's rules a state breaks.
///
/// It knows the rules on its own, not through the library's queries: it decides whether a flip
/// counts (`accepts(flipOf:in:)`) from the state before it, and checks each state after a step
/// against what it has seen so far. The rules:
/// - at most two cards are selected, none twice, and each of them is face up;
/// - the moves are the flips the rules accepted since the deal;
/// - a card once matched stays face up;
/// - every face-up card outside the selection has its partner face up beside it (so the game
///   can still be won);
/// - a game on the table has its difficulty's number of cards; the title screen has none;
/// - the game is won only with every card face up.
public struct GameReferee: Sendable {
    /// The flips the rules accepted since the last deal: what `moves` must equal.
    public private(set) var acceptedFlips = 0
    /// The cards seen matched (face up, outside the selection) since the last deal.
    public private(set) var matched: Set<Card.ID> = []

    /// A referee for a game that has not started.
    public init() {}

    /// Whether the rules accept a flip of `id` in `state`: a game is on, fewer than two cards
    /// are selected, and the card is in the deck and face down.
    public static func accepts(flipOf id: Card.ID, in state: ThreeDucksState) -> Bool {
        state.screen == .started && state.selectedCards.count < 2
            && state.card(withID: id).map { !$0.isFlipped } == true
    }

    /// Counts a flip of `id` about to be made in `state` if the rules accept it.
    ///
    /// - Returns: Whether the rules accept it.
    @discardableResult
    public mutating func countFlip(of id: Card.ID, in state: ThreeDucksState) -> Bool {
        let accepted = Self.accepts(flipOf: id, in: state)
        if accepted { acceptedFlips += 1 }
        return accepted
    }

    /// Forgets the game: after a new game or the end of one, nothing is counted or matched.
    public mutating func startOver() {
        acceptedFlips = 0
        matched = []
    }

    /// The first rule `state` breaks, in a few words, or nil if it keeps them all; the pairs
    /// matched in it are remembered for the next states.
    public mutating func brokenRule(in state: ThreeDucksState) -> String? {
        let selected = Set(state.selectedCards)
        if state.selectedCards.count > 2 || selected.count != state.selectedCards.count {
            return "more than two, or repeated, selected cards: \(state.selectedCards)"
        }
        if !state.selectedCards.allSatisfy({ state.card(withID: $0)?.isFlipped == true }) {
            return "a selected card is face down"
        }
        if state.moves != acceptedFlips {
            return "moves \(state.moves) are not the \(acceptedFlips) flips accepted"
        }
        if !matched.allSatisfy({ state.card(withID: $0)?.isFlipped == true }) {
            return "a matched card turned face down"
        }
        let settled = state.cards.filter { $0.isFlipped && !selected.contains($0.id) }
        for (animal, cards) in Dictionary(grouping: settled, by: \.animal) where cards.count != 2 {
            return "a face-up \(animal) without its partner: the game can no longer be won"
        }
        switch state.screen {
        case .title where !state.cards.isEmpty:
            return "\(state.cards.count) cards on the title screen"
        case .started where state.cards.count != state.difficulty.cardCount:
            return "a game with \(state.cards.count) cards at \(state.difficulty)"
        case .won where !state.isEveryCardFaceUp:
            return "won with a card face down"
        default:
            break
        }
        matched.formUnion(settled.map(\.id))
        return nil
    }
}
