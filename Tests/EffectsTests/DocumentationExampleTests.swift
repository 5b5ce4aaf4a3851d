// swift-format-ignore-file
// The examples here are the documentation's, line for line (DocumentationSnippetTests checks
// it): they keep the layout the documentation shows.
import Effects
import Testing

// The examples in the doc comments of the Effects module, compiled and run so that they stay
// true. Each test copies its example as written (a fragment gets a `let` in front of it), with
// small stand-ins for the names the example assumes. DocumentationSnippetTests, in ReduxTests,
// checks that every example appears here as written: change both together.

/// What the examples print, per test: `print` below records here instead of writing to the
/// standard output.
final class PrintLog: Sendable {
    private let lines = Lock<[String]>([])

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
    case startGame
    case flipCard(Int)
    case unFlipSelectedCards
    case tick
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
    case unFlip
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
        let searched = Lock<[String]>([])
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

    @Test("CurrentValueSubject: value set after the completion")
    func currentValueAfterCompletion() {
        let lines = printed {
            let volume = CurrentValueSubject<Int>(5)
            volume.send(completion: .finished)
            volume.value = 7   // nobody is told
            volume.send(9)     // ignored
            print(volume.value)   // 7
        }
        #expect(lines == ["7"])
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
        let searched = Lock<[String]>([])
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
        let redrawn = Lock<[Int]>([])
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
        let ticks = Publishers.Timer(every: .seconds(1), scheduler: scheduler)
            .map { _ in Action.clockTicked }
        let clock = Effect(ticks).cancellable(id: GameTimer.clock)

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

        #expect(printed {
            let cancellable = [1, 1, 2, 2, 2, 1].publisher
                .removeDuplicates()
                .sink { print($0) }   // 1, 2, 1
            _ = cancellable
        } == ["1", "2", "1"])
        #expect(printed {
            let cancellable = [1, 2, 3].publisher
                .scan(0) { total, value in total + value }
                .sink { print($0) }   // 1, 3, 6
            _ = cancellable
        } == ["1", "3", "6"])
        #expect(printed {
            let cancellable = [3, 1, 2].publisher
                .first()
                .sink { print($0) }   // 3
            _ = cancellable
        } == ["3"])
        #expect(printed {
            let cancellable = [1, 4, 6].publisher
                .first { $0.isMultiple(of: 2) }
                .sink { print($0) }   // 4
            _ = cancellable
        } == ["4"])
        #expect(printed {
            let cancellable = [1, 2, 3].publisher
                .collect()
                .sink { print($0) }   // [1, 2, 3]
            _ = cancellable
        } == ["[1, 2, 3]"])
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

    @Test("Effect.compactMap: only the moves that are flips")
    func effectCompactMap() {
        let moves: Effect<String> = .merge(.just("flip 3"), .just("shuffle"))
        let flips = moves.compactMap { move in Int(move.dropFirst(5)) }   // 3
        let recorder = Recorder<Int>()
        flips.subscribe(recorder)
        #expect(recorder.values == [3])
    }

    @Test("zip of three and four")
    func zipOfThreeAndFour() {
        do {
            let questions = ["q1", "q2"].publisher, answers = ["a1", "a2"].publisher
            let scores = [1, 2].publisher
            let triples = questions.zip(answers, scores)   // (question 1, answer 1, score 1), …
            let recorder = Recorder<String>()
            triples.map { "\($0.0) \($0.1) \($0.2)" }.subscribe(recorder)
            #expect(recorder.values == ["q1 a1 1", "q2 a2 2"])
        }
        do {
            let names = ["Ann"].publisher, scores = [7].publisher, levels = ["easy"].publisher
            let lines = names.zip(scores, levels) { name, score, level in "\(name): \(score) at \(level)" }
            let recorder = Recorder<String>()
            lines.subscribe(recorder)
            #expect(recorder.values == ["Ann: 7 at easy"])
        }
        do {
            let rounds = [1].publisher, players = ["Ann"].publisher, moves = [3].publisher
            let scores = [7].publisher
            let quadruples = rounds.zip(players, moves, scores)   // (round 1, player 1, move 1, score 1), …
            let recorder = Recorder<String>()
            quadruples.map { "\($0.0) \($0.1) \($0.2) \($0.3)" }.subscribe(recorder)
            #expect(recorder.values == ["1 Ann 3 7"])
        }
        do {
            let names = ["Ann"].publisher, scores = [7].publisher, levels = ["easy"].publisher
            let times = ["1:02"].publisher
            let lines = names.zip(scores, levels, times) { name, score, level, time in
                "\(name): \(score) at \(level) in \(time)"
            }
            let recorder = Recorder<String>()
            lines.subscribe(recorder)
            #expect(recorder.values == ["Ann: 7 at easy in 1:02"])
        }
    }

    @Test("combineLatest of three and four")
    func combineLatestOfThreeAndFour() {
        do {
            let level = CurrentValueSubject(1), lives = CurrentValueSubject(3)
            let score = CurrentValueSubject(0)
            let latest = level.combineLatest(lives, score)   // (latest level, latest lives, latest score)
            let recorder = Recorder<String>()
            latest.map { "\($0.0) \($0.1) \($0.2)" }.subscribe(recorder)
            score.send(10)
            #expect(recorder.values == ["1 3 0", "1 3 10"])
        }
        do {
            let moves = [4].publisher, pairsFound = [2].publisher, level = [1].publisher
            let summary = moves.combineLatest(pairsFound, level) { moves, pairs, level in
                "level \(level): \(pairs) pairs in \(moves) moves"
            }
            let recorder = Recorder<String>()
            summary.subscribe(recorder)
            #expect(recorder.values == ["level 1: 2 pairs in 4 moves"])
        }
        do {
            let level = CurrentValueSubject(1), lives = CurrentValueSubject(3)
            let score = CurrentValueSubject(0), time = CurrentValueSubject(60)
            let latest = level.combineLatest(lives, score, time)   // the latest of each of the four
            let recorder = Recorder<String>()
            latest.map { "\($0.0) \($0.1) \($0.2) \($0.3)" }.subscribe(recorder)
            time.send(59)
            #expect(recorder.values == ["1 3 0 60", "1 3 0 59"])
        }
        do {
            let moves = [4].publisher, pairsFound = [2].publisher, level = [1].publisher
            let lives = [3].publisher
            let sum = moves.combineLatest(pairsFound, level, lives) { $0 + $1 + $2 + $3 }   // a sum of the four
            let recorder = Recorder<Int>()
            sum.subscribe(recorder)
            #expect(recorder.values == [10])
        }
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
    // MARK: The rest of the module

    @Test("AnyCancellable: store(in:) keeps the subscriptions of a set")
    func storeIn() {
        let publisher = PassthroughSubject<Int>()
        let lines = printed {
            var cancellables = Set<AnyCancellable>()
            publisher.sink { print($0) }.store(in: &cancellables)
            publisher.send(7)
            #expect(cancellables.count == 1)
        }
        #expect(lines == ["7"])
    }

    @Test("Effect: its description prints its tree")
    func effectDescription() {
        let scheduler = TestScheduler()
        let lines = printed {
            let effect = Effect.just(Action.unFlipSelectedCards)
                .delay(for: .seconds(1), scheduler: scheduler)
            print(effect)   // Delay(1.0 seconds, Just(unFlipSelectedCards))
        }
        #expect(lines == ["Delay(1.0 seconds, Just(unFlipSelectedCards))"])
    }

    @Test("Effect.cancellable: a delayed action, cancelled in flight")
    func cancellable() {
        let scheduler = TestScheduler()
        func unFlip() -> Effect<Action> {
            return Effect.just(.unFlipSelectedCards)
                .delay(for: .seconds(1), scheduler: scheduler)
                .cancellable(id: GameTimer.unFlip, cancelInFlight: true)
        }
        #expect(unFlip().description == "Cancellable(id: unFlip, cancelInFlight, Delay(1.0 seconds, Just(unFlipSelectedCards)))")
    }

    @Test("Effect.run and SchedulerClock: ticking on an injected clock", .timeLimit(.minutes(1)))
    func ticking() async {
        let scheduler = TestScheduler()
        @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
        func ticking(clock: some Clock<Duration>) -> Effect<Action> {
            .run { send in
                while (try? await clock.sleep(for: .seconds(1))) != nil {
                    await send(.tick)
                }
            }
        }
        let effect = ticking(clock: scheduler.clock)

        // As a store made with `taskExecutor: scheduler` runs it: the task on the scheduler.
        let context = EffectContext(taskExecutor: scheduler)
        let recorder = Recorder<Action>()
        context.start(effect, sendingTo: recorder)
        scheduler.runReadyTasks()
        scheduler.advance(by: .seconds(2))
        #expect(recorder.values == [.tick, .tick])
        recorder.cancel()
        scheduler.runReadyTasks()   // the cancelled task ends
        withExtendedLifetime(context) {}
    }

    @Test("Publisher: a chain of operators")
    func publisher() {
        let lines = printed {
            let cancellable = [1, 2, 3].publisher
                .map { $0 * 10 }
                .sink { print($0) }   // 10, 20, 30
            _ = cancellable
        }
        #expect(lines == ["10", "20", "30"])
    }

    @Test("Deferred: the work happens on subscription")
    func deferred() {
        let loads = Lock(0)
        @Sendable func loadScores() -> [Int] {
            loads.withLock { $0 += 1 }
            return [3]
        }
        let deferred = Deferred { Just(loadScores()) }
        #expect(loads.withLock { $0 } == 0)
        let recorder = Recorder<[Int]>()
        deferred.subscribe(recorder)
        #expect(recorder.values == [[3]])
        #expect(loads.withLock { $0 } == 1)
    }

    @Test("Just and delay: an action a second later")
    func justDelayed() {
        let scheduler = TestScheduler()
        let delayed = Just(Action.unFlipSelectedCards)
            .delay(for: .seconds(1), scheduler: scheduler)
        let recorder = Recorder<Action>()
        delayed.subscribe(recorder)
        scheduler.advance(by: .milliseconds(999))
        #expect(recorder.values.isEmpty)
        scheduler.advance(by: .milliseconds(1))
        #expect(recorder.history == [.subscription, .value(.unFlipSelectedCards), .finished])
    }

    @Test("Empty: finished at once, or open until cancelled")
    func empty() {
        let finished = Empty<Action>()                           // finishes immediately
        let open = Empty<Action>(completeImmediately: false)      // stays open until cancelled
        let finishedRecorder = Recorder<Action>()
        finished.subscribe(finishedRecorder)
        #expect(finishedRecorder.history == [.subscription, .finished])
        let openRecorder = Recorder<Action>()
        open.subscribe(openRecorder)
        #expect(openRecorder.history == [.subscription])
        openRecorder.cancel()
    }

    @Test("map: scores become an action")
    func map() {
        let scoresPublisher = Just([12, 15])
        let mapped = scoresPublisher.map { Action.highScoresLoaded($0) }
        let recorder = Recorder<Action>()
        mapped.subscribe(recorder)
        #expect(recorder.values == [.highScoresLoaded([12, 15])])
    }

    @Test("Publishers.Run: loaded scores, or an empty table", .timeLimit(.minutes(1)))
    func runPublisher() async {
        struct HighScoreFile {
            func load() async throws -> [Int] { throw LoadError() }
        }
        let file = HighScoreFile()
        let loading: Effect<Action> = Effect.run { send in
            let scores = (try? await file.load()) ?? []   // none saved yet: an empty table
            await send(.highScoresLoaded(scores))
        }
        let recorder = Recorder<Action>()
        loading.subscribe(recorder)
        await recorder.waitForCompletion()
        #expect(recorder.values == [.highScoresLoaded([])])
    }

    @Test("Sequence: actions as a publisher")
    func sequence() {
        let actions = [Action.startGame, .flipCard(0)].publisher
        let recorder = Recorder<Action>()
        actions.subscribe(recorder)
        #expect(recorder.history == [.subscription, .value(.startGame), .value(.flipCard(0)), .finished])
    }

    @Test("sink: a value at once")
    func sink() {
        let lines = printed {
            let cancellable = Just(42).sink { print($0) }
            _ = cancellable
        }
        #expect(lines == ["42"])
    }

    @Test("Scheduler: repeating work until cancelled")
    func repeating() {
        let scheduler = TestScheduler()
        let ticks = Lock(0)
        @Sendable func tick() { ticks.withLock { $0 += 1 } }

        let ticking = scheduler.schedule(after: .seconds(1), interval: .seconds(1)) { tick() }
        // … later:
        ticking.cancel()

        scheduler.advance(by: .seconds(5))
        #expect(ticks.withLock { $0 } == 0)
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test("TestScheduler: nothing runs before its time")
    func testScheduler() {
        let lines = printed {
            let scheduler = TestScheduler()
            let cancellable = Just(1).delay(for: .seconds(1), scheduler: scheduler).sink { print($0) }
            scheduler.advance(by: .milliseconds(999))   // nothing yet
            scheduler.advance(by: .milliseconds(1))     // prints 1
            #expect(scheduler.pendingWorkCount == 0)
            _ = cancellable
        }
        #expect(lines == ["1"])
    }

    @Test("TestScheduler: repeating work at exact virtual instants")
    func testSchedulerRepeating() {
        let scheduler = TestScheduler()
        let ticks = Lock<[Duration]>([])
        @Sendable func tick() { ticks.withLock { $0.append(scheduler.now) } }

        let ticking = scheduler.schedule(after: .seconds(1), interval: .seconds(2)) { tick() }
        scheduler.advance(by: .seconds(5))   // ticks at 1 s, 3 s and 5 s
        ticking.cancel()

        #expect(ticks.withLock { $0 } == [.seconds(1), .seconds(3), .seconds(5)])
        #expect(scheduler.pendingWorkCount == 0)
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @Test("TestScheduler as a task executor: a sleeper woken by advance", .timeLimit(.minutes(1)))
    func testSchedulerTask() async {
        let scheduler = TestScheduler()
        let log = PrintLog()
        await PrintLog.$current.withValue(log) {
            let task = Task(executorPreference: scheduler) {
                try await scheduler.clock.sleep(for: .seconds(1))
                print("woke")
            }
            scheduler.runReadyTasks()                  // the task starts, and sleeps
            scheduler.advance(by: .milliseconds(999))  // nothing
            scheduler.advance(by: .milliseconds(1))    // prints "woke" before advance returns
            #expect(log.printed == ["woke"])
            #expect(scheduler.now == .seconds(1))
            _ = await task.result
        }
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @Test("runReadyTasks: a task runs until it first waits", .timeLimit(.minutes(1)))
    func runReadyTasks() async {
        let scheduler = TestScheduler()
        let steps = Lock<[String]>([])
        @Sendable func work() async {
            steps.withLock { $0.append("started") }
            try? await scheduler.clock.sleep(for: .seconds(1))
            steps.withLock { $0.append("woke") }
        }

        let task = Task(executorPreference: scheduler) { await work() }
        scheduler.runReadyTasks()   // work() runs until it first waits

        #expect(steps.withLock { $0 } == ["started"])
        scheduler.advance(by: .seconds(1))
        #expect(steps.withLock { $0 } == ["started", "woke"])
        await task.value
    }

    @Test("Combine's operators ported: dropFirst to merge, each with the value it prints")
    func portedOperators() {
        #expect(printed {
            let cancellable = [1, 2, 3, 4].publisher
                .dropFirst(2)
                .sink { print($0) }   // 3, 4
            _ = cancellable
        } == ["3", "4"])
        #expect(printed {
            let cancellable = [1, 2, 5, 1].publisher
                .drop { $0 < 3 }
                .sink { print($0) }   // 5, 1
            _ = cancellable
        } == ["5", "1"])
        #expect(printed {
            let cancellable = [1, 2, 5, 1].publisher
                .prefix { $0 < 3 }
                .sink { print($0) }   // 1, 2
            _ = cancellable
        } == ["1", "2"])
        #expect(printed {
            let cancellable = ["a", "b", "c"].publisher
                .output(at: 1)
                .sink { print($0) }   // b
            _ = cancellable
        } == ["b"])
        #expect(printed {
            let cancellable = [10, 20, 30, 40, 50].publisher
                .output(in: 1...3)
                .sink { print($0) }   // 20, 30, 40
            _ = cancellable
        } == ["20", "30", "40"])
        #expect(printed {
            let cancellable = ["a", "b", "c"].publisher
                .count()
                .sink { print($0) }   // 3
            _ = cancellable
        } == ["3"])
        #expect(printed {
            let cancellable = [1, 2, 3].publisher
                .reduce(0) { total, value in total + value }
                .sink { print($0) }   // 6
            _ = cancellable
        } == ["6"])
        #expect(printed {
            let cancellable = [3, 1, 2].publisher
                .last()
                .sink { print($0) }   // 2
            _ = cancellable
        } == ["2"])
        #expect(printed {
            let cancellable = [2, 4, 5].publisher
                .last { $0.isMultiple(of: 2) }
                .sink { print($0) }   // 4
            _ = cancellable
        } == ["4"])
        #expect(printed {
            let cancellable = [1, 2, 3].publisher
                .contains(2)
                .sink { print($0) }   // true
            _ = cancellable
        } == ["true"])
        #expect(printed {
            let cancellable = [1, 3, 4].publisher
                .contains { $0.isMultiple(of: 2) }
                .sink { print($0) }   // true
            _ = cancellable
        } == ["true"])
        #expect(printed {
            let cancellable = [2, 4, 6].publisher
                .allSatisfy { $0.isMultiple(of: 2) }
                .sink { print($0) }   // true
            _ = cancellable
        } == ["true"])
        #expect(printed {
            let cancellable = [3, 4].publisher
                .prepend(1, 2)
                .sink { print($0) }   // 1, 2, 3, 4
            _ = cancellable
        } == ["1", "2", "3", "4"])
        #expect(printed {
            let cancellable = Just(0)
                .prepend([1, 2].publisher)
                .sink { print($0) }   // 1, 2, 0
            _ = cancellable
        } == ["1", "2", "0"])
        #expect(printed {
            let cancellable = [1, 2].publisher
                .append(3, 4)
                .sink { print($0) }   // 1, 2, 3, 4
            _ = cancellable
        } == ["1", "2", "3", "4"])
        #expect(printed {
            let cancellable = Just(1)
                .merge(with: Just(2), Just(3))
                .sink { print($0) }   // 1, 2, 3
            _ = cancellable
        } == ["1", "2", "3"])
        let merged = Publishers.MergeMany((1...3).lazy.map { Just($0) })
        #expect(printed { _ = merged.sink { print($0) } } == ["1", "2", "3"])
    }

    @Test("share: two subscribers, one timer, the same ticks")
    func share() {
        let scheduler = TestScheduler()
        let lines = printed {
            let ticks = Publishers.Timer(every: .seconds(1), scheduler: scheduler).share()
            let first = ticks.sink { print("first", $0) }
            let second = ticks.sink { print("second", $0) }   // the same ticks as `first`
            scheduler.advance(by: .seconds(2))
            first.cancel()
            second.cancel()
        }
        #expect(
            lines == [
                "first 1.0 seconds", "second 1.0 seconds", "first 2.0 seconds", "second 2.0 seconds",
            ])
        #expect(scheduler.pendingWorkCount == 0)
    }
}
