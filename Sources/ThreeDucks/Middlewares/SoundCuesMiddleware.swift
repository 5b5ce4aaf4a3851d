import Effects
import Redux

/// Plays the game's sounds: a quack for ducks, and cues for a match, a mismatch and a win.
///
/// - A flip that turns a ducks card face up plays ``SoundCue/quack``.
/// - A flip that makes a pair then plays ``SoundCue/match`` or ``SoundCue/mismatch``.
/// - The won screen plays ``SoundCue/win``.
///
/// A flip or a win that the reducer ignored plays nothing. The middleware only calls the
/// player and never sends an action. Like ``gameLogic(random:scheduler:mismatchDelay:winDelay:)``
/// it remembers the last moves count and screen it saw: make one per store.
///
/// ```swift
/// let sounds = soundCues(player: SilentSoundPlayer())   // or a SoundPlayer of your own
/// ```
///
/// - Parameter player: What plays the sounds, on the thread that processes the action.
/// - Returns: The middleware; its effect is always `.none`.
public func soundCues(player: some SoundPlayer) -> Middleware<ThreeDucksState, ThreeDucksAction> {
    let outcomes = ActionOutcomes()
    return { state, action in
        switch outcomes.outcome(of: action, in: state) {
        case .acceptedFlip:
            guard case .flipCard(let id) = action else { break }
            if state.card(withID: id)?.animal == .ducks {
                player.play(.quack)
            }
            if let matches = state.selectionMatches {
                player.play(matches ? .match : .mismatch)
            }
        case .won:
            player.play(.win)
        case .other:
            break
        }
        return .none
    }
}
