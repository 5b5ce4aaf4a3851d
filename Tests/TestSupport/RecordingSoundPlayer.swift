import Effects
import ThreeDucks

/// A sound player that keeps every cue it was asked to play, for tests to compare whole.
public final class RecordingSoundPlayer: SoundPlayer {
    private let storage = Lock<[SoundCue]>([])

    /// A player that has played nothing yet.
    public init() {}

    /// Every cue played so far, in order.
    public var played: [SoundCue] {
        storage.withLock { $0 }
    }

    /// Keeps `cue`.
    public func play(_ cue: SoundCue) {
        storage.withLock { $0.append(cue) }
    }
}
