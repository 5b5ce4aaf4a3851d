import Effects

extension Store {
    /// A store of an optional child lifted with `ifLet`, for the child feature's view: it reads
    /// the child, sends the child's actions embedded, and runs effects scoped to the child.
    ///
    /// Its state is the child while it is there, nil while it is not. Observers are told when
    /// the child changes, appears or goes. An action sent while the child is nil is ignored by
    /// `ifLet` (and reported in debug builds), and an effect run through it
    /// (``ScopedStore/run(_:)``) belongs to the child: it ends when the child goes (set to nil,
    /// or, for an `Identifiable` child, replaced by one with another id), if its middleware is
    /// lifted with `ifLet` too.
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
    public func scope<Child: Equatable & Sendable, ChildAction: Sendable>(
        child path: KeyPath<State, Child?> & Sendable,
        action: ActionPath<Action, ChildAction>
    ) -> ScopedStore<Child?, ChildAction> {
        let core = core
        let embed = action.embed
        let scope = EffectScope.child(path)
        return ScopedStore(
            read: { core.read { $0[keyPath: path] } },
            send: { core.dispatch(embed($0)) },
            start: { core.start($0.scoped(to: scope, map: embed)) },
            // Holds the store itself, not only its engine: releasing a store shuts it down.
            observe: { [self] observer in
                observe({ $0[keyPath: path] }, telling: EveryValue(), observer)
            },
            isDuplicate: { $0 == $1 }
        )
    }
}
