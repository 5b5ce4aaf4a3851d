// swift-format-ignore-file
// The examples here are the documentation's, line for line (DocumentationSnippetTests checks
// it): they keep the layout the documentation shows.
import Effects
import Redux
import TestSupport
import Testing
import ThreeDucks

// The examples in the doc comments of the ThreeDucks module, and the one of `Store.run(_:)`,
// compiled and run with the game's real types so that they stay true. DocumentationSnippetTests,
// in ReduxTests, checks that every example appears here as written: change both together.

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

    @Test("threeDucksReducer: a store of the game, dealt by the game logic")
    func store() {
        let scheduler = TestScheduler()
        let store = Store(
            initial: ThreeDucksState(),
            mutatingReducer: threeDucksReducer,
            middlewares: [gameLogic(random: SystemRandomNumberGenerator(), scheduler: scheduler)]
        )
        store.dispatch(.startGame)
        #expect(store.state.cards.count == 2 * store.state.difficulty.pairCount)
    }

    @Test("gameLogic: made with a seeded generator on a test scheduler, it deals the same deck")
    func gameLogicMiddleware() {
        let scheduler = TestScheduler()
        let logic = gameLogic(random: SplitMix64(seed: 42), scheduler: scheduler)
        var random = SplitMix64(seed: 42)
        let expected = Deck.shuffled(.normal, using: &random)
        let store = Store(initial: ThreeDucksState(), mutatingReducer: threeDucksReducer, middlewares: [logic])
        store.dispatch(.startGame)
        #expect(store.state.cards == expected)
    }

    @Test("Deck and SplitMix64: a seed deals the same deck every time")
    func seededDecks() {
        let first: [Card]
        do {
            var random = SplitMix64(seed: 7)
            let deck = Deck.shuffled(.normal, using: &random)   // 12 cards, always in this order
            first = deck
        }
        var again = SplitMix64(seed: 7)
        #expect(first.count == 12)
        #expect(Deck.shuffled(.normal, using: &again) == first)

        var random = SplitMix64(seed: 42)
        let deck = Deck.shuffled(.easy, using: &random)   // the same deck every time
        var other = SplitMix64(seed: 42)
        #expect(Deck.shuffled(.easy, using: &other) == deck)
    }

    @Test("highScores: a store that loads the scores from a file on a real scheduler", .timeLimit(.minutes(1)))
    func highScoresMiddleware() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.file("high-scores.json")
        let file = HighScoreFile(path: path)   // HighScoreFile.standard in the game
        let store = Store(
            initial: ThreeDucksState(),
            mutatingReducer: threeDucksReducer,
            middlewares: [highScores(file: file, ioScheduler: DispatchQueueScheduler())]
        )
        store.dispatch(.loadHighScores)
        await store.idle()
        #expect(store.state.highScores.isEmpty)   // no file yet: no scores, and no error
        #expect(store.state.highScoreError == nil)
    }

    @Test("soundCues: made with a player")
    func soundCuesMiddleware() {
        let sounds = soundCues(player: SilentSoundPlayer())   // or a SoundPlayer of your own
        let store = Store(initial: ThreeDucksState(), mutatingReducer: threeDucksReducer, middlewares: [sounds])
        store.dispatch(.startGame)
        #expect(store.state.screen == .started, "a middleware that only plays sounds leaves the game to the reducer")
        #expect(store.runningEffectCount == 0, "its effect is always .none")
    }

    @Test("FlipRefusal and flipRefusal(for:): a front end asks before it flips")
    func flipRefusals() {
        let store = Store(
            initial: ThreeDucksState(),
            mutatingReducer: threeDucksReducer,
            middlewares: [gameLogic(random: SplitMix64(seed: 3), scheduler: TestScheduler())]
        )
        store.dispatch(.startGame)
        let deck = store.state.cards
        let first = deck[0]
        let second = deck.first { $0.animal != first.animal }!
        let third = deck.first { $0.id != first.id && $0.id != second.id }!
        store.dispatch(.flipCard(first.id))
        store.dispatch(.flipCard(second.id))   // a mismatch, showing for a second

        let printed = PrintedLines()
        PrintedLines.$current.withValue(printed) {
            for id in [first.id, third.id] {
                let state = store.state
                switch state.flipRefusal(for: id) {
                case nil: store.dispatch(.flipCard(id))
                case .pairShowing?: print("Wait a moment: the two cards turn back first.")
                case let refusal?: print("Refused: \(refusal)")
                }
            }
        }
        #expect(printed.all == ["Refused: alreadyFaceUp", "Wait a moment: the two cards turn back first."])

        func flipWhenReady(_ id: Card.ID) {
            let state = store.state
            if state.flipRefusal(for: id) == .pairShowing { return }   // wait for the pair to turn back
            store.dispatch(.flipCard(id))
        }
        flipWhenReady(third.id)
        #expect(store.state.moves == 2)
    }

    @Test("PerfectMemoryPlayer: it looks, then picks a card the rules accept")
    func perfectMemoryPlayer() {
        let store = Store(
            initial: ThreeDucksState(),
            mutatingReducer: threeDucksReducer,
            middlewares: [gameLogic(random: SplitMix64(seed: 5), scheduler: TestScheduler())]
        )
        store.dispatch(.startGame)

        var player = PerfectMemoryPlayer()
        player.look(at: store.state)
        if let id = player.nextCard(in: store.state) { store.dispatch(.flipCard(id)) }

        #expect(store.state.moves == 1)
    }

    @Test("FlipOutcome and outcome(ofFlipping:): the rules tell what a flip leads to, before it")
    func flipOutcomes() {
        let store = Store(
            initial: ThreeDucksState(),
            mutatingReducer: threeDucksReducer,
            middlewares: [gameLogic(random: SplitMix64(seed: 3), scheduler: TestScheduler())]
        )
        store.dispatch(.startGame)
        let deck = store.state.cards
        var state = store.state
        var id = deck[0].id

        let outcome = state.outcome(ofFlipping: id)   // asked before the flip
        store.dispatch(.flipCard(id))
        #expect(outcome == .first)

        state = store.state
        id = deck.first { $0.animal != deck[0].animal }!.id
        let printed = PrintedLines()
        PrintedLines.$current.withValue(printed) {
            if state.outcome(ofFlipping: id) == .mismatch { print("These two turn back in a moment.") }
        }
        #expect(printed.all == ["These two turn back in a moment."])
    }

    @Test("FlipQueue: a flip asked during a mismatch is played once the pair has turned back")
    func flipQueue() {
        let scheduler = TestScheduler()
        let store = Store(
            initial: ThreeDucksState(),
            mutatingReducer: threeDucksReducer,
            middlewares: [gameLogic(random: SplitMix64(seed: 3), scheduler: scheduler)]
        )
        store.dispatch(.startGame)
        let deck = store.state.cards
        let first = deck[0]
        let second = deck.first { $0.animal != first.animal }!
        store.dispatch(.flipCard(first.id))
        store.dispatch(.flipCard(second.id))   // a mismatch, showing for a second
        let id = deck.first { $0.id != first.id && $0.id != second.id }!.id

        var flips = FlipQueue()
        if flips.ask(toFlip: id, in: store.state) == .flipNow { store.dispatch(.flipCard(id)) }
        // …and whenever the state changes:
        if case .flip(let id)? = flips.release(in: store.state) { store.dispatch(.flipCard(id)) }
        #expect(store.state.moves == 2 && flips.waitingCard == id, "the pair still shows")

        scheduler.advance(by: .seconds(1))
        if case .flip(let id)? = flips.release(in: store.state) { store.dispatch(.flipCard(id)) }
        #expect(store.state.moves == 3 && store.state.selectedCards == [id])
    }

    @Test("PlayerRequest and answer(to:): another level during a game is a new game at it")
    func playerRequests() {
        let store = Store(
            initial: ThreeDucksState(),
            mutatingReducer: threeDucksReducer,
            middlewares: [gameLogic(random: SplitMix64(seed: 3), scheduler: TestScheduler())]
        )
        store.dispatch(.startGame)

        let printed = PrintedLines()
        PrintedLines.$current.withValue(printed) {
            switch store.state.answer(to: .chooseDifficulty(.hard)) {
            case .accepted(let actions):
                for action in actions { store.dispatch(action) }   // a new game at the hard level
            case .refused(let refusal):
                print("Refused: \(refusal)")
            }
        }
        #expect(printed.all.isEmpty)
        #expect(store.state.screen == .started && store.state.difficulty == .hard)
        #expect(store.state.cards.count == Difficulty.hard.cardCount)

        let restart = ThreeDucksState(screen: .won).answer(to: .chooseDifficulty(.hard))
        // .accepted([.endGame, .setDifficulty(.hard), .startGame])
        let refusal = ThreeDucksState(screen: .title).answer(to: .giveUp)   // .refused(.noGame)
        #expect(restart == .accepted([.endGame, .setDifficulty(.hard), .startGame]))
        #expect(refusal == .refused(.noGame))
    }

    @Test("Autoplayer: a perfect-memory player wins a game through a store on a real clock", .timeLimit(.minutes(1)))
    func autoplayer() async {
        let store = Store(
            initial: ThreeDucksState(difficulty: .easy),
            mutatingReducer: threeDucksReducer,
            middlewares: [
                gameLogic(
                    random: SplitMix64(seed: 3), scheduler: DispatchQueueScheduler(),
                    mismatchDelay: .milliseconds(1), winDelay: .milliseconds(1))
            ]
        )
        store.dispatch(.startGame)

        let printed = PrintedLines()
        await PrintedLines.$current.withValue(printed) {
            var autoplayer = Autoplayer()
            while let move = autoplayer.nextMove(in: store.state) {
                store.dispatch(.flipCard(move.card))
                autoplayer.look(at: store.state)
                await store.idle()   // a mismatch has turned back
                print(move.outcome)  // .first, .pair or .mismatch
            }
        }
        #expect(store.state.screen == .won)
        #expect(printed.all.count == store.state.moves)
        #expect(printed.all.filter { $0 == "pair" }.count == Difficulty.easy.pairCount)
    }
}
