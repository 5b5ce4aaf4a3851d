/// Which of the game's three screens is showing.
public enum Screen: String, Codable, Hashable, Sendable {
    /// The title screen: New Game, the difficulty, the high scores.
    case title
    /// A game in progress: the grid, the moves counter, Give Up.
    case started
    /// The game was won: a congratulation and Go Again.
    case won
}
