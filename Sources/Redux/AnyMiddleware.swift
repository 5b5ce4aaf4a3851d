import Effects

/// A middleware in either form: the ``Middleware`` shorthand, which sees the state after the
/// action, or a middleware with context, which also sees what it remembered of the state before.
///
/// A middleware sees the state after the reducer. That cannot always tell whether the reducer
/// accepted the action: a card flipped again leaves the same two cards selected as the flip that
/// selected them. A middleware with context compares before and after instead:
///
/// ```swift
/// let quack = AnyMiddleware<Game, GameAction>(remembering: \.moves) { context, action in
///     guard case .flipCard(let id) = action, context.state.moves != context.previous,
///           context.state.card(withID: id)?.animal == .ducks else { return .none }
///     player.play(.quack)
///     return .none
/// }
/// ```
///
/// ## Why it remembers a projection
///
/// The store asks a middleware with context what to remember (`remembering:`) just before it
/// reduces, under its lock, and hands it back after. Remembering the whole state would copy it
/// on every action, and the copy costs more than its retains: the reducer then finds every array
/// and dictionary of the state shared with that copy, and copies it to change it (for the card
/// game, the whole deck on every flip). A projection (the moves and the screen, for the game)
/// copies only what it names, so the reducer keeps changing the state in place. Stores whose
/// middlewares do not ask pay nothing at all: the store keeps no memory for them.
/// ``beforeAndAfter(_:)`` remembers the whole state, for small states or tests.
///
/// ## Sharing
///
/// What a middleware remembers is kept by each store that runs it, not by the middleware, so one
/// middleware value may serve any number of stores at once.
public struct AnyMiddleware<State: Sendable, Action: Sendable>: Sendable {
    /// How a store runs one middleware: what it remembers before each action, if anything, and
    /// what it calls after.
    struct Running {
        let remember: (@Sendable (State) -> Void)?
        let react: Middleware<State, Action>
    }

    /// Makes a store's own running copy (with memory of its own, for a middleware with context).
    let instantiate: @Sendable () -> Running

    init(instantiate: @escaping @Sendable () -> Running) {
        self.instantiate = instantiate
    }

    /// Wraps a middleware that sees the state after the action.
    ///
    /// - Parameter middleware: Called after the reducer with the new state and the action.
    public init(_ middleware: @escaping Middleware<State, Action>) {
        let running = Running(remember: nil, react: middleware)
        instantiate = { running }
    }

    /// Makes a middleware that sees the state after the action and what it remembered of the
    /// state before.
    ///
    /// `remember` runs for every action that reaches the reducer, just before it, under the
    /// store's lock: like the reducer, it must be pure and quick (read a few fields). Name only
    /// what the middleware needs (see "Why it remembers a projection" above).
    ///
    /// - Parameters:
    ///   - remember: Picks what to keep of the state before the action, for example `\.moves`.
    ///   - middleware: Called after the reducer with the context and the action.
    public init<Previous: Sendable>(
        remembering remember: @escaping @Sendable (State) -> Previous,
        _ middleware: @escaping @Sendable (MiddlewareContext<State, Previous>, Action) -> Effect<Action>
    ) {
        instantiate = {
            let memory = Memory<Previous>()
            return Running(
                remember: { state in memory.value = remember(state) },
                react: { state, action in
                    guard let previous = memory.value else {
                        preconditionFailure("a middleware with context was called for an action it did not see before")
                    }
                    return middleware(MiddlewareContext(previous: previous, state: state), action)
                }
            )
        }
    }

    /// Makes a middleware that sees the whole state before the action and after.
    ///
    /// It copies the state on every action (see "Why it remembers a projection" above): fine for
    /// a small state; for one with large arrays, prefer ``init(remembering:_:)``.
    ///
    /// - Parameter middleware: Called after the reducer with both states and the action.
    /// - Returns: The middleware.
    public static func beforeAndAfter(
        _ middleware: @escaping @Sendable (MiddlewareContext<State, State>, Action) -> Effect<Action>
    ) -> AnyMiddleware {
        AnyMiddleware(remembering: { $0 }, middleware)
    }
}

/// The value a middleware with context remembered for the action being processed, in one store.
///
/// Needs no lock: the store writes it under its lock just before reducing, and reads it in the
/// same drainer's middleware call right after; the next write is for the next action, which
/// that drainer (or the one it handed over to, through the lock) reduces only once this action's
/// middlewares have returned.
final class Memory<Value>: @unchecked Sendable {  // accessed only by the store's one drainer at a time
    // Unchecked: the store's serialization (above) is what makes access exclusive.
    @exclusivity(unchecked) var value: Value?

    init() {}
}
