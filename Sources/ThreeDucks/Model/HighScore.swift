import Foundation

/// The best result at one level: the fewest moves to win, and when that was first done.
public struct HighScore: Hashable, Codable, Sendable {
    /// The number of cards turned face up to win.
    public var moves: Int

    /// When the score was set. The high-scores middleware keeps it to the whole second, as the
    /// high-score file stores it.
    public var date: Date

    /// Makes a score.
    ///
    /// - Parameters:
    ///   - moves: The number of cards turned face up to win.
    ///   - date: When the score was set.
    public init(moves: Int, date: Date) {
        self.moves = moves
        self.date = date
    }

    /// Whether this score beats `other`: fewer moves, or as many moves set earlier.
    ///
    /// - Parameter other: The score to compare with; nil (no score yet) is always beaten.
    /// - Returns: True when this score should replace `other`.
    public func isBetter(than other: HighScore?) -> Bool {
        guard let other else { return true }
        return moves < other.moves || (moves == other.moves && date < other.date)
    }
}
