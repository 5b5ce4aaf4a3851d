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
