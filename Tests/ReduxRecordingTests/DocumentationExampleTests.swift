// swift-format-ignore-file
// The examples here are the documentation's, line for line (DocumentationSnippetTests checks
// it): they keep the layout the documentation shows.
import Effects
import Redux
import ReduxRecording
import TestSupport
import Testing

// The examples in the doc comments of the ReduxRecording module, compiled and run so that they
// stay true, on the counter of Support/Counter.swift under the names the examples use.
// DocumentationSnippetTests, in ReduxTests, checks that every example appears here as written:
// change both together.

/// What the examples print, per test: `print` below records here.
private final class PrintedLines: Sendable {
    @TaskLocal static var current: PrintedLines?
    private let lines = Lock<[String]>([])

    var all: [String] { lines.withLock { $0 } }

    func append(_ line: String) { lines.withLock { $0.append(line) } }
}

/// Shadows `Swift.print` in this file, so that the examples' `print` calls are recorded.
private func print(_ items: Any...) {
    PrintedLines.current?.append(items.map { "\($0)" }.joined(separator: " "))
}

@Suite struct DocumentationExampleTests {
    @Test("Interceptor.recording: a store that records to a file, effects' actions included")
    func recordingInterceptor() throws {
        let folder = try TemporaryDirectory()
        let path = folder.file("session.jsonl")
        let scheduler = TestScheduler()
        typealias State = Counter
        let reducer = counterReducer
        let middlewares = [addLater(scheduler: scheduler)]

        let file = try RecordingFile(path: path)   // for example "session.jsonl"
        let store = Store(
            initial: State(),
            mutatingReducer: reducer,
            interceptors: [.recording(to: file, scheduler: scheduler)],
            middlewares: middlewares
        )

        store.dispatch(.addLater(2))
        scheduler.advance(by: .seconds(1))
        file.close()
        #expect(folder.contents(of: "session.jsonl") == """
            {"action":{"addLater":{"_0":2}},"nanoseconds":0}
            {"action":{"add":{"_0":2}},"nanoseconds":1000000000}

            """)
    }

    @Test("RecordingFile: a store with a pure reducer, recording to a file")
    func recordingFile() throws {
        let folder = try TemporaryDirectory()
        let path = folder.file("game.jsonl")
        let scheduler = TestScheduler()
        typealias State = Counter
        let reducer: Reducer<Counter, CounterAction> = { state, action in
            var state = state
            counterReducer(&state, action)
            return state
        }
        let middlewares = [addLater(scheduler: scheduler)]

        let file = try RecordingFile(path: path)   // for example "game.jsonl"
        let store = Store(
            initial: State(),
            reducer: reducer,
            interceptors: [.recording(to: file, scheduler: scheduler)],
            middlewares: middlewares
        )

        store.dispatch(.add(3))
        file.close()
        #expect(store.state.total == 3)
        #expect(try Recording<CounterAction>(contentsOf: path).entries.map(\.action) == [.add(3)])
    }

    @Test("Recording and Replayer: a log read back, its torn line reported, replayed to the live state")
    func readAndReplay() throws {
        let folder = try TemporaryDirectory()
        let path = folder.file("session.jsonl")
        typealias Game = Counter
        typealias GameAction = CounterAction
        let gameReducer = counterReducer
        let file = try RecordingFile(path: path)
        let liveStore = Store(
            initial: Game(),
            mutatingReducer: gameReducer,
            interceptors: [.recording(to: file, scheduler: TestScheduler())]
        )
        liveStore.dispatch(.add(2))
        liveStore.dispatch(.add(5))
        file.close()

        do {
            let recording = try Recording<GameAction>(contentsOf: path)
            let replayed = Replayer(initial: Game(), reducer: gameReducer).replay(recording)
            assert(replayed == liveStore.state)
            #expect(replayed == liveStore.state)
        }

        try folder.append(#"{"action":{"add""#, to: "session.jsonl")   // a recorder killed mid-line
        let printed = PrintedLines()
        try PrintedLines.$current.withValue(printed) {
            let recording = try Recording<GameAction>(contentsOf: path)
            if let torn = recording.tornLastLine { print("warning:", torn) }
            let final = Replayer(initial: Game(), reducer: gameReducer).replay(recording)
            #expect(final == liveStore.state)
        }
        #expect(printed.all.count == 1)
        #expect(printed.all.first?.hasPrefix("warning: ") == true)
    }
}
