import Effects

/// Lifts a feature's middleware to an app's state and actions: it runs for the feature's
/// actions, sees the feature's state, and its effects' actions are embedded back.
///
/// ```swift
/// let saving = pullback(saveSettings(to: file), state: \AppState.settings, action: settingsActions)
/// ```
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
    @inlinable
    public func pullback<ParentState: Sendable, ParentAction: Sendable>(
        state path: KeyPath<ParentState, State> & Sendable,
        action: ActionPath<ParentAction, Action>
    ) -> AnyMiddleware<ParentState, ParentAction> {
        let instantiate = instantiate
        return AnyMiddleware<ParentState, ParentAction>(instantiate: {
            let running = instantiate()
            let remember = running.remember.map { remember in
                { @Sendable (parent: ParentState) in remember(parent[keyPath: path]) }
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
