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
