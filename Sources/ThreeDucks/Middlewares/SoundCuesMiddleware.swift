import Effects
import Redux

/// Plays the game's sounds: a quack for ducks, and cues for a match, a mismatch and a win.
///
/// - A flip that turns a ducks card face up plays ``SoundCue/quack``.
/// - A flip that makes a pair then plays ``SoundCue/match`` or ``SoundCue/mismatch``.
/// - The won screen plays ``SoundCue/win``.
///
/// A flip or a win that the reducer ignored plays nothing: the middleware compares the moves and
/// the screen before and after the action (a remembering middleware: the store keeps them for it),
/// so it keeps nothing about any store and one value may serve any number of stores. It only
/// calls the player and never sends an action.
///
/// ```swift
/// let sounds = soundCues(player: SilentSoundPlayer())   // or a SoundPlayer of your own
/// ```
///
/// - Parameter player: What plays the sounds, on the thread that processes the action.
/// - Returns: The middleware; its effect is always `.none`.
public func soundCues(player: some SoundPlayer) -> AnyMiddleware<ThreeDucksState, ThreeDucksAction>
{
    AnyMiddleware(remembering: GameProgress.init) { state, previous, action in
        switch action {
        case .flipCard(let id):
            guard previous.acceptedFlip(leadingTo: state) else { break }
            if state.card(withID: id)?.animal == .ducks {
                player.play(.quack)
            }
            if let matches = state.selectionMatches {
                player.play(matches ? .match : .mismatch)
            }
        case .winGame:
            if previous.isNewWin(leadingTo: state) {
                player.play(.win)
            }
        default:
            break
        }
        return .none
    }
}
