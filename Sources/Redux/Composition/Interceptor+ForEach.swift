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
        lifted(
            action.extract, read: { $0[keyPath: path][id: $1] }, embed: { action.embed(($0, $1)) },
            scope: { EffectScope.element($0, of: path) })
    }

    /// Lifts this child interceptor to a parent whose state holds the child as an optional at
    /// `path`: as ``forEach(state:action:)``, for the child while it is there
    /// (``EffectScope/child(_:)``).
    public func ifLet<ParentState: Sendable, ParentAction: Sendable>(
        state path: KeyPath<ParentState, State?> & Sendable,
        action: ActionPath<ParentAction, Action>
    ) -> Interceptor<ParentState, ParentAction> {
        lifted(
            { action.extract($0).map { ((), $0) } }, read: { state, _ in state[keyPath: path] },
            embed: { action.embed($1) }, scope: { _ in EffectScope.child(path) })
    }

    /// A feature's, an element's or a child's interceptor, `key` naming the part: a parent
    /// action it does not find, or whose part is not there, goes on down the chain. Effects run
    /// through the part's context are scoped to `scope` if any.
    func lifted<ParentState: Sendable, ParentAction: Sendable, Key: Sendable>(
        _ find: @escaping @Sendable (ParentAction) -> (Key, Action)?,
        read: @escaping @Sendable (ParentState, Key) -> State?,
        embed: @escaping @Sendable (Key, Action) -> ParentAction,
        scope: (@Sendable (Key) -> EffectScope)?
    ) -> Interceptor<ParentState, ParentAction> {
        let intercept = intercept
        return Interceptor<ParentState, ParentAction> { parentAction, context, next in
            guard let (key, partAction) = find(parentAction), let part = read(context.state, key)
            else {
                next(parentAction)
                return
            }
            let effectScope = scope?(key)
            let partContext = InterceptorContext<State, Action>(
                scope: ContextScope(
                    read: { read(context.state, key) ?? part },
                    send: { context.dispatch(embed(key, $0)) },
                    start: { effect in
                        if let effectScope {
                            context.run(effect.scoped(to: effectScope) { embed(key, $0) })
                        } else {
                            context.run(effect.map { embed(key, $0) })
                        }
                    }
                ),
                membership: context.membership)
            intercept(partAction, partContext) { next(embed(key, $0)) }
        }
    }
}
