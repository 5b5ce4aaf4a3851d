import Effects

extension Store {
    /// A store of one element of a collection lifted with `forEach`, for the element feature's
    /// view: it reads the element, sends the element's actions embedded with its id, and runs
    /// effects scoped to the element.
    ///
    /// Its state is optional: the element while it is in the collection, nil once it has been
    /// removed (and again the element if one with the same id is added). Observers are told
    /// when the element changes, once with nil when it is removed, and never again until it
    /// comes back. An action sent once it is gone is ignored by `forEach` (and reported in debug
    /// builds), and an effect run through it (``ScopedStore/run(_:)``) belongs to the element:
    /// it ends when the element is removed, if its middleware is lifted with `forEach` too.
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
    public func scope<Element: Identifiable & Equatable & Sendable, ElementAction: Sendable>(
        element id: Element.ID,
        of path: KeyPath<State, IdentifiedArray<Element>> & Sendable,
        action: ActionPath<Action, (Element.ID, ElementAction)>
    ) -> ScopedStore<Element?, ElementAction> where Element.ID: Sendable {
        let core = core
        let embed = action.embed
        let scope = EffectScope.element(id, of: path)
        return ScopedStore(
            read: { core.read { $0[keyPath: path][id: id] } },
            send: { core.dispatch(embed((id, $0))) },
            start: { core.start($0.scoped(to: scope) { embed((id, $0)) }) },
            // Holds the store itself, not only its engine: releasing a store shuts it down.
            observe: { [self] observer in
                observe({ $0[keyPath: path][id: id] }, telling: EveryValue(), observer)
            },
            isDuplicate: { $0 == $1 }
        )
    }
}
