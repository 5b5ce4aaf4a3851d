import Effects

/// What can happen to a presented child (a sheet, a popover, an alert; TCA's
/// `PresentationAction`): an action of the child, or its dismissal.
///
/// The child's state is an optional in the parent's; `.dismiss` sets it back to nil. Lift the
/// child with ``ifLet(_:presented:action:)->MutatingReducer<State,Action>`` and
/// ``ifLet(_:presented:action:)-(PresentedMiddleware<ChildState,ChildAction>,_,_)``.
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

/// Lifts a presented child's reducer to a parent's optional at `path`: `.presented(action)` as
/// `ifLet(_:state:action:)`, `.dismiss` setting the child to nil. List it before the parent's
/// own reducer in ``combine(_:)-(MutatingReducer<State,Action>...)``.
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

/// Lifts the middleware of a presented child that can dismiss itself to a parent's optional at
/// `path`: as `ifLet(_:state:action:)`, every effect the child started is cancelled when it
/// goes (`.dismiss`, or the parent setting it to nil).
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

/// Lifts the middleware of a presented child, of either form: as
/// ``ifLet(_:presented:action:)-(PresentedMiddleware<ChildState,ChildAction>,_,_)``.
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
