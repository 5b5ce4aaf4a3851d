import Effects
import Redux
import ReduxTesting
import Testing

// The README's "write a middleware, test it" example, compiled and run so that it stays true.
// Keep the two in step.

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
}

// The README's "compose features" example: the toast feature above, beside a settings feature,
// in one store. Keep the two in step.

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
