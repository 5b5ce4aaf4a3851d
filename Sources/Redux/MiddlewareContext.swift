/// What a middleware with context sees of one action: the state after it, and what it asked to
/// remember of the state before it.
///
/// ```swift
/// // Was the flip accepted? An accepted flip counts a move; a refused one changes nothing.
/// let accepted = context.state.moves != context.previous
/// ```
///
/// Made by the store for each action, for the middlewares built with
/// ``AnyMiddleware/init(remembering:_:)`` or ``AnyMiddleware/beforeAndAfter(_:)``.
public struct MiddlewareContext<State, Previous> {
    /// What the middleware remembered of the state just before the reducer ran: the projection it
    /// declared, or the whole state for ``AnyMiddleware/beforeAndAfter(_:)``.
    public let previous: Previous

    /// The state the reducer left.
    public let state: State

    /// Makes a context; the store makes them, tests of a middleware's body may too.
    ///
    /// - Parameters:
    ///   - previous: What was remembered of the state before the action.
    ///   - state: The state after the action.
    @inlinable
    public init(previous: Previous, state: State) {
        self.previous = previous
        self.state = state
    }
}

extension MiddlewareContext: Sendable where State: Sendable, Previous: Sendable {}
