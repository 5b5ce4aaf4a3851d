import Effects
import Redux
import ThreeDucks

/// A game as random-session tests drive it: a store with the game logic (on a seeded generator)
/// and the sound cues, time on a test scheduler, and a referee that keeps the score.
public struct GameSession {
    /// The scheduler of the game logic's delays; time moves only when a test advances it.
    public let scheduler = TestScheduler()
    /// The player of the sound cues, which keeps them.
    public let player = RecordingSoundPlayer()
    /// The store of the game, at the title screen.
    public let store: Store<ThreeDucksState, ThreeDucksAction>
    /// What the rules accepted so far; a test tells it of each flip, new game and end.
    public var referee = GameReferee()

    /// A session whose game logic deals from `SplitMix64(seed: seed)`.
    public init(seed: UInt64) {
        store = Store(
            initial: ThreeDucksState(),
            mutatingReducer: threeDucksReducer,
            middlewares: [
                gameLogic(random: SplitMix64(seed: seed), scheduler: scheduler),
                soundCues(player: player),
            ]
        )
    }

    /// The first rule the store's state breaks, or nil (see ``GameReferee/brokenRule(in:)``).
    public mutating func brokenRule() -> String? {
        referee.brokenRule(in: store.state)
    }
}
