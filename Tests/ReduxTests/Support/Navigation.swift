import Effects
import Redux

// A screen with a ticking timer, pushed on two stacks and presented as a sheet: the fixture of
// the navigation tests (StackForEachTests, PresentationTests).

/// A screen that counts the seconds its timer has ticked.
struct NavScreen: Equatable, Sendable {
    var name = ""
    var seconds = 0
}

enum NavScreenAction: Equatable, Sendable {
    case start
    case tick
    /// Asks the screen to go, after a second: the sheet closes itself.
    case close
}

let navScreenReducer: MutatingReducer<NavScreen, NavScreenAction> = { screen, action in
    if action == .tick { screen.seconds += 1 }
}

/// Ticks every second from `.start`, until the screen goes.
func screenTicking(_ scheduler: TestScheduler) -> Middleware<NavScreen, NavScreenAction> {
    { _, action in
        switch action {
        case .start, .tick: Effect.just(.tick).delay(for: .seconds(1), scheduler: scheduler)
        case .close: .none
        }
    }
}

/// Ticks as ``screenTicking(_:)`` does, and dismisses itself a second after `.close`.
func screenClosing(_ scheduler: TestScheduler) -> PresentedMiddleware<NavScreen, NavScreenAction> {
    let tick = screenTicking(scheduler)
    return { screen, action in
        guard action == .close else { return tick(screen, action).map { .presented($0) } }
        return Effect.just(.dismiss).delay(for: .seconds(1), scheduler: scheduler)
    }
}

struct Navigation: Equatable, Sendable {
    var path = StackState<NavScreen>()
    var other = StackState<NavScreen>()
    var sheet: NavScreen?
}

enum NavigationAction: Equatable, Sendable {
    case path(StackAction<NavScreen, NavScreenAction>)
    case other(StackAction<NavScreen, NavScreenAction>)
    case sheet(PresentationAction<NavScreenAction>)
    case popToRoot
    case replacePath
    case present

    static let pathActions = ActionPath(NavigationAction.path) {
        if case .path(let action) = $0 { action } else { nil }
    }
    static let otherActions = ActionPath(NavigationAction.other) {
        if case .other(let action) = $0 { action } else { nil }
    }
    static let sheetActions = ActionPath(NavigationAction.sheet) {
        if case .sheet(let action) = $0 { action } else { nil }
    }
}

let navigationReducer: MutatingReducer<Navigation, NavigationAction> = combine(
    forEach(navScreenReducer, stack: \Navigation.path, action: NavigationAction.pathActions),
    forEach(navScreenReducer, stack: \Navigation.other, action: NavigationAction.otherActions),
    ifLet(navScreenReducer, presented: \Navigation.sheet, action: NavigationAction.sheetActions),
    { state, action in
        switch action {
        case .popToRoot: state.path.removeAll()
        case .replacePath: state.path = StackState([NavScreen(name: "new")])
        case .present: state.sheet = NavScreen(name: "sheet")
        case .path, .other, .sheet: break
        }
    }
)

func navigationMiddlewares(
    _ scheduler: TestScheduler
) -> [AnyMiddleware<Navigation, NavigationAction>] {
    [
        forEach(
            screenTicking(scheduler), stack: \Navigation.path, action: NavigationAction.pathActions),
        forEach(
            screenTicking(scheduler), stack: \Navigation.other,
            action: NavigationAction.otherActions),
        ifLet(
            screenClosing(scheduler), presented: \Navigation.sheet,
            action: NavigationAction.sheetActions),
    ]
}
