import Effects
import Foundation
import Redux
import ReduxRecording
import TestSupport
import Testing
import ThreeDucks

@Suite struct RecordedGameTests {
    @Test("a recorded game, high scores included, replays with the reducer alone to the same state")
    func replaysToTheSameState() throws {
        let folder = try TemporaryDirectory()
        let logPath = folder.file("session.jsonl")
        let scheduler = TestScheduler()
        let log = try RecordingFile(path: logPath)
        let live = Store(
            initial: ThreeDucksState(),
            mutatingReducer: threeDucksReducer,
            interceptors: [.recording(to: log, scheduler: scheduler)],
            middlewares: [
                gameLogic(random: SplitMix64(seed: 11), scheduler: scheduler),
                highScores(
                    file: HighScoreFile(path: folder.file("high-scores.json")),
                    ioScheduler: scheduler,
                    now: { fixedDate }
                ),
                soundCues(player: SilentSoundPlayer()),
            ]
        )

        live.dispatch(.loadHighScores)
        scheduler.advance()
        live.dispatch(.setDifficulty(.easy))
        live.dispatch(.startGame)
        let deck = live.state.cards
        let (first, second) = mismatch(in: deck)
        live.dispatch(.flipCard(first))
        scheduler.advance(by: .milliseconds(700))
        live.dispatch(.flipCard(second))
        live.dispatch(.flipCard(99))
        scheduler.advance(by: .seconds(1))
        for pair in pairs(in: deck) {
            live.dispatch(.flipCard(pair.0))
            scheduler.advance(by: .milliseconds(300))
            live.dispatch(.flipCard(pair.1))
        }
        scheduler.advance(by: .seconds(1))
        #expect(live.state.screen == .won)
        #expect(live.state.isNewRecord)
        live.dispatch(.startGame)
        live.dispatch(.flipCard(0))
        log.close()
        #expect(log.firstError == nil)

        let recording = try Recording<ThreeDucksAction>(contentsOf: logPath)
        #expect(recording.tornLastLine == nil)
        #expect(recording.entries.contains { if case .dealt = $0.action { true } else { false } })
        let replayed = Replayer(initial: ThreeDucksState(), reducer: threeDucksReducer).replay(
            recording)
        #expect(replayed == live.state)
    }

    @Test("a malformed line in a game log is an error naming its line number")
    func malformedLine() throws {
        let log = """
            {"action":{"startGame":{}},"nanoseconds":0}
            {"action":{"flipCard":{"_0":"three"}},"nanoseconds":5}
            {"action":{"endGame":{}},"nanoseconds":9}

            """
        let error = try #require(throws: RecordingError.self) {
            try Recording<ThreeDucksAction>(jsonLines: log)
        }
        #expect(error.line == 2)
        #expect(error.description.hasPrefix("line 2 of the recording is not a recorded action"))
    }
}
