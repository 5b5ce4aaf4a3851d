import Effects

extension Store {
    /// A view of a feature inside this store: its part of the state, its actions.
    ///
    /// ```swift
    /// let settings = appStore.scope(state: \.settings, action: settingsActions)
    /// settings.dispatch(.toggleSound)
    /// ```
    ///
    /// The view has no queue and no lock of its own: a dispatch costs an embedding more than
    /// the store's, and its observers are deduplicated by `==` (see ``ScopedStore``).
    ///
    /// - Parameters:
    ///   - path: Where the feature's state sits in this store's.
    ///   - action: Where the feature's actions sit among this store's.
    /// - Returns: The feature's view; it keeps this store alive.
    @inlinable
    public func scope<ChildState: Equatable & Sendable, ChildAction: Sendable>(
        state path: KeyPath<State, ChildState> & Sendable,
        action: ActionPath<Action, ChildAction>
    ) -> ScopedStore<ChildState, ChildAction> {
        whole.scope(state: path, action: action)
    }

    /// A view of a feature whose state is not `Equatable`: its ``ScopedStore/subscribe(_:)``
    /// calls back after every action.
    ///
    /// - Parameters:
    ///   - path: Where the feature's state sits in this store's.
    ///   - action: Where the feature's actions sit among this store's.
    /// - Returns: The feature's view; it keeps this store alive.
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
    /// embedded with its id, and runs effects scoped to the element. A scoped store has the
    /// same `scope(element:of:action:)`, for a list inside a feature (see ``ScopedStore``).
    ///
    /// ```swift
    /// let row = store.scope(element: 2, of: \Todos.rows, action: TodosAction.rowActions)
    /// row.dispatch(.toggle)
    /// ```
    ///
    /// - Parameters:
    ///   - id: The element's id.
    ///   - path: Where the elements sit in the state.
    ///   - action: Where an element's id and action sit among the store's actions.
    /// - Returns: A scoped store of the element, nil once it is removed.
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
    /// scoped to the child. A scoped store has the same `scope(child:action:)`, for a child
    /// inside a feature (see ``ScopedStore``).
    ///
    /// ```swift
    /// let ticker = store.scope(child: \Screen.ticker, action: ScreenAction.tickerActions)
    /// ticker.dispatch(.tick)   // reaches the ticker as ScreenAction.ticker(.tick)
    /// ```
    ///
    /// - Parameters:
    ///   - path: Where the optional child sits in the state.
    ///   - action: Where the child's actions sit among the store's actions.
    /// - Returns: A scoped store of the child, nil while there is none.
    @inlinable
    public func scope<Child: Equatable & Sendable, ChildAction: Sendable>(
        child path: KeyPath<State, Child?> & Sendable,
        action: ActionPath<Action, ChildAction>
    ) -> ScopedStore<Child?, ChildAction> {
        whole.scope(child: path, action: action)
    }

    /// The whole store as a view, which every scope above narrows: made here so that the
    /// dispatch inside is specialized for this store.
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
