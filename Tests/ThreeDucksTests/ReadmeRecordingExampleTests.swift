import Effects
import Redux
import ReduxRecording
import TestSupport
import Testing
import ThreeDucks

// Recording a game and replaying it (once the README's "Record and replay" example), compiled
// and run with the game's real reducer and game logic.

@Suite struct ReadmeRecordingExampleTests {
    @Test("a game recorded as JSON Lines replays, with the reducer alone, to the state it ended in")
    func recordAndReplay() throws {
        let folder = try TemporaryDirectory()
        let path = folder.file("game.jsonl")
        let scheduler = TestScheduler()

        let log = try RecordingFile(path: path)
        let store = Store(
            initial: ThreeDucksState(),
            mutatingReducer: threeDucksReducer,
            interceptors: [.recording(to: log, scheduler: scheduler)],
            middlewares: [gameLogic(random: SystemRandomNumberGenerator(), scheduler: scheduler)]
        )

        store.dispatch(.startGame)
        store.dispatch(.flipCard(0))
        store.dispatch(.flipCard(1))
        scheduler.advance(by: .seconds(1))
        log.close()
        #expect(store.state.moves == 2)

        let final = try Replayer(initial: ThreeDucksState(), reducer: threeDucksReducer)
            .replay(Recording<ThreeDucksAction>(contentsOf: path))
        #expect(final == store.state)
    }
}
