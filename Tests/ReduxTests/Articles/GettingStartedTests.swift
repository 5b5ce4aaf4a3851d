// swift-format-ignore-file
// The examples here are the documentation's, line for line (DocumentationSnippetTests checks
// it): they keep the layout the documentation shows.
import Effects
import Redux
import ReduxTesting
import Testing

// The examples of the Getting started article (Sources/Redux/Redux.docc/GettingStarted.md),
// compiled and run. DocumentationSnippetTests checks that the article quotes them as they are
// here: change both together.

/// What a tea timer shows: the seconds left, and whether the tea is steeping or ready.
struct TeaTimer: Equatable, Sendable {
    var secondsLeft = 0
    var isSteeping = false
    var isReady = false
}

enum TeaAction: Equatable, Sendable {
    case steep(seconds: Int)
    case tick
    case stop
}

let teaReducer: MutatingReducer<TeaTimer, TeaAction> = { state, action in
    switch action {
    case .steep(let seconds):
        state = TeaTimer(secondsLeft: seconds, isSteeping: true)
    case .tick:
        guard state.isSteeping else { return }
        state.secondsLeft -= 1
        if state.secondsLeft == 0 {
            state.isSteeping = false
            state.isReady = true
        }
    case .stop:
        state.isSteeping = false
    }
}

/// Ticks once a second while the tea steeps, and stops ticking once it is ready or stopped.
func steeping(scheduler: some Scheduler) -> Middleware<TeaTimer, TeaAction> {
    { state, action in
        switch action {
        case .steep:
            let ticks = Publishers.Timer(every: .seconds(1), scheduler: scheduler)
                .map { _ in TeaAction.tick }
            return Effect(ticks).cancellable(id: "steeping", cancelInFlight: true)
        case .tick where state.isReady, .stop:
            return .cancel(id: "steeping")
        default:
            return .none
        }
    }
}

/// What the article's `print` calls wrote, per test: `print` below records here.
private final class PrintedLines: Sendable {
    @TaskLocal static var current: PrintedLines?
    private let lines = Lock<[String]>([])

    var all: [String] { lines.withLock { $0 } }

    func append(_ line: String) { lines.withLock { $0.append(line) } }
}

/// Shadows `Swift.print` in this file, so that the example's observer is heard.
private func print(_ line: String) {
    PrintedLines.current?.append(line)
}

@MainActor
func makeTeaModel() -> ObservableStore<TeaTimer, TeaAction> {
    ObservableStore(
        initial: TeaTimer(),
        mutatingReducer: teaReducer,
        middlewares: [steeping(scheduler: DispatchQueueScheduler())]
    )
}

@Suite struct GettingStartedTests {
    @MainActor
    @Test("the article's observable model reduces on the main actor, where views read it")
    func observableModelOnTheMainActor() async {
        let model = makeTeaModel()
        model.dispatch(.steep(seconds: 180))   // processed before dispatch returns, on the main actor
        #expect(model.state.secondsLeft == 180)
        model.dispatch(.stop)
        #expect(!model.state.isSteeping)
    }

    @Test("the article's store steeps, its observer prints the seconds left, and a stop ends the ticking")
    func storeInAProgram() async {
        let printed = PrintedLines()
        await PrintedLines.$current.withValue(printed) {
            let store = Store(
                initial: TeaTimer(),
                mutatingReducer: teaReducer,
                middlewares: [steeping(scheduler: DispatchQueueScheduler())]
            )
            let token = store.subscribe(to: \.secondsLeft) { secondsLeft in
                print("\(secondsLeft) s left")
            }
            store.dispatch(.steep(seconds: 180))

            #expect(store.state.isSteeping)
            #expect(store.runningEffectCount == 1)
            store.dispatch(.stop)
            await store.idle()
            #expect(store.runningEffectCount == 0)
            // The first two lines are the subscription's and the steep's; a tick, if a loaded
            // machine let one through before the stop, is printed on the scheduler's thread.
            #expect(printed.all.prefix(2) == ["0 s left", "180 s left"])
            token.cancel()
        }
    }

    @Test("the tea is ready after three seconds, and its clock stops")
    func teaIsReady() {
        let scheduler = TestScheduler()
        let store = TestStore(
            initial: TeaTimer(),
            mutatingReducer: teaReducer,
            scheduler: scheduler,
            middlewares: [steeping(scheduler: scheduler)]
        )
        store.send(.steep(seconds: 3)) { $0.secondsLeft = 3; $0.isSteeping = true }
        store.advance(by: .seconds(1))
        store.receive(.tick) { $0.secondsLeft = 2 }
        store.advance(by: .seconds(2))
        store.receive(.tick) { $0.secondsLeft = 1 }
        store.receive(.tick) { $0.secondsLeft = 0; $0.isSteeping = false; $0.isReady = true }
        store.finish()
    }

    @Test("stopping the tea stops its clock")
    func stopEndsTheTicking() {
        let scheduler = TestScheduler()
        let store = TestStore(
            initial: TeaTimer(),
            mutatingReducer: teaReducer,
            scheduler: scheduler,
            middlewares: [steeping(scheduler: scheduler)]
        )
        store.send(.steep(seconds: 180)) { $0.secondsLeft = 180; $0.isSteeping = true }
        store.advance(by: .seconds(1))
        store.receive(.tick) { $0.secondsLeft = 179 }
        store.send(.stop) { $0.isSteeping = false }
        store.advance(by: .seconds(10))   // no tick comes: finish() would fail on one
        store.finish()
    }
}
