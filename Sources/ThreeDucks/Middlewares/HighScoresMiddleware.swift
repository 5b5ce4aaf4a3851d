import Effects
import Foundation
import Redux

/// Keeps the high scores: loads them at start, spots a new record, saves it.
///
/// - On `loadHighScores` (dispatch it when the program starts), it reads `file` and sends
///   `highScoresLoaded(scores)`, or `highScoresFailedToLoad(message)` if the file was unusable
///   (it has then been moved aside; see ``HighScoreFile/load()``).
/// - When the last pair of a game matches (the `clearSelectedCards` that leaves the game
///   ``ThreeDucksState/isWon``), if the moves beat the score at that level, it sends
///   `newHighScore(difficulty:score:)`, dated by `now` (to the whole second, as the file keeps
///   it). The won screen shows a moment later, but the record does not wait for it: a new
///   game, another level or giving up in between keeps it. A `winGame` is checked the same
///   way, for a game that reached the won screen otherwise; a record already taken is not
///   taken twice, since it does not beat itself.
/// - On a `newHighScore` the reducer kept, it saves all the scores to `file` (which keeps, level
///   by level, the better of them and of what other games saved there; see
///   ``HighScoreFile/save(_:)``) and sends `highScoresSaved` or `highScoresFailedToSave(message)`.
///
/// Failures never stop the game: the scores in memory are kept, and the message is shown.
///
/// ## Where the file I/O runs
///
/// Each read or write is an effect that starts on `ioScheduler`:
/// `Just(()).receive(on: ioScheduler).map { file.load() … }`. The game passes a
/// `DispatchQueueScheduler`, whose serial queue takes the I/O off the dispatching thread and
/// keeps saves in order. Tests pass their `TestScheduler`, so the I/O happens, synchronously
/// and deterministically, when the test advances the clock (`store.advance()`), and the
/// result is then waiting to be received.
///
/// ```swift
/// let file = HighScoreFile(path: path)   // HighScoreFile.standard in the game
/// let store = Store(
///     initial: ThreeDucksState(),
///     mutatingReducer: threeDucksReducer,
///     middlewares: [highScores(file: file, ioScheduler: DispatchQueueScheduler())]
/// )
/// store.dispatch(.loadHighScores)
/// ```
///
/// - Parameters:
///   - file: The high-score file.
///   - ioScheduler: Where reads and writes run; a serial scheduler.
///   - now: The current date, read when a record is set; injected so tests are deterministic.
/// - Returns: The middleware.
public func highScores(
    file: HighScoreFile,
    ioScheduler: some Scheduler,
    now: @escaping @Sendable () -> Date = { Date() }
) -> AnyMiddleware<ThreeDucksState, ThreeDucksAction> {
    AnyMiddleware { state, action in
        switch action {
        case .loadHighScores:
            return Effect(
                Just(()).receive(on: ioScheduler).map { _ -> ThreeDucksAction in
                    do throws(HighScoreFileError) {
                        return .highScoresLoaded(try file.load())
                    } catch {
                        return .highScoresFailedToLoad(error.description)
                    }
                }
            )

        case .clearSelectedCards, .winGame:
            guard state.isWon else { return .none }
            let date = Date(timeIntervalSince1970: now().timeIntervalSince1970.rounded(.down))
            let score = HighScore(moves: state.moves, date: date)
            guard score.isBetter(than: state.highScores[state.difficulty]) else { return .none }
            return .just(.newHighScore(difficulty: state.difficulty, score: score))

        case .newHighScore(let difficulty, let score):
            guard state.highScores[difficulty] == score else { return .none }
            let scores = state.highScores
            return Effect(
                Just(()).receive(on: ioScheduler).map { _ -> ThreeDucksAction in
                    do throws(HighScoreFileError) {
                        try file.save(scores)
                        return .highScoresSaved
                    } catch {
                        return .highScoresFailedToSave(error.description)
                    }
                }
            )

        default:
            return .none
        }
    }
}
