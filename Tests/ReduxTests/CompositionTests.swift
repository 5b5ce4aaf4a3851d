import Effects
import Redux
import ReduxTesting
import Testing

/// Reducers, middlewares and interceptors written for one feature, lifted into an app's state and
/// actions.
@Suite struct CompositionTests {
    @Test("combine runs the reducers in order, each on the state the previous one left")
    func combineRunsInOrder() {
        let double: MutatingReducer<Counter, CounterAction> = { state, _ in state.count *= 2 }
        let reducer = combine(counterMutatingReducer, double)
        var state = Counter(count: 1)
        reducer(&state, .increment)
        #expect(state.count == 4)
    }

    @Test("combine of pure reducers passes each one's result to the next")
    func combinePure() {
        let double: Reducer<Counter, CounterAction> = { state, _ in
            var state = state
            state.count *= 2
            return state
        }
        let reducer = combine(counterReducer, double)
        #expect(reducer(Counter(count: 1), .increment).count == 4)
    }

    @Test(
        "a pulled-back reducer changes its feature's state for its feature's actions, and ignores the others"
    )
    func pulledBackReducer() {
        var app = Dashboard()
        dashboardReducer(&app, .panel(.rename("Scores")))
        dashboardReducer(&app, .counter(.add(3)))
        #expect(app == Dashboard(counter: Counter(count: 3), panel: Panel(title: "Scores")))
    }

    @Test("a pulled-back pure reducer does too")
    func pulledBackPureReducer() {
        let reducer: Reducer<Dashboard, DashboardAction> = pullback(
            counterReducer, state: \.counter, action: DashboardAction.counterPath
        )
        #expect(reducer(Dashboard(), .counter(.increment)).counter.count == 1)
        #expect(reducer(Dashboard(), .panel(.toggle)) == Dashboard())
    }

    @Test("action paths compose: a feature inside a feature")
    func actionPathsAppend() {
        enum Outer: Equatable, Sendable { case dashboard(DashboardAction) }
        let outer = ActionPath<Outer, DashboardAction>(embed: Outer.dashboard) {
            guard case .dashboard(let action) = $0 else { return nil }
            return action
        }
        let path = outer.appending(DashboardAction.panelPath)
        #expect(path.embed(.toggle) == .dashboard(.panel(.toggle)))
        #expect(path.extract(.dashboard(.panel(.rename("x")))) == .rename("x"))
        #expect(path.extract(.dashboard(.counter(.increment))) == nil)
    }

    @Test(
        "a pulled-back middleware sees its feature's state, and its effects' actions come back embedded, cancellation ids and all"
    )
    func pulledBackMiddleware() {
        let scheduler = TestScheduler()
        let store = TestStore(
            initial: Dashboard(),
            mutatingReducer: dashboardReducer,
            scheduler: scheduler,
            middlewares: [
                pullback(
                    settling(scheduler: scheduler), state: \.panel,
                    action: DashboardAction.panelPath)
            ]
        )

        store.send(.panel(.toggle)) { $0.panel.isOpen = true }
        store.send(.counter(.increment)) { $0.counter.count = 1 }
        store.advance(by: .seconds(1))
        store.receive(.panel(.settled))

        store.send(.panel(.toggle)) { $0.panel.isOpen = false }
        store.send(.panel(.toggle)) { $0.panel.isOpen = true }
        store.send(.panel(.toggle)) { $0.panel.isOpen = false }   // cancels the settling by its id
        store.advance(by: .seconds(5))
        store.finish()
    }

    @Test("a pulled-back remembering middleware remembers its projection of its feature's state")
    func pulledBackMiddlewareWithContext() {
        let log = EventLog<String>()
        let panelChanges = AnyMiddleware<Panel, PanelAction>(remembering: \.isOpen) {
            panel, wasOpen, action in
            log.append("\(action): \(wasOpen) → \(panel.isOpen)")
            return .none
        }
        let store = Store(
            initial: Dashboard(),
            mutatingReducer: dashboardReducer,
            middlewares: [panelChanges.pullback(state: \.panel, action: DashboardAction.panelPath)]
        )

        store.dispatch(.panel(.toggle))
        store.dispatch(.counter(.increment))
        store.dispatch(.panel(.rename("x")))

        #expect(log.entries == ["toggle: false → true", "rename(\"x\"): true → true"])
    }

    @Test(
        "a pulled-back interceptor sees its feature's actions and state; the app's other actions pass untouched"
    )
    func pulledBackInterceptor() {
        let log = EventLog<String>()
        // Refuses to rename a panel that is closed, and opens it instead.
        let openBeforeRenaming = Interceptor<Panel, PanelAction> { action, context, next in
            log.append("saw \(action) with the panel \(context.state.isOpen ? "open" : "closed")")
            if case .rename = action, !context.state.isOpen {
                context.dispatch(.toggle)
                return
            }
            next(action)
        }
        let store = Store(
            initial: Dashboard(),
            mutatingReducer: dashboardReducer,
            interceptors: [
                openBeforeRenaming.pullback(state: \.panel, action: DashboardAction.panelPath)
            ]
        )

        store.dispatch(.counter(.increment))
        store.dispatch(.panel(.rename("Scores")))
        store.dispatch(.panel(.rename("Scores")))

        #expect(
            log.entries == [
                "saw rename(\"Scores\") with the panel closed",
                "saw toggle with the panel closed",
                "saw rename(\"Scores\") with the panel open",
            ])
        #expect(
            store.state
                == Dashboard(
                    counter: Counter(count: 1), panel: Panel(title: "Scores", isOpen: true)))
    }

    @Test("the app's TestStore and a feature's own TestStore test the same feature")
    func featureTestedAloneAndInTheApp() {
        let scheduler = TestScheduler()
        let feature = TestStore(
            initial: Panel(),
            mutatingReducer: panelReducer,
            scheduler: scheduler,
            middlewares: [settling(scheduler: scheduler)]
        )
        feature.send(.toggle) { $0.isOpen = true }
        feature.advance(by: .seconds(1))
        feature.receive(.settled)
        feature.finish()

        let appScheduler = TestScheduler()
        let app = TestStore(
            initial: Dashboard(),
            mutatingReducer: dashboardReducer,
            scheduler: appScheduler,
            middlewares: [
                pullback(
                    settling(scheduler: appScheduler), state: \.panel,
                    action: DashboardAction.panelPath)
            ]
        )
        app.send(.panel(.toggle)) { $0.panel.isOpen = true }
        app.advance(by: .seconds(1))
        app.receive(.panel(.settled))
        app.finish()
    }
}
