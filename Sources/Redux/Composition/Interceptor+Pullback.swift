extension Interceptor {
    /// Lifts this feature interceptor to an app's state and actions: it sees the feature's
    /// actions, with a context of the feature's state, and what it passes on or dispatches is
    /// embedded back. Every other action goes on down the chain untouched.
    ///
    /// ```swift
    /// let guardFlips = flipGuard.pullback(state: \AppState.game, action: gameActions)
    /// ```
    public func pullback<ParentState: Sendable, ParentAction: Sendable>(
        state path: KeyPath<ParentState, State> & Sendable,
        action: ActionPath<ParentAction, Action>
    ) -> Interceptor<ParentState, ParentAction> {
        lifted(
            { action.extract($0).map { ((), $0) } }, read: { state, _ in state[keyPath: path] },
            embed: { action.embed($1) }, scope: nil)
    }
}
