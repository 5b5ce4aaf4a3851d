import Effects
import Foundation
import Redux
import ReduxTesting
import TestSupport
import Testing
import ThreeDucks

@Suite struct HighScoresMiddlewareTests {
    private let folder: TemporaryDirectory
    private let file: HighScoreFile

    init() throws {
        folder = try TemporaryDirectory()
        file = HighScoreFile(path: folder.file("high-scores.json"))
    }

    /// A test store with the high-scores middleware only, reading and writing on the store's
    /// scheduler, and a clock that reads `now`.
    private func makeStore(
        _ initial: ThreeDucksState = ThreeDucksState(),
        file: HighScoreFile? = nil,
        now: Date = fixedDate
    ) -> TestStore<ThreeDucksState, ThreeDucksAction> {
        let scheduler = TestScheduler()
        return TestStore(
            initial: initial,
            mutatingReducer: threeDucksReducer,
            scheduler: scheduler,
            middlewares: [highScores(file: file ?? self.file, ioScheduler: scheduler, now: { now })]
        )
    }

    /// A game at `difficulty` with every card face up after `moves` moves, about to be won.
    private func aboutToWin(
        _ difficulty: Difficulty = .easy, moves: Int, highScores: [Difficulty: HighScore] = [:]
    ) -> ThreeDucksState {
        ThreeDucksState(
            screen: .started,
            difficulty: difficulty,
            cards: faceUp(seededDeck(difficulty, seed: 1)),
            moves: moves,
            highScores: highScores
        )
    }

    @Test("the scores are loaded when the I/O scheduler runs, not on the dispatching thread")
    func loadsOnTheIOScheduler() throws {
        let scores: [Difficulty: HighScore] = [.easy: HighScore(moves: 10, date: fixedDate)]
        let store = makeStore()
        store.send(.loadHighScores)
        // The file is written after the dispatch and before the scheduler runs: the read sees it.
        try file.save(scores)
        store.advance()
        store.receive(.highScoresLoaded(scores)) { $0.highScores = scores }
        store.finish()
    }

    @Test("no file yet means no scores, and no error")
    func noFileYet() {
        let store = makeStore()
        store.send(.loadHighScores)
        store.advance()
        store.receive(.highScoresLoaded([:]))
        store.finish()
    }

    @Test("a win with fewer moves is a new record: shown in the state and saved")
    func newRecord() throws {
        let old = HighScore(moves: 12, date: fixedDate.addingTimeInterval(-86_400))
        let store = makeStore(
            aboutToWin(moves: 10, highScores: [.easy: old, .hard: old]),
            now: fixedDate.addingTimeInterval(0.75))
        let record = HighScore(moves: 10, date: fixedDate)
        store.send(.winGame) { $0.screen = .won }
        store.receive(.newHighScore(difficulty: .easy, score: record)) {
            $0.highScores[.easy] = record
            $0.isNewRecord = true
        }
        store.advance()
        store.receive(.highScoresSaved)
        store.finish()
        #expect(try file.load() == [.easy: record, .hard: old])
    }

    @Test("the first win at a level is a record")
    func firstWin() {
        let store = makeStore(aboutToWin(.hard, moves: 40))
        let record = HighScore(moves: 40, date: fixedDate)
        store.send(.winGame) { $0.screen = .won }
        store.receive(.newHighScore(difficulty: .hard, score: record)) {
            $0.highScores[.hard] = record
            $0.isNewRecord = true
        }
        store.advance()
        store.receive(.highScoresSaved)
        store.finish()
    }

    // MARK: The win is the win

    /// A store with the game logic and the high scores on one test scheduler, a game of the
    /// seeded easy deck started, and every pair but the last matched.
    private func lastPairToGo(seed: UInt64 = 1) -> (
        TestStore<ThreeDucksState, ThreeDucksAction>, last: (Card.ID, Card.ID)
    ) {
        let deck = seededDeck(.easy, seed: seed)
        let file = self.file
        let store = makeGameStore(seed: seed) { scheduler in
            [highScores(file: file, ioScheduler: scheduler, now: { fixedDate })]
        }
        store.start(expecting: deck)
        let pairs = pairs(in: deck)
        for pair in pairs.dropLast() {
            store.match(pair)
        }
        return (store, pairs[pairs.count - 1])
    }

    @Test(
        "the record is taken, and saved, when the last pair matches; the won screen follows a second later"
    )
    func recordAtTheLastPair() throws {
        let (store, last) = lastPairToGo()
        let record = HighScore(moves: 8, date: fixedDate)
        store.match(last)
        store.receive(.newHighScore(difficulty: .easy, score: record)) {
            $0.highScores[.easy] = record
            $0.isNewRecord = true
        }
        store.advance()
        store.receive(.highScoresSaved)
        #expect(try file.load() == [.easy: record])
        #expect(store.state.screen == .started && store.state.isWon)

        store.advance(by: .milliseconds(999))
        store.advance(by: .milliseconds(1))
        store.receive(.winGame) { $0.screen = .won }
        store.finish()
        #expect(try file.load() == [.easy: record])
    }

    /// What a player can type during the second between the last pair and the won screen.
    enum Leaving: String, CaseIterable, CustomTestStringConvertible {
        case newGame = "new"
        case anotherLevel = "hard"
        case giveUp = "q"

        var testDescription: String { rawValue }
    }

    @Test(
        "leaving before the won screen shows keeps the record: new, a difficulty, q",
        arguments: Leaving.allCases)
    func leavingKeepsTheRecord(_ leaving: Leaving) throws {
        let (store, last) = lastPairToGo()
        let record = HighScore(moves: 8, date: fixedDate)
        store.match(last)
        store.receive(.newHighScore(difficulty: .easy, score: record)) {
            $0.highScores[.easy] = record
            $0.isNewRecord = true
        }
        store.advance(by: .milliseconds(500))
        store.receive(.highScoresSaved)

        let nextDeck: [Card] = {
            var random = SplitMix64(seed: 1)
            _ = Deck.shuffled(.easy, using: &random)
            return Deck.shuffled(leaving == .anotherLevel ? .hard : .easy, using: &random)
        }()
        let ended: (inout ThreeDucksState) -> Void = {
            $0.screen = .title
            $0.cards = []
            $0.moves = 0
            $0.isNewRecord = false
        }
        switch leaving {
        case .newGame:
            store.send(.startGame) {
                $0.cards = []
                $0.moves = 0
                $0.isNewRecord = false
            }
            store.receive(.dealt(nextDeck)) { $0.cards = nextDeck }
        case .anotherLevel:
            store.send(.endGame, ended)
            store.send(.setDifficulty(.hard)) { $0.difficulty = .hard }
            store.send(.startGame) { $0.screen = .started }
            store.receive(.dealt(nextDeck)) { $0.cards = nextDeck }
        case .giveUp:
            store.send(.endGame, ended)
        }

        // The won screen never shows, and the record stays, in the state and in the file.
        store.advance(by: .seconds(5))
        store.finish()
        #expect(store.state.highScores == [.easy: record])
        #expect(try file.load() == [.easy: record])
    }

    @Test("a last pair that beats no record takes none, and the won screen still follows")
    func lastPairWithoutRecord() throws {
        let best = HighScore(moves: 8, date: fixedDate.addingTimeInterval(-60))
        try file.save([.easy: best])
        let (store, last) = lastPairToGo()
        store.send(.loadHighScores)
        store.advance()
        store.receive(.highScoresLoaded([.easy: best])) { $0.highScores = [.easy: best] }
        store.match(last)
        store.advance(by: .seconds(1))
        store.receive(.winGame) { $0.screen = .won }
        store.finish()
    }

    @Test(
        "a win with as many moves or more is not a record, and nothing is saved",
        arguments: [10, 11])
    func notARecord(_ moves: Int) throws {
        let best = HighScore(moves: 10, date: fixedDate.addingTimeInterval(-60))
        let store = makeStore(aboutToWin(moves: moves, highScores: [.easy: best]))
        store.send(.winGame) { $0.screen = .won }
        store.finish()
        #expect(try folder.names().isEmpty)
    }

    @Test("a win the reducer refused (cards still face down) is not checked")
    func refusedWin() {
        var state = aboutToWin(moves: 2)
        state.cards[0].isFlipped = false
        let store = makeStore(state)
        store.send(.winGame)
        store.finish()
    }

    @Test(
        "a corrupt, truncated, empty or wrong-version file is moved aside, the error shown, and the game goes on",
        arguments: [
            (
                "{\"version\": 1, \"scores\": {\"easy\": {\"moves\": 12",
                HighScoreFileError.Problem.notJSON
            ),
            ("not json at all", .notJSON),
            ("", .empty),
            ("{\"version\": 2, \"scores\": {}}", .unsupportedVersion(2)),
        ]
    )
    func badFile(_ contents: String, _ problem: HighScoreFileError.Problem) throws {
        try folder.write(contents, to: "high-scores.json")
        let known = HighScore(moves: 20, date: fixedDate.addingTimeInterval(-60))
        var initial = aboutToWin(moves: 9)
        initial.highScores = [.normal: known]
        let store = makeStore(initial)
        let message = HighScoreFileError.movedAside(
            path: file.path,
            problem: problem,
            backup: folder.file("high-scores.json.corrupt-1")
        ).description

        store.send(.loadHighScores)
        store.advance()
        store.receive(.highScoresFailedToLoad(message)) { $0.highScoreError = message }
        #expect(folder.contents(of: "high-scores.json.corrupt-1") == contents)
        #expect(folder.contents(of: "high-scores.json") == nil)

        // The game goes on, with the scores it had, and the next record makes a new file.
        let record = HighScore(moves: 9, date: fixedDate)
        store.send(.winGame) { $0.screen = .won }
        store.receive(.newHighScore(difficulty: .easy, score: record)) {
            $0.highScores[.easy] = record
            $0.isNewRecord = true
        }
        store.advance()
        store.receive(.highScoresSaved) { $0.highScoreError = nil }
        store.finish()
        #expect(try file.load() == [.easy: record, .normal: known])
        #expect(folder.contents(of: "high-scores.json.corrupt-1") == contents)
    }

    @Test(
        "an unwritable folder (its path runs through a file) is reported, and the scores are kept")
    func unwritableFolder() throws {
        // Tests may run as root, whom permissions do not stop; a file in the way stops anyone.
        try folder.write("I am a file", to: "blocker")
        let blocked = HighScoreFile(path: folder.file("blocker/three-ducks/high-scores.json"))
        let store = makeStore(aboutToWin(moves: 9), file: blocked)
        let record = HighScore(moves: 9, date: fixedDate)

        store.send(.loadHighScores)
        store.advance()
        store.receive(.highScoresLoaded([:]))
        store.send(.winGame) { $0.screen = .won }
        store.receive(.newHighScore(difficulty: .easy, score: record)) {
            $0.highScores[.easy] = record
            $0.isNewRecord = true
        }
        store.advance()
        let message = HighScoreFileError.couldNotSave(
            path: blocked.path,
            reason: "\(folder.file("blocker")) is not a folder"
        ).description
        store.receive(.highScoresFailedToSave(message)) { $0.highScoreError = message }
        store.finish()
        #expect(folder.contents(of: "blocker") == "I am a file")
    }

    @Test("a folder where the file should be is reported on load and on save")
    func folderInTheWay() throws {
        try FileManager.default.createDirectory(
            atPath: file.path, withIntermediateDirectories: true)
        let store = makeStore(aboutToWin(moves: 9))
        let loadMessage = HighScoreFileError.notAFile(path: file.path).description

        store.send(.loadHighScores)
        store.advance()
        store.receive(.highScoresFailedToLoad(loadMessage)) { $0.highScoreError = loadMessage }
        store.send(.winGame) { $0.screen = .won }
        let record = HighScore(moves: 9, date: fixedDate)
        store.receive(.newHighScore(difficulty: .easy, score: record)) {
            $0.highScores[.easy] = record
            $0.isNewRecord = true
        }
        store.advance()
        let saveMessage = HighScoreFileError.couldNotSave(path: file.path, reason: "Is a directory")
            .description
        store.receive(.highScoresFailedToSave(saveMessage)) { $0.highScoreError = saveMessage }
        store.finish()
    }

    @Test("with a real I/O queue, the scores arrive asynchronously", .timeLimit(.minutes(1)))
    func realScheduler() async throws {
        let scores: [Difficulty: HighScore] = [.normal: HighScore(moves: 16, date: fixedDate)]
        try file.save(scores)
        let store = Store(
            initial: ThreeDucksState(),
            mutatingReducer: threeDucksReducer,
            middlewares: [highScores(file: file, ioScheduler: DispatchQueueScheduler())]
        )
        let updates = store.values(of: \.highScores)
        store.dispatch(.loadHighScores)
        for await loaded in updates where loaded == scores {
            break
        }
        #expect(store.state.highScores == scores)
    }
}
