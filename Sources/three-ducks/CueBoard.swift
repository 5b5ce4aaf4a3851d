import Effects
import ThreeDucks

/// The sound cues played and not shown yet.
///
/// ``TerminalSoundPlayer`` posts each cue as the sound-cues middleware plays it; whoever draws
/// the screen takes them and shows them after it, so a cue is never wiped by the redraw that
/// follows it.
final class CueBoard: Sendable {
    private let cues = Lock<[SoundCue]>([])

    /// Posts `cue`.
    func post(_ cue: SoundCue) {
        cues.withLock { $0.append(cue) }
    }

    /// The cues posted since the last call, oldest first; the board is then empty.
    func take() -> [SoundCue] {
        cues.withLock { cues in
            defer { cues.removeAll() }
            return cues
        }
    }
}
