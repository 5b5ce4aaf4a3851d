/// Everything that can happen in the game: the player's moves, and the results that the
/// middlewares send back.
///
/// Actions are small values (a flip is one card id) and `Codable`, so a session can be recorded
/// as JSON Lines and replayed (see `ReduxRecording`).
public enum ThreeDucksAction: Equatable, Codable, Sendable {
    // MARK: The player

    /// Chooses the level of the next game; only on the title screen.
    case setDifficulty(Difficulty)

    /// Starts a game (New Game, Go Again, or a restart): shows the grid, resets the moves and
    /// the selection. The game-logic middleware answers with ``dealt(_:)``.
    case startGame

    /// Gives up: back to the title screen, and the game is cleared.
    case endGame

    /// Turns the card with this id face up, if the rules allow it.
    case flipCard(Card.ID)

    // MARK: Game logic

    /// The shuffled deck for the game just started.
    case dealt([Card])

    /// The two selected cards match: they stay face up and the selection is cleared.
    case clearSelectedCards

    /// The two selected cards do not match: they turn face down and the selection is cleared.
    case unFlipSelectedCards

    /// Every card is face up: the won screen.
    case winGame

    // MARK: High scores

    /// Loads the high scores from their file; dispatch it once when the program starts.
    case loadHighScores

    /// The high scores read from the file (empty when there is no file yet).
    case highScoresLoaded([Difficulty: HighScore])

    /// The file could not be read; the message says why and what was done about it.
    case highScoresFailedToLoad(String)

    /// The game just won beats the high score at its level.
    case newHighScore(difficulty: Difficulty, score: HighScore)

    /// The high scores were written to their file.
    case highScoresSaved

    /// The high scores could not be written; the message says why. They are kept in memory.
    case highScoresFailedToSave(String)
}
