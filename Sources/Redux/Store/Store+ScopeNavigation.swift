import Effects

extension Store {
    /// A store of one screen of a navigation stack lifted with
    /// ``forEach(_:stack:action:)->AnyMiddleware<State,Action>``, for the screen's view: it
    /// reads the screen, sends the screen's actions as `.element(id:action:)`, and runs effects
    /// scoped to the screen.
    ///
    /// Its state is the screen while it is on the stack, nil once it is popped (ids are never
    /// given twice, so it never comes back). An action sent once it is popped is ignored (and
    /// reported in debug builds), and an effect run through it (``ScopedStore/run(_:)``) ends
    /// when the screen is popped, as the effects of the screen's middleware do.
    ///
    /// ```swift
    /// let detail = store.scope(screen: 0, of: \ItemList.path, action: ItemListAction.pathActions)
    /// detail.dispatch(.onAppear)   // the store gets .path(.element(id: 0, action: .onAppear))
    /// ```
    ///
    /// The stack itself, for the view that shows it, is `scope(state:action:)` with the same
    /// paths.
    ///
    /// - Parameters:
    ///   - id: The screen's id.
    ///   - path: Where the stack sits in the state.
    ///   - action: Where the stack's actions sit among the store's actions.
    /// - Returns: A scoped store of the screen, nil once it is popped.
    /// - Complexity: Reading the state looks the screen up by id: O(1).
    public func scope<Screen: Equatable & Sendable, ScreenAction: Sendable>(
        screen id: StackElementID,
        of path: KeyPath<State, StackState<Screen>> & Sendable,
        action: ActionPath<Action, StackAction<Screen, ScreenAction>>
    ) -> ScopedStore<Screen?, ScreenAction> {
        let core = core
        let embed = action.embed
        let screen = EffectScope.screen(id, of: Screen.self)
        let stack = EffectID(EffectScope.stack(path))
        return ScopedStore(
            read: { core.read { $0[keyPath: path][id: id] } },
            send: { core.dispatch(embed(.element(id: id, action: $0))) },
            start: { effect in
                let scoped = effect.scoped(to: screen) { embed(.element(id: id, action: $0)) }
                core.start(scoped.scoped(to: stack))
            },
            // Holds the store itself, not only its engine: releasing a store shuts it down.
            observe: { [self] observer in subscribe { observer($0[keyPath: path][id: id]) } },
            isDuplicate: { $0 == $1 }
        )
    }

    /// A store of a presented child lifted with
    /// ``ifLet(_:presented:action:)->AnyMiddleware<State,Action>``, for the child's view (a
    /// sheet): it reads the child, sends the child's actions as `.presented(action)`, and runs
    /// effects scoped to the child.
    ///
    /// It is `scope(child:action:)` through the `.presented` case: nil while nothing is
    /// presented, and its effects end when the child is dismissed.
    ///
    /// ```swift
    /// let edit = store.scope(presented: \ItemList.edit, action: ItemListAction.editActions)
    /// edit.dispatch(.titleChanged("Brown eggs"))
    /// ```
    ///
    /// - Parameters:
    ///   - path: Where the optional child sits in the state.
    ///   - action: Where the child's presentation actions sit among the store's actions.
    /// - Returns: A scoped store of the child, nil while there is none.
    public func scope<Child: Equatable & Sendable, ChildAction: Sendable>(
        presented path: KeyPath<State, Child?> & Sendable,
        action: ActionPath<Action, PresentationAction<ChildAction>>
    ) -> ScopedStore<Child?, ChildAction> {
        scope(child: path, action: action.appending(PresentationAction.presentedActions))
    }
}
