import Effects

/// What can happen to a presented child (a sheet, a popover, an alert; TCA's
/// `PresentationAction`): an action of the child, or its dismissal.
///
/// The child's state is an optional in the parent's: presenting it is setting it, `.dismiss`
/// sets it back to nil. Lift the child with
/// ``ifLet(_:presented:action:)->MutatingReducer<State,Action>`` and
/// ``ifLet(_:presented:action:)-(PresentedMiddleware<ChildState,ChildAction>,_,_)``: every effect
/// it starts ends when it is dismissed, and its middleware can dismiss it.
public enum PresentationAction<ChildAction> {
    /// An action of the presented child.
    case presented(ChildAction)
    /// Dismisses the child: sets it to nil, which ends its effects.
    case dismiss

    /// Where the child's own actions sit among its presentation actions.
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
/// `.presented(action)` changes the child in place, as `ifLet(_:state:action:)` does (ignored
/// and reported while it is nil); `.dismiss` sets it to nil. List it before the parent's own
/// reducer in ``combine(_:)-(MutatingReducer<State,Action>...)``.
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
/// It is `ifLet(_:state:action:)` over the child: when the child goes (`.dismiss`, from the
/// parent or the child's own effect, or the parent setting it to nil), every effect it started
/// is cancelled at once and delivers nothing more.
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
/// As ``ifLet(_:presented:action:)-(PresentedMiddleware<ChildState,ChildAction>,_,_)``; it may
/// itself be lifted (a sheet's list, through ``PresentationAction/presentedActions``).
public func ifLet<State: Sendable, Action: Sendable, ChildState: Sendable, ChildAction: Sendable>(
    _ middleware: AnyMiddleware<ChildState, PresentationAction<ChildAction>>,
    presented path: KeyPath<State, ChildState?> & Sendable,
    action: ActionPath<Action, PresentationAction<ChildAction>>
) -> AnyMiddleware<State, Action> {
    // `.dismiss` is neither the child's to see (it is gone) nor a missing child's to report.
    let presented = ActionPath<Action, PresentationAction<ChildAction>>(embed: action.embed) {
        if case .presented(let childAction)? = action.extract($0) {
            .presented(childAction)
        } else {
            nil
        }
    }
    return ifLet(middleware, state: path, action: presented)
}
