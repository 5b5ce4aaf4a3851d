import Effects
import Redux
import ReduxTesting
import Testing

/// A screen of the stack that presents its own sheet.
private struct SheetHost: Equatable, Sendable {
    var sheet: NavScreen?
}

private enum SheetHostAction: Equatable, Sendable {
    case present
    case sheet(PresentationAction<NavScreenAction>)

    static let sheetActions = ActionPath(SheetHostAction.sheet) {
        if case .sheet(let action) = $0 { action } else { nil }
    }
}

private struct Nested: Equatable, Sendable {
    var path = StackState<SheetHost>()
}

private enum NestedAction: Equatable, Sendable {
    case path(StackAction<SheetHost, SheetHostAction>)
    /// Closes the sheet of every screen, from the parent's reducer.
    case closeSheets

    static let pathActions = ActionPath(NestedAction.path) {
        if case .path(let action) = $0 { action } else { nil }
    }
}

private let sheetHostReducer: MutatingReducer<SheetHost, SheetHostAction> = combine(
    ifLet(navScreenReducer, presented: \SheetHost.sheet, action: SheetHostAction.sheetActions),
    { host, action in
        if action == .present { host.sheet = NavScreen(name: "sheet") }
    }
)

private let nestedReducer: MutatingReducer<Nested, NestedAction> = combine(
    forEach(sheetHostReducer, stack: \Nested.path, action: NestedAction.pathActions),
    { state, action in
        guard action == .closeSheets else { return }
        for id in state.path.ids { state.path[id: id]?.sheet = nil }
    }
)

/// A flow (a sheet, say) holding a stack of ticking screens.
private struct Flow: Equatable, Sendable {
    var path = StackState<NavScreen>()
}

private enum FlowAction: Equatable, Sendable {
    case path(StackAction<NavScreen, NavScreenAction>)

    static let pathActions = ActionPath(FlowAction.path) {
        if case .path(let action) = $0 { action } else { nil }
    }
}

private struct Outer: Equatable, Sendable {
    var flow: Flow? = Flow()
}

private enum OuterAction: Equatable, Sendable {
    case flow(FlowAction)
    /// Pops every screen of the flow, from the outer reducer.
    case popAll

    static let flowActions = ActionPath(OuterAction.flow) {
        if case .flow(let action) = $0 { action } else { nil }
    }
}

/// Each screen's sheet ticking on `scheduler`, lifted twice.
private func nestedMiddleware(_ scheduler: TestScheduler) -> AnyMiddleware<Nested, NestedAction> {
    let sheet = ifLet(
        screenClosing(scheduler), presented: \SheetHost.sheet, action: SheetHostAction.sheetActions)
    return forEach(sheet, stack: \Nested.path, action: NestedAction.pathActions)
}

/// A store whose screen #0 shows a sheet ticking on `scheduler`, one second in.
private func storeWithATickingSheet() -> TestStore<Nested, NestedAction> {
    let scheduler = TestScheduler()
    let store = TestStore(
        initial: Nested(), mutatingReducer: nestedReducer, scheduler: scheduler,
        middlewares: [nestedMiddleware(scheduler)])
    store.send(.path(.push(SheetHost()))) { $0.path.append(SheetHost()) }
    store.send(.path(.element(id: 0, action: .present))) {
        $0.path[id: 0]?.sheet = NavScreen(name: "sheet")
    }
    store.send(.path(.element(id: 0, action: .sheet(.presented(.start)))))
    store.advance(by: .seconds(1))
    store.receive(.path(.element(id: 0, action: .sheet(.presented(.tick))))) {
        $0.path[id: 0]?.sheet?.seconds = 1
    }
    return store
}

/// A sheet inside a stack screen: `ifLet(_:presented:action:)` lifted by
/// `forEach(_:stack:action:)`. The sheet's effects end with the sheet, and with its screen.
@Suite struct NestedNavigationTests {
    @Test("a screen's sheet stops ticking when the screen dismisses it")
    func dismissEndsTheSheet() {
        let store = storeWithATickingSheet()
        store.send(.path(.element(id: 0, action: .sheet(.dismiss)))) { $0.path[id: 0]?.sheet = nil }
        store.advance(by: .seconds(10))
        store.finish()
    }

    @Test("a screen's sheet dismisses itself from its own effect, and stops ticking")
    func sheetDismissesItself() {
        let store = storeWithATickingSheet()
        store.send(.path(.element(id: 0, action: .sheet(.presented(.close)))))
        store.advance(by: .seconds(1))
        store.receive(.path(.element(id: 0, action: .sheet(.presented(.tick))))) {
            $0.path[id: 0]?.sheet?.seconds = 2
        }
        store.receive(.path(.element(id: 0, action: .sheet(.dismiss)))) {
            $0.path[id: 0]?.sheet = nil
        }
        store.advance(by: .seconds(10))
        store.finish()
    }

    @Test("a screen's sheet stops ticking when the parent closes it with an action of its own")
    func parentClosingEndsTheSheet() {
        let store = storeWithATickingSheet()
        store.send(.closeSheets) { $0.path[id: 0]?.sheet = nil }
        store.advance(by: .seconds(10))
        store.finish()
    }

    @Test("a screen's sheet stops ticking when its screen is popped")
    func popEndsTheSheet() {
        let store = storeWithATickingSheet()
        store.send(.path(.popFrom(id: 0))) { $0.path.removeAll() }
        store.advance(by: .seconds(10))
        store.finish()
    }

    @Test("a sheet store scoped from its screen's store ends its effects with the screen")
    func scopedSheetStore() {
        let scheduler = TestScheduler()
        let store = Store(
            initial: Nested(), mutatingReducer: nestedReducer,
            middlewares: [nestedMiddleware(scheduler)])
        store.dispatch(.path(.push(SheetHost())))
        let screen = store.scope(screen: 0, of: \Nested.path, action: NestedAction.pathActions)
        let sheet = screen.scope(presented: \SheetHost.sheet, action: SheetHostAction.sheetActions)
        #expect(sheet.state == nil)
        screen.dispatch(.present)
        sheet.dispatch(NavScreenAction.tick)
        #expect(sheet.state?.seconds == 1)
        sheet.run(Effect.just(NavScreenAction.tick).delay(for: .seconds(1), scheduler: scheduler))
        scheduler.advance(by: .seconds(1))
        // The tick it ran, and the one its middleware answered the first with.
        #expect(store.state.path[id: 0]?.sheet?.seconds == 3)
        sheet.run(Effect.just(NavScreenAction.tick).delay(for: .seconds(1), scheduler: scheduler))
        store.dispatch(.path(.popFrom(id: 0)))
        #expect(sheet.state == nil)
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test("observable views of a screen and of a sheet read them and send their actions")
    func observableViews() {
        let store = Store(initial: Navigation(), mutatingReducer: navigationReducer)
        let model = ObservableStore(store)
        store.dispatch(.path(.push(NavScreen(name: "a"))))
        let screen = model.scope(
            screen: 0, of: \Navigation.path, action: NavigationAction.pathActions)
        let sheet = model.scope(presented: \Navigation.sheet, action: NavigationAction.sheetActions)
        #expect(sheet.state == nil)
        screen.dispatch(NavScreenAction.tick)
        #expect(store.state.path[id: 0]?.seconds == 1)
        store.dispatch(.present)
        sheet.dispatch(NavScreenAction.tick)
        #expect(sheet.state?.seconds == 1)
        store.dispatch(.path(.popFrom(id: 0)))
        #expect(screen.state == nil)
        store.dispatch(.sheet(.dismiss))
        #expect(sheet.state == nil)
    }

    @Test("a screen's observable view scopes its own sheet: nil once the sheet or the screen goes")
    func observableSheetOfAScreen() {
        let store = Store(initial: Nested(), mutatingReducer: nestedReducer)
        let model = ObservableStore(store)
        store.dispatch(.path(.push(SheetHost())))
        let screen = model.scope(screen: 0, of: \Nested.path, action: NestedAction.pathActions)
        let sheet = screen.scope(presented: \SheetHost.sheet, action: SheetHostAction.sheetActions)
        #expect(sheet.state == nil)
        screen.dispatch(.present)
        sheet.dispatch(.tick)
        #expect(sheet.state?.seconds == 1)
        #expect(store.state.path[id: 0]?.sheet?.seconds == 1)
        store.dispatch(.closeSheets)
        #expect(sheet.state == nil)
        screen.dispatch(.present)
        #expect(sheet.state?.seconds == 0)
        store.dispatch(.path(.popFrom(id: 0)))
        #expect(sheet.state == nil)
    }

    @Test("a stack inside a child: a screen the outer reducer pops stops ticking")
    func stackInsideAChild() {
        let scheduler = TestScheduler()
        let flowReducer = forEach(
            navScreenReducer, stack: \Flow.path, action: FlowAction.pathActions)
        let reducer: MutatingReducer<Outer, OuterAction> = combine(
            ifLet(flowReducer, state: \Outer.flow, action: OuterAction.flowActions),
            { state, action in
                if action == .popAll { state.flow?.path.removeAll() }
            }
        )
        let screens = forEach(
            screenTicking(scheduler), stack: \Flow.path, action: FlowAction.pathActions)
        let store = TestStore(
            initial: Outer(), mutatingReducer: reducer, scheduler: scheduler,
            middlewares: [ifLet(screens, state: \Outer.flow, action: OuterAction.flowActions)])
        store.send(.flow(.path(.push(NavScreen(name: "a"))))) {
            $0.flow?.path.append(NavScreen(name: "a"))
        }
        store.send(.flow(.path(.element(id: 0, action: .start))))
        store.advance(by: .seconds(1))
        store.receive(.flow(.path(.element(id: 0, action: .tick)))) {
            $0.flow?.path[id: 0]?.seconds = 1
        }
        store.send(.popAll) { $0.flow?.path.removeAll() }
        store.advance(by: .seconds(10))
        store.finish()
    }
}
