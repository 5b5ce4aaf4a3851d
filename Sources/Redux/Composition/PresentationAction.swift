import Effects

/// What can happen to a presented child (a sheet, a popover, an alert; TCA's
/// `PresentationAction`): an action of the child, or its dismissal.
///
/// The child's state is an optional in the parent's state: presenting it is setting it,
/// `.dismiss` sets it back to nil. Lift the child with
/// ``ifLet(_:presented:action:)->MutatingReducer<State,Action>`` and
/// ``ifLet(_:presented:action:)-(PresentedMiddleware<ChildState,ChildAction>,_,_)``: every effect it starts ends when
/// it is dismissed, and its middleware can dismiss it (``PresentedMiddleware``).
///
/// ```swift
/// struct ItemEdit: Equatable, Sendable {
///     let itemID: Int
///     var title: String
/// }
///
/// enum ItemEditAction: Equatable, Sendable {
///     case titleChanged(String)
///     case saveTapped
/// }
/// ```
public enum PresentationAction<ChildAction> {
    /// An action of the presented child.
    case presented(ChildAction)
    /// Dismisses the child: sets it to nil, which ends its effects.
    case dismiss

    /// Where the child's own actions sit among its presentation actions: the path a lifted
    /// middleware inside the child appends its own to.
    public static var presentedActions: ActionPath<PresentationAction, ChildAction> {
        ActionPath(embed: { .presented($0) }) {
            if case .presented(let action) = $0 { action } else { nil }
        }
    }
}

extension PresentationAction: Equatable where ChildAction: Equatable {}
extension PresentationAction: Sendable where ChildAction: Sendable {}

/// The middleware of a presented child that can dismiss itself: it sees the child's state and
/// action, and its effects send the child's actions, `.presented(action)`, or `.dismiss`.
///
/// ```swift
/// let itemEditing: PresentedMiddleware<ItemEdit, ItemEditAction> = { _, action in
///     action == .saveTapped ? .just(.dismiss) : .none
/// }
/// ```
public typealias PresentedMiddleware<ChildState, ChildAction> =
    @Sendable (ChildState, ChildAction) -> Effect<PresentationAction<ChildAction>>

/// Lifts a presented child's reducer to a parent whose state holds the child as an optional at
/// `path`, and whose actions carry the child's presentation actions where `action` finds them.
///
/// `.presented(action)` changes the child in place, as `ifLet(_:state:action:)` does (an action while it is nil is ignored and reported in debug builds: a `TestStore`
/// fails the test); `.dismiss` sets it to nil, and is nothing when it already is. List it before
/// the parent's own reducer in ``combine(_:)-(MutatingReducer<State,Action>...)``.
///
/// - Parameters:
///   - reducer: The child's reducer.
///   - path: Where the optional child sits in the parent's state.
///   - action: Where the child's presentation actions sit among the parent's.
/// - Returns: A reducer of the parent's state and actions.
public func ifLet<State, Action, ChildState, ChildAction>(
    _ reducer: @escaping MutatingReducer<ChildState, ChildAction>,
    presented path: WritableKeyPath<State, ChildState?> & Sendable,
    action: ActionPath<Action, PresentationAction<ChildAction>>
) -> MutatingReducer<State, Action> {
    let child = ifLet(
        reducer, state: path, action: action.appending(PresentationAction.presentedActions))
    return { state, parentAction in
        if case .dismiss? = action.extract(parentAction) {
            state[keyPath: path] = nil
        } else {
            child(&state, parentAction)
        }
    }
}

/// Lifts the middleware of a presented child that can dismiss itself to a parent whose state
/// holds the child as an optional at `path`; every effect the child starts ends when it is
/// dismissed.
///
/// It is `ifLet(_:state:action:)` over the child: the middleware sees the child's
/// actions (after the reducer), its effects run scoped to the child, and when the child goes
/// (`.dismiss`, from the parent or from the child's own effect, or the parent setting it to
/// nil) every one of them is cancelled at once and delivers nothing more.
///
/// A child whose middleware never dismisses it maps its effects: `{ middleware($0, $1).map {
/// .presented($0) } }`.
///
/// - Parameters:
///   - middleware: The child's middleware, whose effects may send `.dismiss`.
///   - path: Where the optional child sits in the parent's state.
///   - action: Where the child's presentation actions sit among the parent's.
/// - Returns: A middleware of the parent's state and actions, remembering whether the child was
///   there before each action.
/// - Complexity: O(1) per action, plus O(k) to cancel the k running effects of a child that
///   went.
public func ifLet<State: Sendable, Action: Sendable, ChildState: Sendable, ChildAction: Sendable>(
    _ middleware: @escaping PresentedMiddleware<ChildState, ChildAction>,
    presented path: KeyPath<State, ChildState?> & Sendable,
    action: ActionPath<Action, PresentationAction<ChildAction>>
) -> AnyMiddleware<State, Action> {
    ifLet(
        AnyMiddleware<ChildState, PresentationAction<ChildAction>>({ child, presentationAction in
            guard case .presented(let childAction) = presentationAction else { return .none }
            return middleware(child, childAction)
        }), presented: path, action: action)
}

/// Lifts the middleware of a presented child, of either form, to a parent whose state holds
/// the child as an optional at `path`; every effect the child starts ends when it is dismissed.
///
/// As the closure form, ``ifLet(_:presented:action:)-(PresentedMiddleware<ChildState,ChildAction>,_,_)``, which calls
/// it; the middleware sees only `.presented` actions, and its effects may send `.dismiss`. It
/// may itself be lifted (a sheet holding a list is an `ifLet` of a `forEach`, whose action path
/// goes through ``PresentationAction/presentedActions``): each child that comes gets a running
/// copy of its own, dropped when the child goes.
///
/// - Parameters:
///   - middleware: The child's middleware, of its presentation actions.
///   - path: Where the optional child sits in the parent's state.
///   - action: Where the child's presentation actions sit among the parent's.
/// - Returns: A middleware of the parent's state and actions.
public func ifLet<State: Sendable, Action: Sendable, ChildState: Sendable, ChildAction: Sendable>(
    _ middleware: AnyMiddleware<ChildState, PresentationAction<ChildAction>>,
    presented path: KeyPath<State, ChildState?> & Sendable,
    action: ActionPath<Action, PresentationAction<ChildAction>>
) -> AnyMiddleware<State, Action> {
    // `.dismiss` is not the child's to see (it is gone by then), and not a missing child's
    // action to report: only `.presented` actions reach it.
    let presented = ActionPath<Action, PresentationAction<ChildAction>>(embed: action.embed) {
        if case .presented(let childAction)? = action.extract($0) {
            .presented(childAction)
        } else {
            nil
        }
    }
    return ifLet(middleware, state: path, action: presented)
}
