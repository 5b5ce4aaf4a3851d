/// What the game's middlewares remember of the state before each action: enough to tell what
/// the reducer did with it.
///
/// A middleware sees the state after an action, and an action the reducer refused can leave the
/// same state as an accepted one: flipping again the second card of a pending mismatch leaves
/// two cards selected, the last one being that card, just as the flip that selected it did.
/// Answering it again would restart the un-flip timer, or quack twice. But an accepted flip
/// always counts a move and a refused one never does, and a win is a change of screen. So the
/// moves and the screen before the action, compared with after, tell.
///
/// Two fields, copied before every action: the store copies nothing else, so the reducer goes on
/// changing the deck in place (see `AnyMiddleware` in Redux).
struct GameProgress: Equatable, Sendable {
    /// The number of cards turned face up.
    var moves: Int
    /// The screen showing.
    var screen: Screen

    init(_ state: ThreeDucksState) {
        moves = state.moves
        screen = state.screen
    }
}

extension GameProgress {
    /// Whether the reducer accepted the flip that led to `state`: it counted a move.
    func acceptedFlip(leadingTo state: ThreeDucksState) -> Bool {
        state.moves != moves
    }

    /// Whether the action that led to `state` showed the won screen (it was not showing before).
    func isNewWin(leadingTo state: ThreeDucksState) -> Bool {
        state.screen == .won && screen != .won
    }
}
