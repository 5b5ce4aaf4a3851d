import Effects

/// Lifts a feature's middleware to an app's state and actions: it runs for the app's actions
/// that `action` finds a feature action in, sees the feature's part of the state, and the actions
/// its effects send are embedded back into the app's.
///
/// ```swift
/// let saving = pullback(saveSettings(to: file), state: \AppState.settings, action: settingsActions)
/// ```
///
/// Cancellation ids keep working: the lifted effect is the feature's, mapped.
///
/// - Parameters:
///   - middleware: The feature's middleware.
///   - path: Where the feature's state sits in the app's.
///   - action: Where the feature's actions sit among the app's.
/// - Returns: A middleware of the app's state and actions.
@inlinable
public func pullback<State, Action: Sendable, ChildState, ChildAction: Sendable>(
    _ middleware: @escaping Middleware<ChildState, ChildAction>,
    state path: KeyPath<State, ChildState> & Sendable,
    action: ActionPath<Action, ChildAction>
) -> Middleware<State, Action> {
    { state, parentAction in
        guard let childAction = action.extract(parentAction) else { return .none }
        let effect = middleware(state[keyPath: path], childAction)
        return effect.isNone ? .none : effect.map(action.embed)
    }
}

extension AnyMiddleware {
    /// Lifts this feature middleware, of either form, to an app's state and actions (see
    /// ``pullback(_:state:action:)->Middleware<State,Action>``).
    ///
    /// A remembering middleware remembers its projection of the feature's part of the app's
    /// state before every app action.
    ///
    /// - Parameters:
    ///   - path: Where the feature's state sits in the app's.
    ///   - action: Where the feature's actions sit among the app's.
    /// - Returns: A middleware of the app's state and actions.
    @inlinable
    public func pullback<ParentState: Sendable, ParentAction: Sendable>(
        state path: KeyPath<ParentState, State> & Sendable,
        action: ActionPath<ParentAction, Action>
    ) -> AnyMiddleware<ParentState, ParentAction> {
        let instantiate = instantiate
        return AnyMiddleware<ParentState, ParentAction>(instantiate: {
            let running = instantiate()
            var remember: (@Sendable (ParentState) -> Void)?
            if let rememberChild = running.remember {
                remember = { parent in rememberChild(parent[keyPath: path]) }
            }
            var react: Middleware<ParentState, ParentAction> = Redux.pullback(
                running.react, state: path, action: action)
            var settle: (@Sendable (ParentState) -> Effect<ParentAction>)?
            if let settleChild = running.settle {
                // A lifted `forEach` or `ifLet` also ends what the app's other actions removed.
                let settleFeature: @Sendable (ParentState) -> Effect<ParentAction> = { parent in
                    settleChild(parent[keyPath: path]).map(action.embed)
                }
                react = { [react] parent, parentAction in
                    action.extract(parentAction) == nil
                        ? settleFeature(parent) : react(parent, parentAction)
                }
                settle = settleFeature
            }
            return AnyMiddleware<ParentState, ParentAction>.Running(
                remember: remember, react: react, settle: settle)
        })
    }
}
