/// A ``PerfectMemoryPlayer`` playing one game to its end, one flip at a time, with a cap on its
/// flips: the policy of `three-ducks --autoplay`, without its store, its clock or its screen.
///
/// ``nextMove(in:)`` says which card to flip and what the flip leads to. The caller dispatches
/// it, lets the player see the card with ``look(at:)`` (before a mismatch turns it back), lets
/// the store settle, and asks again, until the answer is nil: the game is over (won, or left),
/// the player finds no card to flip, or the cap is reached.
///
/// ```swift
/// var autoplayer = Autoplayer()
/// while let move = autoplayer.nextMove(in: store.state) {
///     store.dispatch(.flipCard(move.card))
///     autoplayer.look(at: store.state)
///     await store.idle()   // a mismatch has turned back
///     print(move.outcome)  // .first, .pair or .mismatch
/// }
/// ```
///
/// A perfect-memory player needs fewer than twice as many flips as the game has cards; the cap,
/// ``flipsPerCard`` flips a card, only stops a runaway loop (a store that would refuse every
/// flip, say).
public struct Autoplayer: Sendable {
    /// One flip to make.
    public struct Move: Hashable, Sendable {
        /// The id of the card to flip.
        public var card: Card.ID
        /// The card's position in the state's cards, which is its place on the grid.
        public var index: Int
        /// What the flip leads to, by the rules.
        public var outcome: FlipOutcome

        /// A move.
        ///
        /// - Parameters:
        ///   - card: The id of the card to flip.
        ///   - index: The card's position in the state's cards.
        ///   - outcome: What the flip leads to.
        public init(card: Card.ID, index: Int, outcome: FlipOutcome) {
            self.card = card
            self.index = index
            self.outcome = outcome
        }
    }

    /// How many flips a game is given for each of its cards before the autoplayer stops.
    public static let flipsPerCard = 3

    /// The player, and all it remembers.
    public private(set) var player = PerfectMemoryPlayer()

    /// The flips asked for so far, which the cap counts: every call of ``nextMove(in:)`` during
    /// a game, whether or not it found a card.
    public private(set) var flips = 0

    /// An autoplayer that has played nothing yet.
    public init() {}

    /// The next flip to make in `state`, or nil when the game is over: no game is being played
    /// (the game is won, or was left), the player finds no card the rules let it flip, or the
    /// game has had its ``flipsPerCard`` flips for each card.
    ///
    /// The player looks at `state` first, so it remembers whatever is face up there.
    ///
    /// - Parameter state: The store's state, settled after the last flip.
    /// - Returns: The card to flip, and what the flip leads to.
    /// - Complexity: O(*n*) in the cards.
    public mutating func nextMove(in state: ThreeDucksState) -> Move? {
        guard state.screen == .started, flips < state.cards.count * Self.flipsPerCard else {
            return nil
        }
        flips += 1
        player.look(at: state)
        guard let card = player.nextCard(in: state), let index = state.index(ofCard: card),
            let outcome = state.outcome(ofFlipping: card)
        else { return nil }
        return Move(card: card, index: index, outcome: outcome)
    }

    /// Lets the player see the face-up cards of `state`: right after a flip, before a
    /// mismatch turns back.
    ///
    /// - Parameter state: The store's state.
    /// - Complexity: O(*n*) in the cards.
    public mutating func look(at state: ThreeDucksState) {
        player.look(at: state)
    }
}
