/// Something that plays the game's sounds: a terminal bell, an audio library, a test's list.
///
/// ``soundCues(player:)`` calls ``play(_:)`` on the thread that processes the action, so it
/// must return quickly: start the sound, or hand it to a queue, and return.
public protocol SoundPlayer: Sendable {
    /// Plays `cue`.
    ///
    /// - Parameter cue: The sound to play.
    func play(_ cue: SoundCue)
}

/// A sound player that plays nothing, for a muted game or a benchmark.
public struct SilentSoundPlayer: SoundPlayer {
    /// Makes a silent player.
    public init() {}

    /// Does nothing.
    public func play(_ cue: SoundCue) {}
}
