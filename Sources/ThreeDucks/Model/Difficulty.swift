/// How many pairs a game deals.
///
/// The raw value (`"easy"`, `"normal"`, `"hard"`) names the level in recordings and in the
/// high-score file, where it is also a dictionary key (hence `CodingKeyRepresentable`).
public enum Difficulty: String, CaseIterable, Codable, CodingKeyRepresentable, Hashable, Sendable {
    /// Four pairs, eight cards.
    case easy
    /// Six pairs, twelve cards.
    case normal
    /// Ten pairs, twenty cards.
    case hard

    /// The number of pairs dealt at this level.
    public var pairCount: Int {
        switch self {
        case .easy: 4
        case .normal: 6
        case .hard: 10
        }
    }

    /// The number of cards dealt at this level, twice ``pairCount``.
    public var cardCount: Int {
        pairCount * 2
    }
}
