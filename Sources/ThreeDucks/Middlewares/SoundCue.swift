/// A sound the game plays.
public enum SoundCue: String, CaseIterable, Codable, Hashable, Sendable {
    /// A ducks card was turned face up.
    case quack
    /// The two cards turned match.
    case match
    /// The two cards turned do not match.
    case mismatch
    /// The game was won.
    case win
}
