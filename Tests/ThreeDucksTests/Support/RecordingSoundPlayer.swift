import Synchronization
import ThreeDucks

/// A sound player that keeps every cue it was asked to play, for tests to compare whole.
final class RecordingSoundPlayer: SoundPlayer {
    private let storage = Mutex<[SoundCue]>([])

    /// Every cue played so far, in order.
    var played: [SoundCue] {
        storage.withLock { $0 }
    }

    func play(_ cue: SoundCue) {
        storage.withLock { $0.append(cue) }
    }
}
