import Effects
import Foundation
import Redux
import ThreeDucks

// What the reliability helper (Tests/ReliabilityHelper) writes, and what ReliabilityTests
// expects of it: one definition, here, for both sides. What the helper writes is a function of a
// counter K, so that the parent, which reads the file after killing the helper, can tell which
// write it holds.

/// The record set that the helper's save number `k` writes: one score per level, each
/// derived from `k`, and each better than save `k - 1`'s (fewer moves), so that a save, which
/// keeps the better score at each level, replaces the whole set.
public func highScores(forSave k: Int) -> [Difficulty: HighScore] {
    [
        .easy: HighScore(moves: 100_000 - k, date: fixedDate.addingTimeInterval(TimeInterval(k))),
        .normal: HighScore(
            moves: 200_000 - k, date: fixedDate.addingTimeInterval(TimeInterval(2 * k))),
        .hard: HighScore(
            moves: 300_000 - k, date: fixedDate.addingTimeInterval(TimeInterval(3 * k))),
    ]
}

/// The save number whose record set `scores` is, or nil if it is none of them.
public func saveNumber(of scores: [Difficulty: HighScore]) -> Int? {
    guard let easy = scores[.easy] else { return nil }
    let k = 100_000 - easy.moves
    return k >= 0 && scores == highScores(forSave: k) ? k : nil
}

/// One of the two games that save to one high-score file at once, each knowing only its own
/// records (as two games in two terminals do).
public enum RacingGame: String, CaseIterable, Sendable {
    case first
    case second

    /// The level only this game sets records at.
    public var ownLevel: Difficulty {
        self == .first ? .easy : .hard
    }

    /// What this game saves in its round `k`: a better record at its own level each round, and
    /// a record at the level both play (normal), where the second game is always one move better
    /// than the first in the same round.
    public func scores(inRound k: Int) -> [Difficulty: HighScore] {
        [
            ownLevel: HighScore(
                moves: 100_000 - k, date: fixedDate.addingTimeInterval(TimeInterval(k))),
            .normal: HighScore(moves: 200_000 - 2 * k - (self == .second ? 1 : 0), date: fixedDate),
        ]
    }
}

/// The action that the recording helper dispatches `k`-th.
///
/// Every third one carries a long message (up to 64 KiB of JSON) so that its line takes long
/// enough to write that a kill can land in the middle of it and tear it.
public func recordedAction(_ k: Int) -> ThreeDucksAction {
    guard k.isMultiple(of: 3) else { return .flipCard(k) }
    let length = 1_000 + (k &* 7_919) % 64_000
    let letter = Character(Unicode.Scalar(UInt8(ascii: "a") + UInt8(k % 26)))
    return .highScoresFailedToLoad(String(repeating: letter, count: length))
}

/// When the recording helper dispatches action `k`: `k` milliseconds, so that times keep
/// growing across helpers that append to the same log.
public func recordedTime(_ k: Int) -> Duration {
    .milliseconds(k)
}

/// What a store with the game logic and the high-scores middleware saw while a player won one
/// game: the states it showed, and the last one.
public struct PlayedGame {
    /// The state after loading the scores, before the game.
    public var afterLoading: ThreeDucksState
    /// The state after the win and its save.
    public var final: ThreeDucksState
}

/// Plays one easy game to a win, on virtual time, against `file`: loads the high scores, starts
/// a game, makes one mismatch, then turns every pair; the win sets a record, which is saved.
///
/// It is what the game does with a high-score file, without a terminal: whatever the file holds
/// (or whatever is in its place), the game must go on to the end.
public func playOneWinningGame(file: HighScoreFile) -> PlayedGame {
    let scheduler = TestScheduler()
    let store = Store(
        initial: ThreeDucksState(),
        mutatingReducer: threeDucksReducer,
        middlewares: [
            gameLogic(random: SplitMix64(seed: 7), scheduler: scheduler),
            highScores(file: file, ioScheduler: scheduler, now: { fixedDate }),
        ]
    )
    store.dispatch(.loadHighScores)
    scheduler.advance()
    let afterLoading = store.state

    store.dispatch(.setDifficulty(.easy))
    store.dispatch(.startGame)
    let deck = store.state.cards
    let (first, second) = mismatch(in: deck)
    store.dispatch(.flipCard(first))
    store.dispatch(.flipCard(second))
    scheduler.advance(by: .seconds(1))
    for pair in pairs(in: deck) {
        store.dispatch(.flipCard(pair.0))
        store.dispatch(.flipCard(pair.1))
    }
    // The win arrives a second after the last pair; the save runs on the I/O scheduler.
    scheduler.advance(by: .seconds(1))
    scheduler.advance()
    return PlayedGame(afterLoading: afterLoading, final: store.state)
}
