/// What a flip the rules accept leads to: the first card of a turn, or the second, which makes a
/// pair or a mismatch.
///
/// ``ThreeDucksState/outcome(ofFlipping:)`` tells it ahead of the flip, from the rules alone: a
/// front end that shows each move (`three-ducks --autoplay`) need not guess it from what is face
/// up afterwards.
///
/// ```swift
/// if state.outcome(ofFlipping: id) == .mismatch { print("These two turn back in a moment.") }
/// ```
public enum FlipOutcome: Hashable, Sendable {
    /// The first card of a turn: it stays face up, waiting for the second.
    case first
    /// The second card shows the first one's animal: both stay face up (`clearSelectedCards`).
    case pair
    /// The second card shows another animal: both turn back after a moment
    /// (`unFlipSelectedCards`).
    case mismatch
}
