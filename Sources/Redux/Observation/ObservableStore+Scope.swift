import Effects

extension ObservableStore {
    /// An observable view of a feature inside this one: its state is told only when it changes,
    /// and its fields each on their own; it keeps this view's store alive.
    ///
    /// ```swift
    /// let shelf = model.scope(state: \.shelf, action: LibraryAction.shelfActions)
    /// ```
    @inlinable
    public func scope<Child: Equatable & Sendable, ChildAction: Sendable>(
        state path: KeyPath<State, Child> & Sendable, action: ActionPath<Action, ChildAction>
    ) -> ObservableStore<Child, ChildAction> {
        scope({ $0[keyPath: path] }, send: action.embed)
    }

    /// An observable view of a row of an identified collection lifted with `forEach`, nil once
    /// the row is removed.
    ///
    /// ```swift
    /// let row = shelf.scope(element: 1, of: \.books, action: ShelfAction.bookActions)
    /// let title = row.title   // told only when book 1's title changes; nil once it is gone
    /// ```
    @inlinable
    public func scope<Element: Identifiable & Equatable & Sendable, ElementAction: Sendable>(
        element id: Element.ID, of path: KeyPath<State, IdentifiedArray<Element>> & Sendable,
        action: ActionPath<Action, (Element.ID, ElementAction)>
    ) -> ObservableStore<Element?, ElementAction> where Element.ID: Sendable {
        scope({ $0[keyPath: path][id: id] }, send: { [embed = action.embed] in embed((id, $0)) })
    }

    /// An observable view of an optional child lifted with `ifLet`, nil while it is not there.
    @inlinable
    public func scope<Child: Equatable & Sendable, ChildAction: Sendable>(
        child path: KeyPath<State, Child?> & Sendable, action: ActionPath<Action, ChildAction>
    ) -> ObservableStore<Child?, ChildAction> {
        scope({ $0[keyPath: path] }, send: action.embed)
    }

    @inlinable
    func scope<Child: Equatable & Sendable, ChildAction: Sendable>(
        _ part: @escaping @Sendable (State) -> Child,
        send embed: @escaping @Sendable (ChildAction) -> Action
    ) -> ObservableStore<Child, ChildAction> {
        let (read, send, observe) = (read, send, observe)
        return ObservableStore<Child, ChildAction>(
            read: { part(read()) }, send: { send(embed($0)) },
            observe: { observer in observe { observer(part($0)) } }, isSame: { $0 == $1 })
    }

    /// An observable view of a screen of a stack lifted with `forEach(_:stack:action:)`, nil
    /// once it is popped.
    public func scope<Screen: Equatable & Sendable, ScreenAction: Sendable>(
        screen id: StackElementID, of path: KeyPath<State, StackState<Screen>> & Sendable,
        action: ActionPath<Action, StackAction<Screen, ScreenAction>>
    ) -> ObservableStore<Screen?, ScreenAction> {
        scope(
            { $0[keyPath: path][id: id] },
            send: { [embed = action.embed] in embed(.element(id: id, action: $0)) })
    }

    /// An observable view of a presented child lifted with `ifLet(_:presented:action:)`, nil
    /// while nothing is presented; it sends the child's actions as `.presented(action)`.
    public func scope<Child: Equatable & Sendable, ChildAction: Sendable>(
        presented path: KeyPath<State, Child?> & Sendable,
        action: ActionPath<Action, PresentationAction<ChildAction>>
    ) -> ObservableStore<Child?, ChildAction> {
        scope(child: path, action: action.appending(PresentationAction.presentedActions))
    }

    /// A view of an optional feature's own optional child (a sheet of a screen's or a row's
    /// view): nil while the feature or the child is gone.
    public func scope<Wrapped: Sendable, Child: Equatable & Sendable, ChildAction: Sendable>(
        child path: KeyPath<Wrapped, Child?> & Sendable, action: ActionPath<Action, ChildAction>
    ) -> ObservableStore<Child?, ChildAction> where State == Wrapped? {
        scope({ $0?[keyPath: path] ?? nil }, send: action.embed)
    }

    /// A view of an optional feature's own presented child (a screen's sheet): nil while the
    /// screen or the sheet is gone.
    public func scope<Wrapped: Sendable, Child: Equatable & Sendable, ChildAction: Sendable>(
        presented path: KeyPath<Wrapped, Child?> & Sendable,
        action: ActionPath<Action, PresentationAction<ChildAction>>
    ) -> ObservableStore<Child?, ChildAction> where State == Wrapped? {
        scope(child: path, action: action.appending(PresentationAction.presentedActions))
    }
}
