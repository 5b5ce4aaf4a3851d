/// Everything the three screens show, and everything the game's rules need.
///
/// Changed only by ``threeDucksReducer``. Cards are an array in grid order and the selection a
/// short array of card ids (never more than two), so that a flip changes the state in place
/// without allocating.
public struct ThreeDucksState: Equatable, Codable, Sendable {
    /// The screen showing.
    public var screen: Screen

    /// The level of the next game (and of the game being played).
    public var difficulty: Difficulty

    /// The grid, in order; empty on the title screen.
    public var cards: [Card]

    /// The ids of the face-up cards of the pair being turned: none, one, or two (then a match
    /// is about to be cleared or a mismatch turned back).
    public var selectedCards: [Card.ID]

    /// The number of cards turned face up in this game.
    public var moves: Int

    /// The best score at each level, loaded from the high-score file and kept up to date.
    public var highScores: [Difficulty: HighScore]

    /// Whether the game just won set a new high score; the won screen shows it.
    public var isNewRecord: Bool

    /// What went wrong reading or writing the high-score file, as a sentence for the player;
    /// nil when all is well. The game goes on either way.
    public var highScoreError: String?

    /// Makes a state; by default the title screen at the normal level, with no high scores.
    ///
    /// - Parameters:
    ///   - screen: The screen showing.
    ///   - difficulty: The level.
    ///   - cards: The grid.
    ///   - selectedCards: The ids of the pair being turned.
    ///   - moves: The number of cards turned face up so far.
    ///   - highScores: The best score at each level.
    ///   - isNewRecord: Whether the game just won set a new high score.
    ///   - highScoreError: What went wrong with the high-score file, if anything.
    public init(
        screen: Screen = .title,
        difficulty: Difficulty = .normal,
        cards: [Card] = [],
        selectedCards: [Card.ID] = [],
        moves: Int = 0,
        highScores: [Difficulty: HighScore] = [:],
        isNewRecord: Bool = false,
        highScoreError: String? = nil
    ) {
        self.screen = screen
        self.difficulty = difficulty
        self.cards = cards
        self.selectedCards = selectedCards
        self.moves = moves
        self.highScores = highScores
        self.isNewRecord = isNewRecord
        self.highScoreError = highScoreError
    }

    /// The high score at the current level, if there is one.
    public var highScore: HighScore? {
        highScores[difficulty]
    }

    /// Whether there are cards and every one is face up: the game is won (or about to be).
    public var isEveryCardFaceUp: Bool {
        !cards.isEmpty && cards.allSatisfy(\.isFlipped)
    }

    /// Whether the game is won: every card of a game being played is face up, and no pair is
    /// waiting for an answer.
    ///
    /// A game is won the moment its last pair matches (`clearSelectedCards`), not when the won
    /// screen shows a moment later: the high scores count the game then, so that starting a new
    /// game, choosing another level or giving up before the won screen keeps the record.
    public var isWon: Bool {
        (screen == .started || screen == .won) && selectedCards.isEmpty && isEveryCardFaceUp
    }

    /// The position in ``cards`` of the card with `id`, or nil if there is none.
    ///
    /// - Parameter id: A card's id.
    /// - Returns: Its index.
    /// - Complexity: O(1) for dealt decks, whose ids are their indices; O(*n*) otherwise.
    public func index(ofCard id: Card.ID) -> Int? {
        if cards.indices.contains(id), cards[id].id == id {
            return id
        }
        return cards.firstIndex { $0.id == id }
    }

    /// The card with `id`, or nil if there is none.
    ///
    /// - Parameter id: A card's id.
    /// - Returns: The card.
    public func card(withID id: Card.ID) -> Card? {
        index(ofCard: id).map { cards[$0] }
    }
}
