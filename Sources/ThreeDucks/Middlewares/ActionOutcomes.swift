import Synchronization

/// Tells a middleware whether the reducer accepted the action it is looking at.
///
/// A middleware sees only the state *after* an action. An action the reducer ignored leaves the
/// state as it was, and that can look exactly like an accepted one: flipping again the second
/// card of a pending mismatch leaves two cards selected, the last one being that card, just as
/// the flip that selected it did. Answering it again would restart the un-flip timer (or quack
/// twice). But an accepted flip always counts a move and an ignored one never does, and a won
/// game is a change of screen; so this remembers the moves and the screen after each action
/// that can change them, and compares.
///
/// Only flips, deals, starts, ends and wins touch the lock; every other action costs nothing.
/// One instance serves one store: the middleware that owns it must not be shared by stores.
final class ActionOutcomes: Sendable {
    /// What an action did, as far as the middlewares care.
    enum Outcome {
        /// The reducer turned the card face up.
        case acceptedFlip
        /// The reducer showed the won screen.
        case won
        /// Anything else, including a flip or a win the reducer ignored.
        case other
    }

    private struct Seen {
        var moves: Int?
        var screen: Screen?
    }

    private let seen = Mutex(Seen())

    /// Classifies `action`, given the state the reducer left, and remembers that state.
    ///
    /// - Parameters:
    ///   - action: The action just reduced.
    ///   - state: The state after it.
    /// - Returns: What it did.
    func outcome(of action: ThreeDucksAction, in state: ThreeDucksState) -> Outcome {
        switch action {
        case .flipCard(let id):
            return seen.withLock { seen in
                defer { seen.moves = state.moves }
                guard let moves = seen.moves else {
                    // Nothing seen yet: the best guess from the state alone.
                    return state.selectedCards.last == id ? .acceptedFlip : .other
                }
                return state.moves != moves ? .acceptedFlip : .other
            }
        case .winGame:
            return seen.withLock { seen in
                defer { seen.screen = state.screen }
                return state.screen == .won && seen.screen != .won ? .won : .other
            }
        case .startGame, .dealt, .endGame:
            seen.withLock { seen in
                seen.moves = state.moves
                seen.screen = state.screen
            }
            return .other
        default:
            return .other
        }
    }
}
