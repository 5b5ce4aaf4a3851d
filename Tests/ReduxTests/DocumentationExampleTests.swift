// swift-format-ignore-file
// The examples here are the documentation's, line for line (DocumentationSnippetTests checks
// it): they keep the layout the documentation shows.
import Effects
import Observation
import Redux
import ReduxTesting
import Testing

// The examples in the doc comments of the Redux and ReduxTesting modules (and the one of
// `AnyScheduler`, which makes a middleware), compiled and run so that they stay true. Each test
// copies its example as written (a fragment gets a `let` in front of it), on a small card game
// that stands in for the names the examples assume: `Game`, `GameAction`, `gameReducer`,
// `gameLogic(scheduler:)`, `deck`. DocumentationSnippetTests checks that every example appears
// here as written: change both together.

// MARK: - The examples' card game

private struct Card: Equatable, Sendable {
    var animal: String
    var isFlipped = false
}

private struct Game: Equatable, Sendable {
    var cards: [Card] = []
    var selected: [Int] = []
    var moves = 0
    var highScores: [Int] = []
    var highScoreError: String?

    /// Two cards are face up and they differ.
    var isMismatch: Bool {
        selected.count == 2 && cards[selected[0]].animal != cards[selected[1]].animal
    }
}

private enum GameAction: Equatable, Sendable {
    case startGame
    case flipCard(Int)
    case unFlipSelectedCards
    case loadHighScores
    case highScoresLoaded([Int])
    case highScoresFailedToLoad(String)
}

/// Two pairs: a duck and a fox, then a duck and a fox again.
private let deck = [Card(animal: "duck"), Card(animal: "fox"), Card(animal: "duck"), Card(animal: "fox")]

private let gameReducer: Reducer<Game, GameAction> = { state, action in
    var state = state
    switch action {
    case .startGame:
        state = Game(cards: deck, highScores: state.highScores)
    case .flipCard(let id):
        guard state.cards.indices.contains(id), !state.cards[id].isFlipped, state.selected.count < 2 else {
            return state
        }
        state.cards[id].isFlipped = true
        state.moves += 1
        state.selected.append(id)
        if state.selected.count == 2, !state.isMismatch {
            state.selected = []   // a pair: it stays face up
        }
    case .unFlipSelectedCards:
        for id in state.selected {
            state.cards[id].isFlipped = false
        }
        state.selected = []
    case .loadHighScores:
        break
    case .highScoresLoaded(let scores):
        state.highScores = scores
    case .highScoresFailedToLoad(let message):
        state.highScoreError = message
    }
    return state
}

private struct EmptyFile: Error, CustomStringConvertible {
    var description: String { "the file is empty" }
}

/// Turns a mismatch face down after a second, and loads the high scores with `load`.
private func gameLogic(
    scheduler: some Scheduler,
    load: @escaping @Sendable () throws -> [Int] = { [12, 15] }
) -> Middleware<Game, GameAction> {
    let unFlip = unFlipAfterAMismatch(scheduler: scheduler)
    return { state, action in
        guard case .loadHighScores = action else { return unFlip(state, action) }
        do {
            return .just(.highScoresLoaded(try load()))
        } catch {
            return .just(.highScoresFailedToLoad("\(error)"))
        }
    }
}

/// The `Middleware` doc comment's example.
private func unFlipAfterAMismatch(scheduler: some Scheduler) -> Middleware<Game, GameAction> {
    { state, action in
        guard case .flipCard = action, state.isMismatch else { return .none }
        return Effect.just(.unFlipSelectedCards)
            .delay(for: .seconds(1), scheduler: scheduler)
            .cancellable(id: "unflip", cancelInFlight: true)
    }
}

/// The `AnyScheduler` doc comment's example.
private func unFlipping(scheduler: some Scheduler) -> Middleware<Game, GameAction> {
    let scheduler = AnyScheduler(scheduler)   // from here on, one concrete type
    return { state, action in
        guard case .flipCard = action, state.isMismatch else { return .none }
        return Effect.just(.unFlipSelectedCards).delay(for: .seconds(1), scheduler: scheduler)
    }
}

// MARK: - The stopwatch of TestStore's async example

private struct Stopwatch: Equatable, Sendable {
    var ticks = 0
    var isRunning = false
}

private enum StopwatchAction: Equatable, Sendable {
    case start
    case tick
}

/// Runs for two ticks.
private let stopwatchReducer: Reducer<Stopwatch, StopwatchAction> = { state, action in
    var state = state
    switch action {
    case .start:
        state.isRunning = true
    case .tick:
        state.ticks += 1
        state.isRunning = state.ticks < 2
    }
    return state
}

/// Ticks twice after a start, a second apart, on `clock`.
private func tickingTwice(clock: some Clock<Duration>) -> Middleware<Stopwatch, StopwatchAction> {
    { _, action in
        guard case .start = action else { return .none }
        return .run { send in
            for _ in 0..<2 {
                guard (try? await clock.sleep(for: .seconds(1))) != nil else { return }
                await send(.tick)
            }
        }
    }
}

// MARK: - What the examples print or draw

/// What the examples print, per test: `print` below records here.
private final class ExampleOutput: Sendable {
    @TaskLocal static var current: ExampleOutput?
    private let lines = Lock<[String]>([])

    var printed: [String] { lines.withLock { $0 } }

    func append(_ line: String) { lines.withLock { $0.append(line) } }
}

/// Shadows `Swift.print` in this file, so that the examples' `print` calls are recorded.
private func print(_ items: Any...) {
    ExampleOutput.current?.append(items.map { "\($0)" }.joined(separator: " "))
}

@Suite struct ReduxDocumentationExampleTests {
    // MARK: Redux

    @Test("Store: made with a middleware, watched, and sent an action")
    func store() {
        let output = ExampleOutput()
        ExampleOutput.$current.withValue(output) {
            let store = Store(
                initial: Game(),
                reducer: gameReducer,
                middlewares: [gameLogic(scheduler: DispatchQueueScheduler())]
            )
            let token = store.subscribe(to: \.moves) { print("moves:", $0) }
            store.dispatch(.startGame)
            store.dispatch(.flipCard(0))
            token.cancel()
        }
        #expect(output.printed == ["moves: 0", "moves: 1"])
    }

    @Test("subscribe(to:): the moves, whenever they change")
    func subscribeTo() {
        let store = Store(initial: Game(cards: deck), reducer: gameReducer)
        let output = ExampleOutput()
        ExampleOutput.$current.withValue(output) {
            let token = store.subscribe(to: \.moves) { moves in print("moves:", moves) }
            store.dispatch(.flipCard(0))
            store.dispatch(.flipCard(0))   // refused: the card is face up, the moves stay
            token.cancel()
        }
        #expect(output.printed == ["moves: 0", "moves: 1"])
    }

    @Test("Interceptor: flips are dropped while two cards are face up")
    func interceptor() {
        // Drop flips while two cards are already face up.
        let guardFlips = Interceptor<Game, GameAction> { action, context, next in
            if case .flipCard = action, context.state.selected.count == 2 { return }
            next(action)
        }
        let reached = Lock<[GameAction]>([])
        let recorder = Interceptor<Game, GameAction> { action, _, next in
            reached.withLock { $0.append(action) }
            next(action)
        }
        let store = Store(
            initial: Game(cards: deck),
            reducer: gameReducer,
            interceptors: [guardFlips, recorder]
        )
        store.dispatch(.flipCard(0))
        store.dispatch(.flipCard(1))
        store.dispatch(.flipCard(2))
        #expect(reached.withLock { $0 } == [.flipCard(0), .flipCard(1)])
    }

    @Test("Middleware and AnyScheduler: a mismatch turns face down after a second")
    func middleware() {
        let makers: [(TestScheduler) -> Middleware<Game, GameAction>] = [
            unFlipAfterAMismatch(scheduler:),
            unFlipping(scheduler:),
        ]
        for makeMiddleware in makers {
            let scheduler = TestScheduler()
            let store = Store(
                initial: Game(cards: deck),
                reducer: gameReducer,
                middlewares: [makeMiddleware(scheduler)]
            )
            store.dispatch(.flipCard(0))
            store.dispatch(.flipCard(1))
            scheduler.advance(by: .milliseconds(999))
            #expect(store.state.selected == [0, 1])
            scheduler.advance(by: .milliseconds(1))
            #expect(store.state.selected.isEmpty)
            #expect(store.state.cards.allSatisfy { !$0.isFlipped })
        }
    }

    @Test("Reducer and MutatingReducer: the same counter, two forms")
    func reducers() {
        let pure: Reducer<Counter, CounterAction>
        do {
            let reducer: Reducer<Counter, CounterAction> = { (state: consuming Counter, action) in
                if case .increment = action { state.count += 1 }
                return state
            }
            pure = reducer
        }
        let inPlace: MutatingReducer<Counter, CounterAction>
        do {
            let reducer: MutatingReducer<Counter, CounterAction> = { state, action in
                if case .increment = action { state.count += 1 }
            }
            inPlace = reducer
        }
        var counter = pure(Counter(), .increment)
        inPlace(&counter, .increment)
        inPlace(&counter, .reset)   // ignored by both
        #expect(counter == Counter(count: 2))
    }

    @Test("ObservableStore: a tracked read is told only when what it read changes")
    func observableStore() {
        let store = Store(initial: Game(cards: deck), reducer: gameReducer)
        let rendered = Lock<[Int]>([])
        let redraws = Lock(0)
        @Sendable func render(moves: Int, firstCard: Card?) { rendered.withLock { $0.append(moves) } }
        @Sendable func scheduleRedraw() { redraws.withLock { $0 += 1 } }

        let model = ObservableStore(store)
        withObservationTracking {
            render(moves: model.moves, firstCard: model[\.cards, at: 0])
        } onChange: {
            scheduleRedraw()   // only when the moves or the first card change
        }

        #expect(rendered.withLock { $0 } == [0])
        store.dispatch(.loadHighScores)   // changes nothing read
        #expect(redraws.withLock { $0 } == 0)
        store.dispatch(.flipCard(1))
        #expect(redraws.withLock { $0 } == 1)
    }

    @Test("ObservableStore: members, key paths and elements, each tracked on its own")
    func observableStoreReads() {
        let store = Store(initial: Game(cards: deck), reducer: gameReducer)
        let model = ObservableStore(store)
        let told = Lock<[String]>([])
        withObservationTracking {
            let moves = model.moves   // tracks \.moves alone
            #expect(moves == 0)
        } onChange: { told.withLock { $0.append("moves") } }
        withObservationTracking {
            let mismatch = model[\.isMismatch]     // a computed property, compared after each action
            let best = model[\.highScores.first]   // only when the best score changes
            #expect(!mismatch && best == nil)
        } onChange: { told.withLock { $0.append("mismatch or best") } }
        withObservationTracking {
            let card = model[\.cards, at: 3]   // the fourth card, nil when there are fewer
            #expect(card == Card(animal: "fox"))
        } onChange: { told.withLock { $0.append("card 3") } }

        store.dispatch(.highScoresLoaded([12]))
        store.dispatch(.flipCard(3))
        let entries = told.withLock { $0 }
        #expect(entries.first == "mismatch or best")
        #expect(entries.sorted() == ["card 3", "mismatch or best", "moves"])
    }

    @Test("ObservableStore: a row of an identified collection by id, told when that row changes")
    func observableStoreRowByID() {
        struct TodoList: Sendable {
            var todos: IdentifiedArrayOf<TodoRow> = [TodoRow(id: 3), TodoRow(id: 4)]
        }
        let store = Store<TodoList, Int>(initial: TodoList()) { list, id in
            list.todos[id: id]?.isDone.toggle()
        }
        let model = ObservableStore(store)
        let told = Lock(0)
        withObservationTracking {
            let todo = model[\.todos, id: 3]   // row 3, nil when there is none
            #expect(todo == TodoRow(id: 3))
        } onChange: { told.withLock { $0 += 1 } }

        let listTold = Lock(0)
        withObservationTracking {
            let todos = model.todos   // told when any row changes, or the rows change
            #expect(todos.count == 2)
        } onChange: { listTold.withLock { $0 += 1 } }

        store.dispatch(4)
        #expect(told.withLock { $0 } == 0, "another row changed")
        #expect(listTold.withLock { $0 } == 1)
        store.dispatch(3)
        #expect(told.withLock { $0 } == 1)
    }

    @Test("ObservableStore of a scoped store: told only of its part")
    func observableScopedStore() {
        let appStore = Store(initial: Shell(), mutatingReducer: shellReducer)
        let redraws = Lock(0)
        let rendered = Lock<[Bool]>([])
        @Sendable func render(darkMode: Bool) { rendered.withLock { $0.append(darkMode) } }
        @Sendable func scheduleRedraw() { redraws.withLock { $0 += 1 } }

        let settings = ObservableStore(appStore.scope(state: \.settings, action: settingsActions))
        withObservationTracking {
            render(darkMode: settings.isDarkMode)
        } onChange: {
            scheduleRedraw()   // only when dark mode is turned on or off
        }

        appStore.dispatch(.toasts(.showToast("Hi")))
        #expect(redraws.withLock { $0 } == 0)
        settings.dispatch(.toggleDarkMode)
        #expect(redraws.withLock { $0 } == 1)
        #expect(rendered.withLock { $0 } == [false])
    }

    @Test("states(): every state, as an AsyncStream", .timeLimit(.minutes(1)))
    func statesStream() async {
        let store = Store(initial: Game(cards: deck), reducer: gameReducer)
        let (drawn, drawing) = AsyncStream<Int>.makeStream()
        @Sendable func render(_ game: Game) { drawing.yield(game.moves) }

        let rendering = Task {
            for await state in store.states() {
                render(state)
            }
        }
        var moves = drawn.makeAsyncIterator()
        #expect(await moves.next() == 0)
        store.dispatch(.flipCard(0))
        #expect(await moves.next() == 1)
        rendering.cancel()
    }

    @Test("send(_:): await the loading of the high scores", .timeLimit(.minutes(1)))
    func sendAndFinish() async {
        let store = Store(
            initial: Game(),
            reducer: gameReducer,
            middlewares: [gameLogic(scheduler: TestScheduler())]
        )
        let output = ExampleOutput()
        await ExampleOutput.$current.withValue(output) {
            await store.send(.loadHighScores).finish()
            print(store.state.highScores)   // loaded, or the error that stopped it
        }
        #expect(output.printed == ["[12, 15]"])
    }

    @Test("StoreTask: the task of one send, awaited", .timeLimit(.minutes(1)))
    func storeTask() async {
        let store = Store(
            initial: Game(),
            reducer: gameReducer,
            middlewares: [gameLogic(scheduler: TestScheduler())]
        )
        let task = store.send(.loadHighScores)
        await task.finish()   // the scores are loaded (or failed to), and reduced
        #expect(store.state.highScores == [12, 15])
        #expect(!task.isCancelled)
    }

    @Test("idle(): the mismatch has turned back when it returns", .timeLimit(.minutes(1)))
    func idle() async {
        let store = Store(
            initial: Game(cards: deck),
            reducer: gameReducer,
            middlewares: [gameLogic(scheduler: ImmediateScheduler())]
        )
        store.dispatch(.flipCard(0))
        let id = 1
        store.dispatch(.flipCard(id))
        await store.idle()   // the mismatch has turned face down again, and been drawn
        #expect(store.state.cards.allSatisfy { !$0.isFlipped })
        #expect(store.state.moves == 2)
    }

    // MARK: ReduxTesting

    @Test("a mismatch turns face down after a second")
    func mismatch() {
        let scheduler = TestScheduler()
        let store = TestStore(
            initial: Game(cards: deck),
            reducer: gameReducer,
            scheduler: scheduler,
            middlewares: [gameLogic(scheduler: scheduler)]
        )
        store.send(.flipCard(0)) { $0.cards[0].isFlipped = true; $0.moves = 1; $0.selected = [0] }
        store.send(.flipCard(1)) { $0.cards[1].isFlipped = true; $0.moves = 2; $0.selected = [0, 1] }
        store.advance(by: .seconds(1))
        store.receive(.unFlipSelectedCards) {
            $0.cards[0].isFlipped = false; $0.cards[1].isFlipped = false; $0.selected = []
        }
        store.finish()
    }

    @Test func ticksTwice() async {
        let scheduler = TestScheduler()
        let store = TestStore(initial: Stopwatch(), reducer: stopwatchReducer, scheduler: scheduler,
                              middlewares: [tickingTwice(clock: scheduler.clock)])
        await store.send(.start) { $0.isRunning = true }
        store.advance(by: .seconds(1))
        await store.receive(.tick) { $0.ticks = 1 }
        store.advance(by: .seconds(1))
        await store.receive(.tick) { $0.ticks = 2; $0.isRunning = false }
        await store.finish()
    }

    @Test("receivedActions: nothing before the second is up")
    func receivedActions() {
        let scheduler = TestScheduler()
        let store = TestStore(
            initial: Game(cards: deck),
            reducer: gameReducer,
            scheduler: scheduler,
            middlewares: [gameLogic(scheduler: scheduler)]
        )
        store.send(.flipCard(0)) { $0.cards[0].isFlipped = true; $0.moves = 1; $0.selected = [0] }
        store.send(.flipCard(1)) { $0.cards[1].isFlipped = true; $0.moves = 2; $0.selected = [0, 1] }
        store.advance(by: .milliseconds(999))
        #expect(store.receivedActions.isEmpty)   // nothing before the second is up
        store.advance(by: .milliseconds(1))
        #expect(store.receivedActions == [.unFlipSelectedCards])
        store.skipReceivedActions()
        store.finish()
    }

    @Test("receive(where:): a failure to load, matched by its case")
    func receiveWhere() {
        let scheduler = TestScheduler()
        let store = TestStore(
            initial: Game(),
            reducer: gameReducer,
            scheduler: scheduler,
            middlewares: [gameLogic(scheduler: scheduler, load: { throw EmptyFile() })]
        )
        store.send(.loadHighScores)
        store.receive(where: { if case .highScoresFailedToLoad = $0 { true } else { false } }) {
            $0.highScoreError = "the file is empty"
        }
        store.finish()
    }

    @Test("await receive(where:): the loaded scores, matched by their case")
    func asyncReceiveWhere() async {
        let scheduler = TestScheduler()
        let store = TestStore(
            initial: Game(),
            reducer: gameReducer,
            scheduler: scheduler,
            middlewares: [gameLogic(scheduler: scheduler)]
        )
        await store.send(.loadHighScores)
        await store.receive(where: { if case .highScoresLoaded = $0 { true } else { false } }) {
            $0.highScores = [12, 15]
        }
        await store.finish()
    }
}
