import Effects

extension Store {
    /// A store of one screen of a navigation stack lifted with
    /// ``forEach(_:stack:action:)-(AnyMiddleware<Screen,ScreenAction>,_,_)``, for the screen's view: it
    /// reads the screen, sends the screen's actions as `.element(id:action:)`, and runs effects
    /// scoped to the screen.
    ///
    /// Its state is the screen while it is on the stack, nil once it is popped (for good: ids
    /// are never given twice). An action sent once it is popped is ignored (and reported in
    /// debug builds); an effect run through it (``ScopedStore/run(_:)``) ends when the screen
    /// is popped, as the screen's middleware's effects do.
    ///
    /// ```swift
    /// let detail = store.scope(screen: 0, of: \ItemList.path, action: ItemListAction.pathActions)
    /// detail.dispatch(.onAppear)   // the store gets .path(.element(id: 0, action: .onAppear))
    /// ```
    ///
    /// The stack itself, for the view that shows it, is `scope(state:action:)` with the same
    /// paths.
    ///
    /// - Complexity: Reading the state looks the screen up by id: O(1).
    public func scope<Screen: Equatable & Sendable, ScreenAction: Sendable>(
        screen id: StackElementID,
        of path: KeyPath<State, StackState<Screen>> & Sendable,
        action: ActionPath<Action, StackAction<Screen, ScreenAction>>
    ) -> ScopedStore<Screen?, ScreenAction> {
        whole.scope(screen: id, of: path, action: action)
    }

    /// A store of a presented child lifted with
    /// ``ifLet(_:presented:action:)-(PresentedMiddleware<ChildState,ChildAction>,_,_)``, for the child's view (a
    /// sheet): it reads the child, sends the child's actions as `.presented(action)`, and runs
    /// effects scoped to the child.
    ///
    /// It is `scope(child:action:)` through the `.presented` case: nil while nothing is
    /// presented, its effects ending when the child is dismissed.
    ///
    /// ```swift
    /// let edit = store.scope(presented: \ItemList.edit, action: ItemListAction.editActions)
    /// edit.dispatch(.titleChanged("Brown eggs"))
    /// ```
    public func scope<Child: Equatable & Sendable, ChildAction: Sendable>(
        presented path: KeyPath<State, Child?> & Sendable,
        action: ActionPath<Action, PresentationAction<ChildAction>>
    ) -> ScopedStore<Child?, ChildAction> {
        whole.scope(presented: path, action: action)
    }
}

extension ScopedStore {
    /// A store of one screen of a navigation stack inside this feature: as
    /// ``Store/scope(screen:of:action:)``, nil once the screen is popped, its effects ending
    /// when it is.
    public func scope<Screen: Equatable & Sendable, ScreenAction: Sendable>(
        screen id: StackElementID,
        of path: KeyPath<State, StackState<Screen>> & Sendable,
        action: ActionPath<Action, StackAction<Screen, ScreenAction>>
    ) -> ScopedStore<Screen?, ScreenAction> {
        narrowed(
            to: { $0[keyPath: path][id: id] },
            action: { [embed = action.embed] in embed(.element(id: id, action: $0)) },
            scope: EffectID(EffectScope.screen(id, of: Screen.self)),
            within: EffectID(EffectScope.stack(path))
        ) { $0 == $1 }
    }

    /// A store of a presented child inside this feature: as ``Store/scope(presented:action:)``,
    /// nil while nothing is presented, its effects ending when the child is dismissed.
    public func scope<Child: Equatable & Sendable, ChildAction: Sendable>(
        presented path: KeyPath<State, Child?> & Sendable,
        action: ActionPath<Action, PresentationAction<ChildAction>>
    ) -> ScopedStore<Child?, ChildAction> {
        scope(child: path, action: action.appending(PresentationAction.presentedActions))
    }

    /// A store of a presented child of an optional feature (a screen's sheet, from the screen's
    /// store): as the other `scope(presented:action:)`, nil also while the feature is not there.
    public func scope<Wrapped: Sendable, Child: Equatable & Sendable, ChildAction: Sendable>(
        presented path: KeyPath<Wrapped, Child?> & Sendable,
        action: ActionPath<Action, PresentationAction<ChildAction>>
    ) -> ScopedStore<Child?, ChildAction> where State == Wrapped? {
        scope(child: path, action: action.appending(PresentationAction.presentedActions))
    }
}
