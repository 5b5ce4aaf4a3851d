import Effects
import Redux

// A small app of two features, for the composition tests: a counter, and a panel that can be
// renamed and opened. Each feature is written against its own state and actions only.

/// The panel feature's state.
struct Panel: Equatable, Sendable {
    var title = "Untitled"
    var isOpen = false
}

/// The panel feature's actions.
enum PanelAction: Equatable, Sendable {
    case rename(String)
    case toggle
    /// The panel's middleware answers an opening with this, a second later.
    case settled
}

/// The panel feature's reducer.
let panelReducer: MutatingReducer<Panel, PanelAction> = { panel, action in
    switch action {
    case .rename(let title): panel.title = title
    case .toggle: panel.isOpen.toggle()
    case .settled: break
    }
}

/// The panel feature's middleware: an opened panel settles a second later; closing it first
/// cancels that.
func settling(scheduler: some Scheduler) -> Middleware<Panel, PanelAction> {
    { panel, action in
        guard case .toggle = action else { return .none }
        guard panel.isOpen else { return .cancel(id: "settle") }
        return Effect.just(.settled)
            .delay(for: .seconds(1), scheduler: scheduler)
            .cancellable(id: "settle", cancelInFlight: true)
    }
}

/// The app: both features side by side.
struct Dashboard: Equatable, Sendable {
    var counter = Counter()
    var panel = Panel()
}

/// The app's actions: each feature's, in a case of its own.
enum DashboardAction: Equatable, Sendable {
    case counter(CounterAction)
    case panel(PanelAction)

    static let counterPath = ActionPath<DashboardAction, CounterAction>(
        embed: DashboardAction.counter
    ) {
        guard case .counter(let action) = $0 else { return nil }
        return action
    }

    static let panelPath = ActionPath<DashboardAction, PanelAction>(embed: DashboardAction.panel) {
        guard case .panel(let action) = $0 else { return nil }
        return action
    }
}

/// The app's reducer, composed of the features'.
let dashboardReducer: MutatingReducer<Dashboard, DashboardAction> = combine(
    pullback(counterMutatingReducer, state: \.counter, action: DashboardAction.counterPath),
    pullback(panelReducer, state: \.panel, action: DashboardAction.panelPath)
)
