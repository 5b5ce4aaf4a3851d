/// Something a player asks of the game that the rules answer with a few actions, or refuse:
/// giving up, going back to the title screen, playing at another level.
///
/// ``ThreeDucksState/answer(to:)`` says, for a state, which actions carry the request out and in
/// what order, or why it is refused: a front end dispatches the actions or tells the player the
/// reason in its own words, and decides neither itself.
///
/// ```swift
/// switch store.state.answer(to: .chooseDifficulty(.hard)) {
/// case .accepted(let actions):
///     for action in actions { store.dispatch(action) }   // a new game at the hard level
/// case .refused(let refusal):
///     print("Refused: \(refusal)")
/// }
/// ```
public enum PlayerRequest: Hashable, Sendable {
    /// Leave the game being played for the title screen.
    case giveUp

    /// Go back to the title screen, from a game (giving it up) or from the won screen.
    case goToTitle

    /// Play at this level: on the title screen, choose it for the next game; during a game or
    /// on the won screen, start a new game at it.
    case chooseDifficulty(Difficulty)

    /// The rules' answer to a request, in a given state.
    public enum Answer: Equatable, Sendable {
        /// Dispatch these actions, in this order, and the request is carried out.
        case accepted([ThreeDucksAction])
        /// The request makes no sense in this state, for this reason; dispatch nothing.
        case refused(Refusal)
    }

    /// Why the rules refuse a request.
    public enum Refusal: Hashable, Sendable {
        /// There is no game to give up: the title screen shows.
        case noGame
        /// The game is won: there is nothing left to give up.
        case gameWon
        /// The title screen shows already.
        case alreadyOnTitle
        /// The level asked for is the one chosen already, on the title screen.
        case sameDifficulty
    }
}
