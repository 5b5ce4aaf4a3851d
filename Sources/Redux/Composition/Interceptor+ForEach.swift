import Effects

extension Interceptor {
    /// Lifts this element interceptor to a parent whose state holds the elements in an
    /// ``IdentifiedArray`` at `path`.
    ///
    /// It sees the actions of elements that are there, with a context of that element whose
    /// effects are scoped to it (``EffectScope/element(_:of:)``) and whose state is the element
    /// as it is now, or as it was once removed. Every other action goes on down the chain.
    ///
    /// ```swift
    /// let shoutingRows = shouting.forEach(state: \Todos.rows, action: TodosAction.rowActions)
    /// ```
    public func forEach<ParentState: Sendable, ParentAction: Sendable>(
        state path: KeyPath<ParentState, IdentifiedArray<State>> & Sendable,
        action: ActionPath<ParentAction, (State.ID, Action)>
    ) -> Interceptor<ParentState, ParentAction> where State: Identifiable, State.ID: Sendable {
        let intercept = intercept
        return Interceptor<ParentState, ParentAction> { parentAction, context, next in
            guard let (id, elementAction) = action.extract(parentAction),
                let element = context.state[keyPath: path][id: id]
            else {
                next(parentAction)
                return
            }
            let scope = EffectScope.element(id, of: path)
            let elementContext = InterceptorContext<State, Action>(
                scope: ContextScope(
                    read: { context.state[keyPath: path][id: id] ?? element },
                    send: { context.dispatch(action.embed((id, $0))) },
                    start: { context.run($0.scoped(to: scope) { action.embed((id, $0)) }) }
                ),
                membership: context.membership)
            intercept(elementAction, elementContext) { next(action.embed((id, $0))) }
        }
    }

    /// Lifts this child interceptor to a parent whose state holds the child as an optional at
    /// `path`.
    ///
    /// As ``forEach(state:action:)``, for the child while it is there: its effects are scoped to
    /// the child (``EffectScope/child(_:)``), and a child action while it is nil goes on down the
    /// chain untouched.
    public func ifLet<ParentState: Sendable, ParentAction: Sendable>(
        state path: KeyPath<ParentState, State?> & Sendable,
        action: ActionPath<ParentAction, Action>
    ) -> Interceptor<ParentState, ParentAction> {
        let intercept = intercept
        return Interceptor<ParentState, ParentAction> { parentAction, context, next in
            guard let childAction = action.extract(parentAction),
                let child = context.state[keyPath: path]
            else {
                next(parentAction)
                return
            }
            let scope = EffectScope.child(path)
            let childContext = InterceptorContext<State, Action>(
                scope: ContextScope(
                    read: { context.state[keyPath: path] ?? child },
                    send: { context.dispatch(action.embed($0)) },
                    start: { context.run($0.scoped(to: scope, map: action.embed)) }
                ),
                membership: context.membership)
            intercept(childAction, childContext) { next(action.embed($0)) }
        }
    }
}
