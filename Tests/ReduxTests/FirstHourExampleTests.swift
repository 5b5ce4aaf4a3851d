// swift-format-ignore-file
// The examples here are the doc comments', line for line (DocumentationSnippetTests checks it):
// they keep the layout the documentation shows.
import Effects
import Redux
import ReduxTesting
import Testing

// The examples of `Store.subscribe(onMainActor:)`, `subscribe(to:onMainActor:)` and
// `TestStore.run(_:)`, compiled and run.

@MainActor final class TimerScreen {
    private(set) var label = ""
    private var subscription: AnyCancellable?

    func show(_ store: Store<TeaTimer, TeaAction>) {
        subscription = store.subscribe(onMainActor: { [weak self] timer in
            self?.label = "\(timer.secondsLeft) s left"
        })
    }
}

@MainActor final class SecondsScreen {
    private(set) var label = ""
    private var subscription: AnyCancellable?

    func show(_ store: Store<TeaTimer, TeaAction>) {
        subscription = store.subscribe(to: \.secondsLeft, onMainActor: { [weak self] seconds in
            self?.label = "\(seconds) s left"
        })
    }
}

@MainActor
@Suite struct MainActorObservingExampleTests {
    @Test("the documented screens show the seconds left, on the main actor")
    func documentedScreens() {
        let store = Store(initial: TeaTimer(), mutatingReducer: teaReducer, on: .mainActor)
        let screen = TimerScreen()
        let seconds = SecondsScreen()
        screen.show(store)
        seconds.show(store)
        store.dispatch(.steep(seconds: 3))
        #expect(screen.label == "3 s left")
        #expect(seconds.label == "3 s left")
    }
}

@Suite struct TestStoreRunExampleTests {
    @Test("TestStore.run checks what a thunk's effect sends, on virtual time")
    func runChecksWhatTheEffectSends() {
        let scheduler = TestScheduler()
        let store = TestStore(initial: TeaTimer(), mutatingReducer: teaReducer, scheduler: scheduler)
        store.run(brew(seconds: 180, boilingFor: .seconds(90), clock: scheduler.clock))
        store.advance(by: .seconds(90))
        store.receive(.steep(seconds: 180)) { $0.secondsLeft = 180; $0.isSteeping = true }
        store.finish()
    }
}
