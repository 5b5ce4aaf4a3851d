import Effects
import Redux
import Testing
import ThreeDucks

// The example in the doc comment of `Store.run(_:)`, compiled and run with the game's real
// high-score file so that it stays true. DocumentationSnippetTests, in ReduxTests, checks that
// the example appears here as written: change both together.

@Suite struct DocumentationExampleTests {
    @Test("Store.run: a thunk that loads the high scores, its error turned into an action", .timeLimit(.minutes(1)))
    func storeRun() async throws {
        let folder = try TemporaryDirectory()
        // A folder where the file should be: loading fails, and the handler says why.
        let file = HighScoreFile(path: folder.path)
        let store = Store(initial: ThreeDucksState(), mutatingReducer: threeDucksReducer)
        let errors = store.values(of: \.highScoreError)

        func loadHighScores(from file: HighScoreFile) -> Effect<ThreeDucksAction> {
            .run { send in
                await send(.highScoresLoaded(try file.load()))
            } catch: { error, send in
                await send(.highScoresFailedToLoad("\(error)"))
            }
        }
        store.run(loadHighScores(from: file))

        for await error in errors where error != nil {
            #expect(error?.isEmpty == false)
            break
        }
    }
}
