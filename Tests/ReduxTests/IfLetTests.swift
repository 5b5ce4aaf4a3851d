import Effects
import Redux
import ReduxTesting
import Testing

/// A sheet with a ticking timer, shown as an optional child: `ifLet` ends the child's effects
/// when the child goes.
private struct Ticker: Equatable, Sendable {
    var ticks = 0
}

private enum TickerAction: Equatable, Sendable {
    case start
    case tick
}

private enum TickerCancelID: Hashable, Sendable {
    case ticking
}

private let tickerReducer: MutatingReducer<Ticker, TickerAction> = { ticker, action in
    if action == .tick { ticker.ticks += 1 }
}

private func ticking(clock: some Clock<Duration>) -> Middleware<Ticker, TickerAction> {
    { _, action in
        guard action == .start else { return .none }
        return Effect.run { send in
            while (try? await clock.sleep(for: .seconds(1))) != nil {
                await send(.tick)
            }
        }
        .cancellable(id: TickerCancelID.ticking, cancelInFlight: true)
    }
}

private struct Screen: Equatable, Sendable {
    var ticker: Ticker?
}

private enum ScreenAction: Equatable, Sendable {
    case open
    case close
    case ticker(TickerAction)

    static let tickerActions = ActionPath<ScreenAction, TickerAction>(
        embed: ScreenAction.ticker,
        extract: {
            guard case .ticker(let action) = $0 else { return nil }
            return action
        })
}

private let screenOwnReducer: MutatingReducer<Screen, ScreenAction> = { screen, action in
    switch action {
    case .open: screen.ticker = Ticker()
    case .close: screen.ticker = nil
    case .ticker: break
    }
}

private let screenReducer: MutatingReducer<Screen, ScreenAction> = combine(
    ifLet(tickerReducer, state: \Screen.ticker, action: ScreenAction.tickerActions),
    screenOwnReducer
)

private func screenMiddlewares(clock: some Clock<Duration>) -> [AnyMiddleware<
    Screen, ScreenAction
>] {
    let ticker = ifLet(
        ticking(clock: clock), state: \Screen.ticker, action: ScreenAction.tickerActions)
    return [ticker]
}

@Suite struct IfLetTests {
    private func makeStore(_ scheduler: TestScheduler) -> TestStore<Screen, ScreenAction> {
        TestStore(
            initial: Screen(), mutatingReducer: screenReducer, scheduler: scheduler,
            middlewares: screenMiddlewares(clock: scheduler.clock))
    }

    @Test("a child set to nil with an Effect.run in flight ends it: nothing left, nothing more")
    func childSetToNilEndsItsTask() async {
        let scheduler = TestScheduler()
        let store = makeStore(scheduler)
        await store.send(.open) { $0.ticker = Ticker() }
        await store.send(.ticker(.start))
        store.advance(by: .seconds(1))
        await store.receive(.ticker(.tick)) { $0.ticker?.ticks = 1 }
        await store.send(.close) { $0.ticker = nil }
        store.advance(by: .seconds(10))
        await store.finish()
    }

    @Test("a child opened again starts afresh, its old task gone")
    func childOpenedAgain() async {
        let scheduler = TestScheduler()
        let store = makeStore(scheduler)
        await store.send(.open) { $0.ticker = Ticker() }
        await store.send(.ticker(.start))
        await store.send(.close) { $0.ticker = nil }
        await store.send(.open) { $0.ticker = Ticker() }
        store.advance(by: .seconds(5))
        await store.finish()
    }

    @Test("a child action while the child is nil is ignored, and reported in a debug build")
    func actionWhileNilIsReported() {
        let scheduler = TestScheduler()
        let store = Store(
            initial: Screen(), mutatingReducer: screenReducer,
            middlewares: screenMiddlewares(clock: scheduler.clock))
        let issues = issuesReported { store.dispatch(.ticker(.start)) }
        #expect(store.state == Screen())
        #if DEBUG
        #expect(issues.count == 2)   // the reducer's and the middleware's
        #expect(issues.allSatisfy { $0.contains("which is nil") })
        #else
        #expect(issues == [])
        #endif
    }

    @Test("a lifted child interceptor sees the child, and its task ends when the child goes")
    func liftedInterceptor() async {
        let scheduler = TestScheduler()
        let clock = scheduler.clock
        let startTwice = Interceptor<Ticker, TickerAction> { action, context, next in
            next(action)
            guard action == .start, context.state.ticks == 0 else { return }
            context.run(
                Effect.run { send in
                    while (try? await clock.sleep(for: .seconds(2))) != nil { await send(.tick) }
                })
        }
        let store = TestStore(
            initial: Screen(), mutatingReducer: screenReducer, scheduler: scheduler,
            interceptors: [
                startTwice.ifLet(state: \Screen.ticker, action: ScreenAction.tickerActions)
            ],
            middlewares: screenMiddlewares(clock: clock))
        await store.send(.open) { $0.ticker = Ticker() }
        await store.send(.ticker(.start))
        store.advance(by: .seconds(1))
        await store.receive(.ticker(.tick)) { $0.ticker?.ticks = 1 }
        store.advance(by: .seconds(1))
        await store.receive(.ticker(.tick)) { $0.ticker?.ticks = 2 }
        await store.receive(.ticker(.tick)) { $0.ticker?.ticks = 3 }
        await store.send(.close) { $0.ticker = nil }
        store.advance(by: .seconds(10))
        await store.finish()
    }

    @Test("the doc comment's child store: its actions reach the child, embedded")
    func childStoreSendsEmbedded() {
        let scheduler = TestScheduler()
        let store = Store(
            initial: Screen(ticker: Ticker()), mutatingReducer: screenReducer,
            middlewares: screenMiddlewares(clock: scheduler.clock))
        let ticker = store.scope(child: \Screen.ticker, action: ScreenAction.tickerActions)
        ticker.dispatch(.tick)   // reaches the ticker as ScreenAction.ticker(.tick)
        #expect(store.state.ticker?.ticks == 1)
        #expect(ticker.state?.ticks == 1)
    }

    @Test("an effect run through the child's scoped store ends when the child goes")
    func childStoreEffectEndsWithTheChild() {
        let scheduler = TestScheduler()
        let store = Store(
            initial: Screen(), mutatingReducer: screenReducer,
            middlewares: screenMiddlewares(clock: scheduler.clock))
        let ticker = store.scope(child: \Screen.ticker, action: ScreenAction.tickerActions)
        #expect(ticker.state == nil)
        store.dispatch(.open)
        #expect(ticker.state == Ticker())

        ticker.run(Effect.just(.tick).delay(for: .seconds(1), scheduler: scheduler))
        scheduler.advance(by: .seconds(1))
        #expect(ticker.state?.ticks == 1, "while the child is there, its effect delivers")

        ticker.run(Effect.just(.tick).delay(for: .seconds(1), scheduler: scheduler))
        store.dispatch(.close)
        store.dispatch(.open)
        scheduler.advance(by: .seconds(1))
        #expect(ticker.state == Ticker(), "the old child's tick never reached the new one")
    }

    @Test("an identified child replaced by another in one action: the old one's save is cancelled")
    func identifiedChildReplaced() async {
        let scheduler = TestScheduler()
        let store = makeBrowser(scheduler)
        await store.send(.show(1)) { $0.detail = Detail(id: 1) }
        await store.send(.detail(.edit))
        await store.send(.show(2)) { $0.detail = Detail(id: 2) }
        store.advance(by: .seconds(1))
        await store.finish()   // no save of 1 arrives, nothing left in flight
    }

    @Test("an identified child given new fields but the same id is the same child: its save stays")
    func identifiedChildKeptByID() async {
        let scheduler = TestScheduler()
        let store = makeBrowser(scheduler)
        await store.send(.show(1)) { $0.detail = Detail(id: 1) }
        await store.send(.detail(.edit))
        await store.send(.show(1))
        store.advance(by: .seconds(1))
        await store.receive(.detail(.saved)) { $0.detail?.saves = 1 }
        await store.finish()
    }

    private func makeBrowser(_ scheduler: TestScheduler) -> TestStore<Browser, BrowserAction> {
        TestStore(
            initial: Browser(), mutatingReducer: browserReducer, scheduler: scheduler,
            middlewares: [
                ifLet(
                    detailSaving(scheduler: scheduler), state: \Browser.detail,
                    action: BrowserAction.detailActions)
            ])
    }
}

/// A detail screen for one item, known by its id, that saves a second after an edit.
private struct Detail: Identifiable, Equatable, Sendable {
    let id: Int
    var saves = 0
}

private enum DetailAction: Equatable, Sendable {
    case edit
    case saved
}

private func detailSaving(scheduler: some Scheduler) -> Middleware<Detail, DetailAction> {
    { _, action in
        action == .edit ? Effect.just(.saved).delay(for: .seconds(1), scheduler: scheduler) : .none
    }
}

/// A browser showing one item's detail at a time.
private struct Browser: Equatable, Sendable {
    var detail: Detail?
}

private enum BrowserAction: Equatable, Sendable {
    case show(Int)
    case detail(DetailAction)

    static let detailActions = ActionPath<BrowserAction, DetailAction>(
        embed: BrowserAction.detail,
        extract: {
            guard case .detail(let action) = $0 else { return nil }
            return action
        })
}

private let browserReducer: MutatingReducer<Browser, BrowserAction> = { browser, action in
    switch action {
    case .show(let id):
        if browser.detail?.id != id { browser.detail = Detail(id: id) }
    case .detail(.saved): browser.detail?.saves += 1
    case .detail(.edit): break
    }
}
