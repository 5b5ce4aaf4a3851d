// swift-format-ignore-file
// The examples here are the documentation's, line for line (DocumentationSnippetTests checks
// it): they keep the layout the documentation shows.
import Effects
import Redux
import ReduxTesting
import Testing

// Middlewares tested on virtual time: the toast (the README's one example, with its test), the
// search as you type, the autosave and the async toast, compiled and run. The README quotes the
// toast and its test as they are here (DocumentationSnippetTests): change both together.

struct AppState: Equatable, Sendable {
    var toast: String?
}

enum AppAction: Equatable, Sendable {
    case showToast(String)
    case hideToast
}

let appReducer: MutatingReducer<AppState, AppAction> = { state, action in
    switch action {
    case .showToast(let text): state.toast = text
    case .hideToast: state.toast = nil
    }
}

/// Hides a toast three seconds after it appears; a newer toast restarts the wait.
func hideToasts(after delay: Duration = .seconds(3), scheduler: some Scheduler) -> Middleware<AppState, AppAction> {
    { state, action in
        guard case .showToast = action else { return .none }
        return Effect.just(.hideToast)
            .delay(for: delay, scheduler: scheduler)
            .cancellable(id: "toast", cancelInFlight: true)
    }
}

/// Hides a toast three seconds after it appears, written as async work; a newer toast
/// cancels the wait and starts its own.
func hideToasts(after delay: Duration = .seconds(3), clock: some Clock<Duration>) -> Middleware<AppState, AppAction> {
    { state, action in
        guard case .showToast = action else { return .none }
        return Effect.run { send in
            do {
                try await clock.sleep(for: delay)
                await send(.hideToast)
            } catch {}   // cancelled by a newer toast
        }
        .cancellable(id: "toast", cancelInFlight: true)
    }
}

/// What a search box holds: the query typed so far, and the results for it.
struct SearchState: Equatable, Sendable {
    var query = ""
    var results: [String] = []
}

enum SearchAction: Equatable, Sendable {
    case queryChanged(String)
    case resultsLoaded([String])
}

let searchReducer: MutatingReducer<SearchState, SearchAction> = { state, action in
    switch action {
    case .queryChanged(let query): state.query = query
    case .resultsLoaded(let results): state.results = results
    }
}

/// Searches as the user types: one search, once the typing has paused for 300 ms.
func searchAsYouType(
    search: @escaping @Sendable (String) -> [String],
    scheduler: some Scheduler
) -> Middleware<SearchState, SearchAction> {
    { state, action in
        guard case .queryChanged(let query) = action else { return .none }
        // Deferred: the search itself runs only when the pause is over.
        return Effect(Deferred { Just(SearchAction.resultsLoaded(search(query))) })
            .debounce(id: "search", for: .milliseconds(300), scheduler: scheduler)
    }
}

/// A text being edited, and the versions saved.
struct EditorState: Equatable, Sendable {
    var text = ""
    var saved: [String] = []
}

enum EditorAction: Equatable, Sendable {
    case edited(String)
    case save(String)
}

let editorReducer: MutatingReducer<EditorState, EditorAction> = { state, action in
    switch action {
    case .edited(let text): state.text = text
    case .save(let text): state.saved.append(text)
    }
}

/// Saves at most once a second while the text changes: the first edit at once, then the
/// latest text at the end of each second.
func autosave(scheduler: some Scheduler) -> Middleware<EditorState, EditorAction> {
    { state, action in
        guard case .edited = action else { return .none }
        return Effect.just(.save(state.text))
            .throttle(id: "autosave", for: .seconds(1), scheduler: scheduler, latest: true)
    }
}

@Suite struct ReadmeExampleTests {
    @Test("a toast hides itself three seconds after it appears")
    func toastHidesAfterThreeSeconds() {
        let scheduler = TestScheduler()
        let store = TestStore(
            initial: AppState(),
            mutatingReducer: appReducer,
            scheduler: scheduler,
            middlewares: [hideToasts(scheduler: scheduler)]
        )
        store.send(.showToast("Saved")) { $0.toast = "Saved" }
        store.advance(by: .milliseconds(2999))   // still on screen
        store.advance(by: .milliseconds(1))
        store.receive(.hideToast) { $0.toast = nil }
        store.finish()
    }

    @Test("a newer toast restarts the wait")
    func newerToastRestartsTheWait() {
        let scheduler = TestScheduler()
        let store = TestStore(
            initial: AppState(),
            mutatingReducer: appReducer,
            scheduler: scheduler,
            middlewares: [hideToasts(scheduler: scheduler)]
        )
        store.send(.showToast("Saved")) { $0.toast = "Saved" }
        store.advance(by: .seconds(2))
        store.send(.showToast("Copied")) { $0.toast = "Copied" }
        store.advance(by: .seconds(2))           // the first timer would have fired here
        store.advance(by: .seconds(1))
        store.receive(.hideToast) { $0.toast = nil }
        store.finish()
    }

    @Test("search as you type: one search, 300 ms after the last keystroke")
    func searchAsYouTypeDebounces() {
        let scheduler = TestScheduler()
        let animals = ["duck", "duckling", "pelican"]
        let store = TestStore(
            initial: SearchState(),
            mutatingReducer: searchReducer,
            scheduler: scheduler,
            middlewares: [searchAsYouType(search: { query in animals.filter { $0.hasPrefix(query) } }, scheduler: scheduler)]
        )
        store.send(.queryChanged("d")) { $0.query = "d" }
        store.advance(by: .milliseconds(100))
        store.send(.queryChanged("du")) { $0.query = "du" }
        store.advance(by: .milliseconds(100))
        store.send(.queryChanged("duc")) { $0.query = "duc" }
        store.advance(by: .milliseconds(299))    // no search yet
        store.advance(by: .milliseconds(1))
        store.receive(.resultsLoaded(["duck", "duckling"])) { $0.results = ["duck", "duckling"] }
        store.finish()
    }

    @Test("autosave: the first edit saved at once, then the latest text once a second")
    func autosaveThrottles() {
        let scheduler = TestScheduler()
        let store = TestStore(
            initial: EditorState(),
            mutatingReducer: editorReducer,
            scheduler: scheduler,
            middlewares: [autosave(scheduler: scheduler)]
        )
        store.send(.edited("D")) { $0.text = "D" }
        store.receive(.save("D")) { $0.saved = ["D"] }
        store.advance(by: .milliseconds(400))
        store.send(.edited("Du")) { $0.text = "Du" }
        store.advance(by: .milliseconds(400))
        store.send(.edited("Duc")) { $0.text = "Duc" }
        store.advance(by: .milliseconds(199))    // within the second: nothing saved
        store.advance(by: .milliseconds(1))
        store.receive(.save("Duc")) { $0.saved = ["D", "Duc"] }
        store.finish()
    }

    @Test("an async toast hides itself three seconds after it appears")
    func asyncToastHidesAfterThreeSeconds() async {
        let scheduler = TestScheduler()
        let store = TestStore(
            initial: AppState(),
            mutatingReducer: appReducer,
            scheduler: scheduler,
            middlewares: [hideToasts(clock: scheduler.clock)]
        )
        await store.send(.showToast("Saved")) { $0.toast = "Saved" }
        store.advance(by: .milliseconds(2999))
        #expect(store.receivedActions.isEmpty)   // still on screen
        store.advance(by: .milliseconds(1))
        await store.receive(.hideToast) { $0.toast = nil }
        await store.finish()
    }

    @Test("an async toast: a newer toast restarts the wait")
    func asyncNewerToastRestartsTheWait() async {
        let scheduler = TestScheduler()
        let store = TestStore(
            initial: AppState(),
            mutatingReducer: appReducer,
            scheduler: scheduler,
            middlewares: [hideToasts(clock: scheduler.clock)]
        )
        await store.send(.showToast("Saved")) { $0.toast = "Saved" }
        store.advance(by: .seconds(2))
        await store.send(.showToast("Copied")) { $0.toast = "Copied" }
        store.advance(by: .seconds(2))           // the first wait would have ended here
        #expect(store.receivedActions.isEmpty)
        store.advance(by: .seconds(1))
        await store.receive(.hideToast) { $0.toast = nil }
        await store.finish()
    }
}

// Features composed: the toast feature above, beside a settings feature, in one store.

struct Settings: Equatable, Sendable {
    var isDarkMode = false
}

enum SettingsAction: Equatable, Sendable {
    case toggleDarkMode
}

let settingsReducer: MutatingReducer<Settings, SettingsAction> = { settings, action in
    switch action {
    case .toggleDarkMode: settings.isDarkMode.toggle()
    }
}

/// The app: each feature's state, each feature's actions.
struct Shell: Equatable, Sendable {
    var toasts = AppState()
    var settings = Settings()
}

enum ShellAction: Equatable, Sendable {
    case toasts(AppAction)
    case settings(SettingsAction)
}

let toastActions = ActionPath<ShellAction, AppAction>(embed: ShellAction.toasts) {
    guard case .toasts(let action) = $0 else { return nil }
    return action
}

let settingsActions = ActionPath<ShellAction, SettingsAction>(embed: ShellAction.settings) {
    guard case .settings(let action) = $0 else { return nil }
    return action
}

/// Each feature's reducer, lifted to the app, one after the other.
let shellReducer = combine(
    pullback(appReducer, state: \Shell.toasts, action: toastActions),
    pullback(settingsReducer, state: \Shell.settings, action: settingsActions)
)

/// The toast feature's middleware, lifted: its effect's actions come back as `.toasts(…)`.
func shellMiddlewares(scheduler: some Scheduler) -> [Middleware<Shell, ShellAction>] {
    [pullback(hideToasts(scheduler: scheduler), state: \.toasts, action: toastActions)]
}

@Suite struct ReadmeCompositionExampleTests {
    @Test("the app store runs both features; a toast still hides itself after three seconds")
    func composedApp() {
        let scheduler = TestScheduler()
        let store = TestStore(
            initial: Shell(),
            mutatingReducer: shellReducer,
            scheduler: scheduler,
            middlewares: shellMiddlewares(scheduler: scheduler)
        )
        store.send(.settings(.toggleDarkMode)) { $0.settings.isDarkMode = true }
        store.send(.toasts(.showToast("Saved"))) { $0.toasts.toast = "Saved" }
        store.advance(by: .seconds(3))
        store.receive(.toasts(.hideToast)) { $0.toasts.toast = nil }
        store.finish()
    }

    @Test("a view scoped to one feature reads its state and sends its actions")
    func scopedView() {
        let store = Store(initial: Shell(), mutatingReducer: shellReducer)
        let settings = store.scope(state: \.settings, action: settingsActions)
        let seen = EventLog<Bool>()
        let token = settings.subscribe(to: \.isDarkMode) { seen.append($0) }

        settings.dispatch(.toggleDarkMode)          // the store reduces .settings(.toggleDarkMode)
        store.dispatch(.toasts(.showToast("Hi")))   // not a settings change: no call

        #expect(settings.state.isDarkMode)
        #expect(seen.entries == [false, true])
        token.cancel()
    }
}
