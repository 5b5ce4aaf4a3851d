import Effects

extension Store {
    /// Runs a thunk: calls it with a way to read the store's current state, then runs the
    /// effect it returns, as ``run(_:)-(Effect<Action>)`` does.
    ///
    /// ReSwift-Thunk hands a thunk `getState`; here the thunk gets the same, a function that
    /// reads the state at the moment it is called: in the thunk itself, to decide what to do,
    /// and inside the effect's async work, to read it again later.
    ///
    /// ```swift
    /// store.run { getState in
    ///     guard !getState().isSteeping else { return .none }   // one pot at a time
    ///     return brew(seconds: 180, boilingFor: .seconds(90), clock: clock)
    /// }
    /// ```
    ///
    /// `getState` reads the store's ``state``, from any thread. It does not keep the store
    /// alive: once the store is released, its effects are cancelled, and what they kept goes
    /// with them.
    ///
    /// - Parameter thunk: Called at once with `getState`; returns the effect to run.
    /// - Returns: The work the effect is, and what it leads to, to wait for or cancel.
    @discardableResult
    public func run(_ thunk: (_ getState: @escaping @Sendable () -> State) -> Effect<Action>)
        -> StoreTask
    {
        // The core, not the store: an effect that keeps `getState` must not keep the store,
        // whose release is what cancels that effect.
        let core = core
        return run(thunk { core.state })
    }
}
