import Effects
import Synchronization
import Testing

// The examples in the doc comments of the operators, subjects and effects added for issue 13,
// compiled and run so that they stay true. Each test copies its example as written (a fragment
// gets a `let` in front of it), with small stand-ins for the names the example assumes.
// Keep the two in step.

/// What the examples print, per test: `print` below records here instead of writing to the
/// standard output.
final class PrintLog: Sendable {
    private let lines = Mutex<[String]>([])

    @TaskLocal static var current: PrintLog?

    var printed: [String] {
        lines.withLock { $0 }
    }

    fileprivate func append(_ line: String) {
        lines.withLock { $0.append(line) }
    }
}

/// Shadows `Swift.print` in this file, so that the examples' `print` calls are recorded.
private func print(_ items: Any...) {
    PrintLog.current?.append(items.map { "\($0)" }.joined(separator: " "))
}

/// Runs `body` with a fresh print log and returns what it printed.
private func printed(_ body: () -> Void) -> [String] {
    let log = PrintLog()
    PrintLog.$current.withValue(log, operation: body)
    return log.printed
}

/// The actions the examples send.
private enum Action: Equatable, Sendable {
    case clockTicked
    case scoresLoaded([Int])
    case scoresTimedOut
    case lineRead(String)
    case highScoresLoaded([Int])
    case highScoresFailedToLoad(String)
    case queryChanged(String)
    case resultsLoaded([String])
    case documentEdited
    case save
}

private enum GameTimer: Hashable, Sendable {
    case clock
}

private enum SearchID: Hashable, Sendable {
    case query
}

private enum SaveID: Hashable, Sendable {
    case document
}

private struct LoadError: Error {}

@Suite struct DocumentationExampleTests {
    @Test("Subject: keystrokes, debounced")
    func subject() {
        let scheduler = TestScheduler()
        let searched = Mutex<[String]>([])
        @Sendable func search(_ query: String) { searched.withLock { $0.append(query) } }

        let keystrokes = PassthroughSubject<String>()
        let cancellable = keystrokes.debounce(for: .milliseconds(300), scheduler: scheduler).sink { search($0) }
        keystrokes.send("duc")
        keystrokes.send("duck")

        scheduler.advance(by: .milliseconds(300))
        #expect(searched.withLock { $0 } == ["duck"])
        _ = cancellable
    }

    @Test("PassthroughSubject: taps")
    func passthroughSubject() {
        let lines = printed {
            let taps = PassthroughSubject<Int>()
            let cancellable = taps.sink { print("tapped", $0) }
            taps.send(1)                       // tapped 1
            taps.send(completion: .finished)
            _ = cancellable
        }
        #expect(lines == ["tapped 1"])
    }

    @Test("CurrentValueSubject: volume")
    func currentValueSubject() {
        let lines = printed {
            let volume = CurrentValueSubject<Int>(5)
            let cancellable = volume.sink { print("volume", $0) }   // volume 5
            volume.value = 7                                         // volume 7
            _ = cancellable
        }
        #expect(lines == ["volume 5", "volume 7"])
    }

    @Test("Future: a callback bridged once")
    func future() {
        struct LegacyStore {
            func loadScores(_ completion: @escaping @Sendable ([Int]) -> Void) {
                completion([3, 1])
            }
        }
        let legacyStore = LegacyStore()

        let scores = Future<[Int]> { promise in
            legacyStore.loadScores { loaded in promise(loaded) }
        }

        let recorder = Recorder<[Int]>()
        scores.subscribe(recorder)
        #expect(recorder.values == [[3, 1]])
    }

    @Test("debounce: search as you type")
    func debounce() {
        let scheduler = TestScheduler()
        let queries = PassthroughSubject<String>()
        let searched = Mutex<[String]>([])
        @Sendable func search(_ query: String) { searched.withLock { $0.append(query) } }

        let cancellable = queries   // what the user types, keystroke by keystroke
            .debounce(for: .milliseconds(300), scheduler: scheduler)
            .removeDuplicates()
            .sink { search($0) }      // once the typing pauses for 300 ms

        queries.send("d")
        queries.send("du")
        scheduler.advance(by: .seconds(1))
        queries.send("du")
        scheduler.advance(by: .seconds(1))
        #expect(searched.withLock { $0 } == ["du"])
        _ = cancellable
    }

    @Test("throttle: redraws")
    func throttle() {
        let scheduler = TestScheduler()
        let scrollOffsets = PassthroughSubject<Int>()
        let redrawn = Mutex<[Int]>([])
        @Sendable func redraw(at offset: Int) { redrawn.withLock { $0.append(offset) } }

        let cancellable = scrollOffsets
            .throttle(for: .milliseconds(100), scheduler: scheduler, latest: true)
            .sink { redraw(at: $0) }   // at most ten redraws a second

        for offset in 0..<10 {
            scrollOffsets.send(offset)
            scheduler.advance(by: .milliseconds(50))
        }
        scheduler.advance(by: .seconds(1))
        #expect(redrawn.withLock { $0 } == [0, 1, 3, 5, 7, 9])
        _ = cancellable
    }

    @Test("timeout: finishing, and sending a value")
    func timeout() {
        let scheduler = TestScheduler()
        struct Server {
            func scores() async -> [Int] { [1] }
        }
        let server = Server()
        let loadScores = Empty<Action>(completeImmediately: false)

        let finishing: Publishers.Timeout<Effect<Action>, TestScheduler> = Effect.run { send in await send(.scoresLoaded(await server.scores())) }
            .timeout(.seconds(5), scheduler: scheduler)   // no answer in 5 s: give up
        let sending = loadScores
            .timeout(.seconds(5), scheduler: scheduler, sending: .scoresTimedOut)

        #expect(finishing.description == "Timeout(5.0 seconds, Run)")
        let recorder = Recorder<Action>()
        sending.subscribe(recorder)
        scheduler.advance(by: .seconds(5))
        #expect(recorder.history == [.subscription, .value(.scoresTimedOut), .finished])
    }

    @Test("Publishers.Timer: a game clock")
    func timer() {
        let scheduler = TestScheduler()

        // A game clock: one action a second while the game runs.
        let clock: Effect<Action> = Effect(Publishers.Timer(every: .seconds(1), scheduler: scheduler).map { _ in .clockTicked })
            .cancellable(id: GameTimer.clock)

        let recorder = Recorder<Action>()
        clock.subscribe(recorder)
        scheduler.advance(by: .seconds(2))
        #expect(recorder.values == [.clockTicked, .clockTicked])
        recorder.cancel()
    }

    @Test("prefix: three ticks")
    func prefix() {
        let scheduler = TestScheduler()
        let ticks = Publishers.Timer(every: .seconds(1), scheduler: scheduler)
            .prefix(3)   // three ticks, then finished
        let recorder = Recorder<Duration>()
        ticks.subscribe(recorder)
        scheduler.advance(by: .seconds(5))
        #expect(recorder.history == [.subscription, .value(.seconds(1)), .value(.seconds(2)), .value(.seconds(3)), .finished])
    }

    @Test("removeDuplicates, scan, first, collect: the printed values")
    func shapeOperators() {
        struct Score: Sendable {
            let moves: Int
        }
        let scores = [Score(moves: 10), Score(moves: 10), Score(moves: 8)].publisher
        let distinct = scores.removeDuplicates { $0.moves == $1.moves }
        let recorder = Recorder<Score>()
        distinct.subscribe(recorder)
        #expect(recorder.values.map(\.moves) == [10, 8])

        let lines = printed {
            let removed = [1, 1, 2, 2, 2, 1].publisher
                .removeDuplicates()
                .sink { print($0) }   // 1, 2, 1
            let scanned = [1, 2, 3].publisher
                .scan(0) { total, value in total + value }
                .sink { print($0) }   // 1, 3, 6
            let first = [3, 1, 2].publisher
                .first()
                .sink { print($0) }   // 3
            let firstEven = [1, 4, 6].publisher
                .first { $0.isMultiple(of: 2) }
                .sink { print($0) }   // 4
            let collected = [1, 2, 3].publisher
                .collect()
                .sink { print($0) }   // [1, 2, 3]
            _ = (removed, scanned, first, firstEven, collected)
        }
        #expect(lines == ["1", "2", "1", "1", "3", "6", "3", "4", "[1, 2, 3]"])
    }

    @Test("handleEvents and replaceEmpty")
    func handleEventsAndReplaceEmpty() {
        let search = Just(["duck"])
        let savedScores = Empty<[String: Int]>()

        let lines = printed {
            let watched = search
                .handleEvents(receiveOutput: { print("results:", $0) }, receiveCancel: { print("cancelled") })
            let recorder = Recorder<[String]>()
            watched.subscribe(recorder)
        }
        #expect(lines == ["results: [\"duck\"]"])

        let replaced = savedScores
            .replaceEmpty(with: [:])   // no saved scores: an empty table
        let recorder = Recorder<[String: Int]>()
        replaced.subscribe(recorder)
        #expect(recorder.values == [[:]])
    }

    @Test("flatMap and switchToLatest")
    func combining() {
        let scheduler = TestScheduler()
        let cardIDs = [1, 2, 3].publisher
        @Sendable func loadPicture(of id: Int) -> some Publisher<String> {
            Just("picture \(id)").delay(for: .seconds(1), scheduler: scheduler)
        }
        let pictures = cardIDs
            .flatMap(maxPublishers: .max(2)) { id in loadPicture(of: id) }   // two downloads at a time
        let pictureRecorder = Recorder<String>()
        pictures.subscribe(pictureRecorder)
        scheduler.advance(by: .seconds(1))
        #expect(pictureRecorder.values == ["picture 1", "picture 2"])
        scheduler.advance(by: .seconds(1))
        #expect(pictureRecorder.values == ["picture 1", "picture 2", "picture 3"])

        let queries = PassthroughSubject<String>()
        @Sendable func results(for query: String) -> some Publisher<[String]> {
            Just([query + "ling"]).delay(for: .seconds(1), scheduler: scheduler)
        }
        let latest = queries
            .map { query in results(for: query) }   // a publisher of results per query
            .switchToLatest()                       // only the latest query's results
        let recorder = Recorder<[String]>()
        latest.subscribe(recorder)
        queries.send("duck")
        queries.send("duckling")
        scheduler.advance(by: .seconds(1))
        #expect(recorder.values == [["ducklingling"]])
    }

    @Test("combineLatest and zip")
    func pairs() {
        let difficulty = CurrentValueSubject("easy")
        let highScores = Just(["easy": 10, "hard": 30])
        let record = difficulty.combineLatest(highScores)
            .map { level, scores in scores[level] }   // the record for the chosen level
        let recordRecorder = Recorder<Int?>()
        record.subscribe(recordRecorder)
        difficulty.send("hard")
        #expect(recordRecorder.values == [10, 30])

        let moves = [4].publisher
        let pairsFound = [2].publisher
        let summary = moves.combineLatest(pairsFound) { moves, pairs in "\(pairs) pairs in \(moves) moves" }
        let summaryRecorder = Recorder<String>()
        summary.subscribe(summaryRecorder)
        #expect(summaryRecorder.values == ["2 pairs in 4 moves"])

        let questions = ["q1", "q2"].publisher
        let answers = ["a1", "a2"].publisher
        let zipped = questions.zip(answers)   // (question 1, answer 1), (question 2, answer 2), …
        let zippedRecorder = Recorder<String>()
        zipped.map { "\($0)-\($1)" }.subscribe(zippedRecorder)
        #expect(zippedRecorder.values == ["q1-a1", "q2-a2"])

        let names = ["Ada"].publisher
        let scores = [12].publisher
        let lines = names.zip(scores) { name, score in "\(name): \(score)" }
        let linesRecorder = Recorder<String>()
        lines.subscribe(linesRecorder)
        #expect(linesRecorder.values == ["Ada: 12"])
    }

    @Test("Effect.run, and its throwing form with catch:", .timeLimit(.minutes(1)))
    func run() async {
        let (lines, continuation) = AsyncStream<String>.makeStream()
        struct Input {
            let lines: AsyncStream<String>
        }
        let input = Input(lines: lines)
        let reading: Effect<Action> = Effect.run { send in
            for await line in input.lines {   // an AsyncStream<String>
                await send(.lineRead(line))
            }
        }
        let readingRecorder = Recorder<Action>()
        reading.subscribe(readingRecorder)
        continuation.yield("a1")
        continuation.finish()
        await readingRecorder.waitForCompletion()
        #expect(readingRecorder.values == [.lineRead("a1")])

        struct HighScoreFile {
            func load() async throws -> [Int] { throw LoadError() }
        }
        let file = HighScoreFile()
        let loading: Effect<Action> = Effect.run { send in
            await send(.highScoresLoaded(try await file.load()))
        } catch: { error, send in
            await send(.highScoresFailedToLoad("\(error)"))
        }
        let loadingRecorder = Recorder<Action>()
        loading.subscribe(loadingRecorder)
        await loadingRecorder.waitForCompletion()
        #expect(loadingRecorder.values == [.highScoresFailedToLoad("LoadError()")])
    }

    @Test("Effect.debounce(id:) and Effect.throttle(id:) in a middleware's switch")
    func effectOperators() {
        let scheduler = TestScheduler()
        @Sendable func search(_ query: String) async -> [String] { [query] }

        func debounced(_ action: Action) -> Effect<Action> {
            switch action {
            // Search as the user types: one search, 300 ms after the last keystroke.
            case .queryChanged(let query):
                return Effect.run { send in await send(.resultsLoaded(await search(query))) }
                    .debounce(id: SearchID.query, for: .milliseconds(300), scheduler: scheduler)
            default:
                return .none
            }
        }

        func throttled(_ action: Action) -> Effect<Action> {
            switch action {
            // Save at most once a second, however often the state changes.
            case .documentEdited:
                return Effect.just(.save)
                    .throttle(id: SaveID.document, for: .seconds(1), scheduler: scheduler, latest: true)
            default:
                return .none
            }
        }

        #expect(debounced(.queryChanged("duck")).description == "Debounce(id: query, 0.3 seconds, Run)")
        #expect(throttled(.documentEdited).description == "Throttle(id: document, 1.0 seconds, latest, Just(save))")
    }
}
