import ThreeDucks

/// Plays the game's sounds in a terminal: the bell, and a visible cue on screen.
///
/// The bell (`\u{7}`) rings at once, and only when ``bell`` is set (standard output is a
/// terminal); the cue is posted to a ``CueBoard`` for the screen to show as `♪ Quack!` or
/// `(quack)`. A muted game uses the game module's `SilentSoundPlayer` instead.
///
/// ```swift
/// let player = TerminalSoundPlayer(cues: board, bell: StandardStream.output)
/// let middleware = soundCues(player: player)
/// ```
struct TerminalSoundPlayer: SoundPlayer {
    /// Where cues wait to be shown.
    let cues: CueBoard

    /// Where the bell rings; nil for no bell (output that is not a terminal).
    let bell: (any TextOutput)?

    func play(_ cue: SoundCue) {
        bell?.write("\u{7}")
        cues.post(cue)
    }
}
