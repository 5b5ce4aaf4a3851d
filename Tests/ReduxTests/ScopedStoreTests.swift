import Effects
import Redux
import Testing

/// A store's view of one feature: its part of the state, its actions, the observing API,
/// deduplicated, and nothing of its own.
@Suite struct ScopedStoreTests {
    func dashboard(middlewares: [Middleware<Dashboard, DashboardAction>] = []) -> Store<
        Dashboard, DashboardAction
    > {
        Store(initial: Dashboard(), mutatingReducer: dashboardReducer, middlewares: middlewares)
    }

    @Test("reads its part of the parent's state, and sends its actions embedded to the parent")
    func readsAndSends() {
        let log = EventLog<DashboardAction>()
        let store = dashboard(middlewares: [
            { _, action in
                log.append(action); return .none
            }
        ])
        let panel = store.scope(state: \.panel, action: DashboardAction.panelPath)

        panel.dispatch(.rename("Scores"))
        store.dispatch(.counter(.increment))

        #expect(panel.state == Panel(title: "Scores"))
        #expect(log.entries == [.panel(.rename("Scores")), .counter(.increment)])
        #expect(store.state.counter.count == 1)
    }

    @Test("its observers are called with its state now, then only when that state changes")
    func observersAreDeduplicated() {
        let store = dashboard()
        let panel = store.scope(state: \.panel, action: DashboardAction.panelPath)
        let seen = EventLog<Panel>()
        let token = panel.subscribe { seen.append($0) }

        store.dispatch(.counter(.increment))
        panel.dispatch(.toggle)
        store.dispatch(.counter(.increment))
        panel.dispatch(.rename("Untitled"))   // no change

        #expect(seen.entries == [Panel(), Panel(isOpen: true)])
        token.cancel()
    }

    @Test("a selection of its state is called back when the selected value changes")
    func selections() {
        let store = dashboard()
        let panel = store.scope(state: \.panel, action: DashboardAction.panelPath)
        let titles = EventLog<String>()
        let opened = EventLog<Bool>()
        let tokens = [
            panel.subscribe(to: \.title) { titles.append($0) },
            panel.subscribe(to: { $0.isOpen }, isDuplicate: { $0 == $1 }) { opened.append($0) },
        ]

        panel.dispatch(.toggle)
        panel.dispatch(.rename("Scores"))
        store.dispatch(.counter(.increment))

        #expect(titles.entries == ["Untitled", "Scores"])
        #expect(opened.entries == [false, true])
        tokens.forEach { $0.cancel() }
    }

    @Test("a view of a feature inside a feature reads and sends through both")
    func nestedScope() {
        struct Outer: Equatable, Sendable { var dashboard = Dashboard() }
        enum OuterAction: Equatable, Sendable { case dashboard(DashboardAction) }
        let path = ActionPath<OuterAction, DashboardAction>(embed: OuterAction.dashboard) {
            guard case .dashboard(let action) = $0 else { return nil }
            return action
        }
        let store = Store(
            initial: Outer(),
            mutatingReducer: pullback(dashboardReducer, state: \Outer.dashboard, action: path)
        )
        let panel =
            store
            .scope(state: \.dashboard, action: path)
            .scope(state: \.panel, action: DashboardAction.panelPath)
        let seen = EventLog<Bool>()
        let token = panel.subscribe { seen.append($0.isOpen) }

        panel.dispatch(.toggle)
        store.dispatch(.dashboard(.counter(.increment)))

        #expect(store.state.dashboard.panel.isOpen)
        #expect(seen.entries == [false, true])
        token.cancel()
    }

    @Test("an effect run on the view sends its actions embedded")
    func runEmbeds() {
        let store = dashboard()
        let panel = store.scope(state: \.panel, action: DashboardAction.panelPath)

        panel.run(.merge(.just(.toggle), .just(.rename("Scores"))))

        #expect(store.state.panel == Panel(title: "Scores", isOpen: true))
    }

    @Test("its states arrive as an AsyncStream, deduplicated")
    func states() async {
        let store = dashboard()
        let panel = store.scope(state: \.panel, action: DashboardAction.panelPath)
        var iterator = panel.states().makeAsyncIterator()
        #expect(await iterator.next() == Panel())

        store.dispatch(.counter(.increment))
        panel.dispatch(.toggle)

        #expect(await iterator.next() == Panel(isOpen: true))
    }

    @Test("it keeps its parent store alive")
    func keepsParentAlive() {
        weak var weakStore: Store<Dashboard, DashboardAction>?
        var panel: ScopedStore<Panel, PanelAction>?
        do {
            let store = dashboard()
            weakStore = store
            panel = store.scope(state: \.panel, action: DashboardAction.panelPath)
        }
        #expect(weakStore != nil)
        panel?.dispatch(.toggle)
        #expect(panel?.state.isOpen == true)

        panel = nil
        #expect(weakStore == nil)
    }

    @Test(
        "it has no queue of its own: its actions and the parent's are reduced in the order dispatched"
    )
    func sharesTheParentsQueue() {
        let log = EventLog<DashboardAction>()
        let reference = StoreReference<Dashboard, DashboardAction>()
        let store = dashboard(middlewares: [
            { _, action in
                log.append(action)
                if action == .counter(.ping) {
                    // Nested: both are queued behind the action being processed, in this order.
                    reference.store?.scope(state: \.panel, action: DashboardAction.panelPath)
                        .dispatch(.toggle)
                    reference.dispatch(.counter(.increment))
                }
                return .none
            }
        ])
        reference.refer(to: store)

        store.dispatch(.counter(.ping))

        #expect(log.entries == [.counter(.ping), .panel(.toggle), .counter(.increment)])
    }

    @Test("a view of a store with a home dispatches onto the home")
    func scopeOfAHome() {
        let scheduler = TestScheduler()
        let store = Store(
            initial: Dashboard(), mutatingReducer: dashboardReducer, on: .scheduler(scheduler))
        let panel = store.scope(state: \.panel, action: DashboardAction.panelPath)

        panel.dispatch(.toggle)
        #expect(!panel.state.isOpen)

        scheduler.advance()
        #expect(panel.state.isOpen)
    }
}
