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
        scope(state: path, action: action, isDuplicate: { $0 == $1 })
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
        scope(state: path, action: action, isDuplicate: nil)
    }

    /// The view's parts, made here so that the dispatch inside is specialized for this store.
    @inlinable
    func scope<ChildState: Sendable, ChildAction: Sendable>(
        state path: KeyPath<State, ChildState> & Sendable,
        action: ActionPath<Action, ChildAction>,
        isDuplicate: (@Sendable (ChildState, ChildState) -> Bool)?
    ) -> ScopedStore<ChildState, ChildAction> {
        let core = core
        let embed = action.embed
        return ScopedStore(
            read: { core.read { $0[keyPath: path] } },
            send: { core.dispatch(embed($0)) },
            start: { core.start($0.map(embed)) },
            // Holds the store itself, not only its engine: releasing a store shuts it down.
            observe: { [self] observer in
                observe({ $0[keyPath: path] }, telling: EveryValue(), observer)
            },
            isDuplicate: isDuplicate
        )
    }
}
