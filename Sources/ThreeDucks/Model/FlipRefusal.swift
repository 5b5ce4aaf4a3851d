/// Why the rules refuse to turn a card face up.
///
/// ``ThreeDucksState/flipRefusal(for:)`` answers it for a state and a card, with the very checks
/// the reducer makes on `flipCard`: a front end asks instead of guessing, and tells the player
/// why nothing happened.
///
/// ```swift
/// switch state.flipRefusal(for: id) {
/// case nil: store.dispatch(.flipCard(id))
/// case .pairShowing?: print("Wait a moment: the two cards turn back first.")
/// case let refusal?: print("Refused: \(refusal)")
/// }
/// ```
public enum FlipRefusal: Equatable, Hashable, Sendable {
    /// No game is being played: the title screen shows.
    case noGame
    /// The game is won: the won screen shows.
    case gameWon
    /// No card of the game has that id (or the deck has not been dealt yet).
    case noSuchCard
    /// The card is already face up: found, or one of the pair being turned.
    case alreadyFaceUp
    /// Two cards are face up waiting for their answer: a mismatch that has not turned back yet.
    case pairShowing
}
