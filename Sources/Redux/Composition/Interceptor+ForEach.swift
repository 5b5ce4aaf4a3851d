import Effects

extension Interceptor {
    /// Lifts this element interceptor to a parent whose state holds the elements in an
    /// ``IdentifiedArray`` at `path`, and whose actions carry an element's id with an element's
    /// action where `action` finds them.
    ///
    /// It sees the parent's element actions for elements that are there, with a context of
    /// that element: what it passes to `next` or dispatches comes back embedded with the
    /// element's id, and the effects it runs are scoped to the element (they end when it is
    /// removed, if the element's middleware is lifted with `forEach` too, or when
    /// ``EffectScope/element(_:of:)`` is cancelled). The context's state is the element as it is
    /// now, or as it was when the action arrived once it is removed. An action for an element
    /// that is not there goes on down the chain untouched (the reducer ignores and reports it);
    /// every other action too.
    ///
    /// ```swift
    /// let shoutingRows = shouting.forEach(state: \Todos.rows, action: TodosAction.rowActions)
    /// ```
    ///
    /// - Parameters:
    ///   - path: Where the elements sit in the parent's state.
    ///   - action: Where an element's id and action sit among the parent's actions.
    /// - Returns: An interceptor of the parent's state and actions.
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
    /// It sees the parent's child actions while the child is there, with a context of the
    /// child: what it passes to `next` or dispatches comes back embedded, and the effects it runs
    /// are scoped to the child (they end when it goes, if the child's middleware is lifted with
    /// `ifLet` too, or when ``EffectScope/child(_:)`` is cancelled). The context's state is the
    /// child as it is now, or as it was when the action arrived once it is gone. A child action
    /// while the child is nil goes on down the chain untouched (the reducer ignores and reports
    /// it); every other action too.
    ///
    /// - Parameters:
    ///   - path: Where the optional child sits in the parent's state.
    ///   - action: Where the child's actions sit among the parent's.
    /// - Returns: An interceptor of the parent's state and actions.
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
