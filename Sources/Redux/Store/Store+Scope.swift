import Effects

extension Store {
    /// A view of a feature inside this store: its part of the state, its actions.
    ///
    /// ```swift
    /// let settings = appStore.scope(state: \.settings, action: settingsActions)
    /// settings.dispatch(.toggleSound)
    /// ```
    ///
    /// The view keeps this store alive; its observers are deduplicated by `==` (see
    /// ``ScopedStore``).
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

    /// A store of one element of a collection lifted with `forEach`, for the element feature's
    /// view: it reads the element (nil once it is removed), sends the element's actions
    /// embedded with its id, and runs effects scoped to the element (see ``ScopedStore``'s).
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

    /// A store of an optional child lifted with `ifLet`, for the child feature's view: it reads
    /// the child (nil while there is none), sends the child's actions embedded, and runs effects
    /// scoped to the child (see ``ScopedStore``'s).
    ///
    /// ```swift
    /// let ticker = store.scope(child: \Screen.ticker, action: ScreenAction.tickerActions)
    /// ticker.dispatch(.tick)   // reaches the ticker as ScreenAction.ticker(.tick)
    /// ```
    @inlinable
    public func scope<Child: Equatable & Sendable, ChildAction: Sendable>(
        child path: KeyPath<State, Child?> & Sendable,
        action: ActionPath<Action, ChildAction>
    ) -> ScopedStore<Child?, ChildAction> {
        whole.scope(child: path, action: action)
    }

    /// The whole store as a view, which every scope narrows: made here so that its dispatch is
    /// specialized for this store.
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
