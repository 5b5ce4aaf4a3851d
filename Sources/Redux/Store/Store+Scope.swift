import Effects

extension Store {
    /// A view of a feature inside this store: its part of the state, its actions.
    ///
    /// ```swift
    /// let settings = appStore.scope(state: \.settings, action: settingsActions)
    /// settings.dispatch(.toggleSound)
    /// ```
    @inlinable
    public func scope<ChildState: Equatable & Sendable, ChildAction: Sendable>(
        state path: KeyPath<State, ChildState> & Sendable,
        action: ActionPath<Action, ChildAction>
    ) -> ScopedStore<ChildState, ChildAction> {
        whole.scope(state: path, action: action)
    }

    /// A view of a feature whose state is not `Equatable`: its ``ScopedStore/subscribe(_:)``
    /// calls back after every action.
    @inlinable
    @_disfavoredOverload
    public func scope<ChildState: Sendable, ChildAction: Sendable>(
        state path: KeyPath<State, ChildState> & Sendable,
        action: ActionPath<Action, ChildAction>
    ) -> ScopedStore<ChildState, ChildAction> {
        whole.scope(state: path, action: action)
    }

    /// A store of one element of a collection lifted with `forEach`: nil once the element is
    /// removed, its actions embedded with the id, its effects scoped to the element.
    ///
    /// ```swift
    /// let row = store.scope(element: 2, of: \Todos.rows, action: TodosAction.rowActions)
    /// row.dispatch(.toggle)
    /// ```
    ///
    /// - Complexity: Reading the state looks the element up by id: O(1).
    @inlinable
    public func scope<Element: Identifiable & Equatable & Sendable, ElementAction: Sendable>(
        element id: Element.ID,
        of path: KeyPath<State, IdentifiedArray<Element>> & Sendable,
        action: ActionPath<Action, (Element.ID, ElementAction)>
    ) -> ScopedStore<Element?, ElementAction> where Element.ID: Sendable {
        whole.scope(element: id, of: path, action: action)
    }

    /// A store of an optional child lifted with `ifLet`: nil while there is none, its effects
    /// scoped to the child.
    @inlinable
    public func scope<Child: Equatable & Sendable, ChildAction: Sendable>(
        child path: KeyPath<State, Child?> & Sendable,
        action: ActionPath<Action, ChildAction>
    ) -> ScopedStore<Child?, ChildAction> {
        whole.scope(child: path, action: action)
    }

    /// A store of one screen of a navigation stack lifted with
    /// ``forEach(_:stack:action:)-(AnyMiddleware<Screen,ScreenAction>,_,_)``: its actions sent
    /// as `.element(id:action:)`, nil once it is popped (ids are never given twice), its effects
    /// ending then.
    ///
    /// ```swift
    /// let detail = store.scope(screen: 0, of: \ItemList.path, action: ItemListAction.pathActions)
    /// detail.dispatch(.onAppear)   // the store gets .path(.element(id: 0, action: .onAppear))
    /// ```
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
    /// ``ifLet(_:presented:action:)-(PresentedMiddleware<ChildState,ChildAction>,_,_)``: its
    /// actions sent as `.presented(action)`, nil while nothing is presented, its effects ending
    /// when the child is dismissed.
    public func scope<Child: Equatable & Sendable, ChildAction: Sendable>(
        presented path: KeyPath<State, Child?> & Sendable,
        action: ActionPath<Action, PresentationAction<ChildAction>>
    ) -> ScopedStore<Child?, ChildAction> {
        whole.scope(presented: path, action: action)
    }

    /// The whole store as a view, which every scope narrows.
    @inlinable
    var whole: ScopedStore<State, Action> {
        let core = core
        return ScopedStore(
            read: { core.read { $0 } },
            send: { core.dispatch($0) },
            start: { core.start($0) },
            // Holds the store itself, not only its engine: releasing a store shuts it down.
            observe: { [self] observer in subscribe(observer) },
            isDuplicate: nil
        )
    }
}
