extension Interceptor {
    /// Lifts this feature interceptor to an app's state and actions: it sees the app's actions
    /// that `action` finds a feature action in, with a context of the feature's part of the
    /// state, and what it passes to `next` (or dispatches) is embedded back into the app's
    /// actions. Every other action goes on down the chain untouched.
    ///
    /// ```swift
    /// let guardFlips = flipGuard.pullback(state: \AppState.game, action: gameActions)
    /// ```
    ///
    /// - Parameters:
    ///   - path: Where the feature's state sits in the app's.
    ///   - action: Where the feature's actions sit among the app's.
    /// - Returns: An interceptor of the app's state and actions.
    public func pullback<ParentState: Sendable, ParentAction: Sendable>(
        state path: KeyPath<ParentState, State> & Sendable,
        action: ActionPath<ParentAction, Action>
    ) -> Interceptor<ParentState, ParentAction> {
        let intercept = intercept
        return Interceptor<ParentState, ParentAction> { parentAction, context, next in
            guard let childAction = action.extract(parentAction) else {
                next(parentAction)
                return
            }
            intercept(childAction, context.scope(state: path, action: action)) { child in
                next(action.embed(child))
            }
        }
    }
}
