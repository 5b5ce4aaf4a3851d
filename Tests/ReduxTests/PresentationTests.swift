import Effects
import Redux
import ReduxTesting
import Testing

private func makeStore() -> TestStore<Navigation, NavigationAction> {
    let scheduler = TestScheduler()
    return TestStore(
        initial: Navigation(), mutatingReducer: navigationReducer, scheduler: scheduler,
        middlewares: navigationMiddlewares(scheduler))
}

/// A presented child lifted with `ifLet(_:presented:action:)`: dismissed by its parent or by
/// itself, its effects end with it.
@Suite struct PresentationTests {
    @Test("a presented sheet's timer ticks until the parent dismisses it, then nothing arrives")
    func parentDismisses() {
        let store = makeStore()
        store.send(.present) { $0.sheet = NavScreen(name: "sheet") }
        store.send(.sheet(.presented(.start)))
        store.advance(by: .seconds(1))
        store.receive(.sheet(.presented(.tick))) { $0.sheet?.seconds = 1 }
        store.send(.sheet(.dismiss)) { $0.sheet = nil }
        store.advance(by: .seconds(10))
        store.finish()
    }

    @Test("a sheet dismisses itself from its own middleware while its timer runs: the timer ends")
    func childDismissesItself() {
        let store = makeStore()
        store.send(.present) { $0.sheet = NavScreen(name: "sheet") }
        store.send(.sheet(.presented(.start)))
        store.advance(by: .milliseconds(500))
        store.send(.sheet(.presented(.close)))
        store.advance(by: .milliseconds(500))
        store.receive(.sheet(.presented(.tick))) { $0.sheet?.seconds = 1 }
        store.advance(by: .milliseconds(500))
        store.receive(.sheet(.dismiss)) { $0.sheet = nil }
        store.advance(by: .seconds(10))
        store.finish()
    }

    @Test("presented again, a sheet starts afresh: the old one's effects stay ended")
    func presentedAgain() {
        let store = makeStore()
        store.send(.present) { $0.sheet = NavScreen(name: "sheet") }
        store.send(.sheet(.presented(.start)))
        store.send(.sheet(.dismiss)) { $0.sheet = nil }
        store.send(.present) { $0.sheet = NavScreen(name: "sheet") }
        store.advance(by: .seconds(10))
        store.finish()
    }

    @Test("dismissing when nothing is presented does nothing, and reports nothing")
    func dismissWithNothingPresented() {
        let store = makeStore()
        store.send(.sheet(.dismiss))
        store.finish()
    }

    #if DEBUG
    @Test("an action for a dismissed sheet fails the TestStore")
    func actionForADismissedChildFails() {
        let store = makeStore()
        store.send(.present) { $0.sheet = NavScreen(name: "sheet") }
        store.send(.sheet(.dismiss)) { $0.sheet = nil }
        withKnownIssue {
            store.send(.sheet(.presented(.start)))
        } matching: {
            $0.comments.contains { $0.rawValue.contains("which is nil") }
        }
        store.finish()
    }
    #endif

    @Test("a sheet's store reads the sheet and sends its actions; its effects end on dismiss")
    func scopedPresentedStore() {
        let scheduler = TestScheduler()
        let store = Store(
            initial: Navigation(), mutatingReducer: navigationReducer,
            middlewares: navigationMiddlewares(scheduler))
        let sheet = store.scope(presented: \Navigation.sheet, action: NavigationAction.sheetActions)
        #expect(sheet.state == nil)
        store.dispatch(.present)
        sheet.dispatch(.start)
        scheduler.advance(by: .seconds(1))
        #expect(sheet.state?.seconds == 1)
        sheet.run(Effect.just(.tick).delay(for: .milliseconds(100), scheduler: scheduler))
        sheet.dispatch(.close)
        scheduler.advance(by: .seconds(1))
        #expect(sheet.state == nil)
        #expect(scheduler.pendingWorkCount == 0)
    }
}
