import Effects
import Redux
import ReduxTesting
import Testing

// The README's "write a middleware, test it" examples (delayed and async), compiled and run so
// that they stay true.
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
