// swift-format-ignore-file
// The examples here are the documentation's, line for line (DocumentationSnippetTests checks
// it): they keep the layout the documentation shows.
import Dispatch
import Effects
import Redux
import Testing

// The example of the Threading article (Sources/Redux/Redux.docc/Threading.md), compiled and
// run. DocumentationSnippetTests checks that the article quotes it as it is here: change both
// together.

@Suite struct ThreadingTests {
    @Test(
        "the article's store at home on the main actor: a dispatch there is processed before it returns, one from another thread is reduced there too",
        .timeLimit(.minutes(1))
    )
    @MainActor func mainActorHome() async {
        let store = Store(
            initial: TeaTimer(),
            mutatingReducer: teaReducer,
            middlewares: [steeping(scheduler: DispatchQueueScheduler())],
            on: .mainActor
        )
        let calls = EventLog<String>()
        let stopped = DispatchSemaphore(value: 0)
        let token = store.subscribe(to: \.isSteeping) { isSteeping in
            calls.append("\(isSteeping ? "steeping" : "not steeping"), \(isOnMainActor() ? "on the main actor" : "elsewhere")")
            if calls.count == 3 { stopped.signal() }
        }

        store.dispatch(.steep(seconds: 180))   // on the main actor, the store idle: processed at once
        #expect(store.state == TeaTimer(secondsLeft: 180, isSteeping: true))

        spawn { store.dispatch(.stop) }        // queued; the main actor reduces it once this test waits
        #expect(await wait(for: stopped))

        #expect(calls.entries == [
            "not steeping, on the main actor",
            "steeping, on the main actor",
            "not steeping, on the main actor",
        ])
        #expect(!store.state.isSteeping)
        token.cancel()
    }
}
