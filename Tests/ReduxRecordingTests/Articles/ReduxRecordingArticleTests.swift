// swift-format-ignore-file
// The examples here are the documentation's, line for line (DocumentationSnippetTests checks
// it): they keep the layout the documentation shows.
import Effects
import Redux
import ReduxRecording
import TestSupport
import Testing

// The examples of the ReduxRecording module's page
// (Sources/ReduxRecording/ReduxRecording.docc/ReduxRecording.md), compiled and run.
// DocumentationSnippetTests, in ReduxTests, checks that the page quotes them as they are here:
// change both together.

/// Where a watched replay shows each total: a screen, in an app.
private final class TotalsShown: Sendable {
    private let shown = Lock<[Int]>([])

    var all: [Int] { shown.withLock { $0 } }

    func show(_ total: Int) { shown.withLock { $0.append(total) } }
}

@Suite struct ReduxRecordingArticleTests {
    @Test("a recorded session, effects' actions included, replays to the same state with the reducer alone")
    func recordAndReplay() throws {
        let folder = try TemporaryDirectory()
        let path = folder.file("session.jsonl")
        let scheduler = TestScheduler()

        let file = try RecordingFile(path: path)
        let store = Store(
            initial: Counter(),
            mutatingReducer: counterReducer,
            interceptors: [.recording(to: file, scheduler: scheduler)],
            middlewares: [addLater(scheduler: scheduler)]
        )

        store.dispatch(.add(1))
        store.dispatch(.addLater(10))
        scheduler.advance(by: .seconds(1))
        file.close()
        #expect(file.firstError == nil)

        let recording = try Recording<CounterAction>(contentsOf: path)
        let replayed = Replayer(initial: Counter(), reducer: counterReducer).replay(recording)
        #expect(replayed == store.state)
        #expect(replayed.history == [1, 10])
    }

    @Test("a replay can be watched, action by action, on a store of its own")
    func watchedReplay() throws {
        let recording = try Recording<CounterAction>(jsonLines: """
            {"action":{"add":{"_0":2}},"nanoseconds":0}
            {"action":{"add":{"_0":3}},"nanoseconds":1000000000}

            """)
        let screen = TotalsShown()

        let watched = Store(initial: Counter(), mutatingReducer: counterReducer)
        let token = watched.subscribe(to: \.total) { total in screen.show(total) }
        Replayer.dispatch(recording.entries, into: watched, on: TestScheduler())

        #expect(screen.all == [0, 2, 5])
        token.cancel()
    }
}
