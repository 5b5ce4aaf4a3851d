import Effects

/// A middleware in either form: the ``Middleware`` shorthand, which sees the state after the
/// action, or a *remembering* middleware, which also sees what it remembered of the state before.
///
/// A middleware sees the state after the reducer. That cannot always tell whether the reducer
/// accepted the action: a card flipped again leaves the same two cards selected as the flip that
/// selected them. A remembering middleware compares before and after instead:
///
/// ```swift
/// let quack = AnyMiddleware<Game, GameAction>(remembering: \.moves) { state, movesBefore, action in
///     guard case .flipCard(let id) = action, state.moves != movesBefore,
///           state.card(withID: id)?.animal == .ducks else { return .none }
///     player.play(.quack)
///     return .none
/// }
/// ```
///
/// This is ReSwift's and redux-js's `getState()` before and after `next`, without the cost of
/// keeping a state around.
///
/// ## Why it remembers a projection
///
/// The store asks a remembering middleware what to keep (`remembering:`) of its initial state,
/// then of the state after each action, once the middleware has seen that action, and hands it
/// back with the next action: the state after one action is the state before the next, since
/// only the store's reducer changes the state, one action at a time. Remembering the whole state
/// would keep a copy of it across the next reduce, and the copy costs more than its retains:
/// the reducer then finds every array and dictionary of the state shared with that copy, and
/// copies it to change it (for the card game, the whole deck on every flip). A projection (the
/// moves and the screen, for the game) copies only what it names, so the reducer goes on
/// changing the state in place. Stores whose middlewares do not remember pay nothing at all: the
/// store keeps no memory for them. ``beforeAndAfter(_:)`` remembers the whole state, for small
/// states or tests.
///
/// For the same reason the state after the action is an argument of its own, as in the
/// shorthand, rather than a field of a value that also carries what was remembered: such a value
/// would be a second copy of the state for every call.
///
/// ## Sharing
///
/// What a middleware remembers is kept by each store that runs it, not by the middleware, so one
/// middleware value may serve any number of stores at once.
public struct AnyMiddleware<State: Sendable, Action: Sendable>: Sendable {
    /// How a store runs one middleware: what it remembers before each action, if anything, and
    /// what it calls after.
    ///
    /// A running copy without `remember` keeps nothing of its own, so `forEach` and `ifLet`
    /// share one between all their elements; one that remembers is made per element.
    @usableFromInline
    struct Running: Sendable {
        @usableFromInline let remember: (@Sendable (State) -> Void)?
        @usableFromInline let react: Middleware<State, Action>
        /// For a lifted `forEach` or `ifLet` nested in another: what it does after an action that
        /// is not its own, whose parent reaches it with no action to give (the list's action,
        /// for a row's sheet): it ends the effects of what that action removed. It runs no
        /// middleware of the user's. Nil for every other middleware, which has nothing to end.
        @usableFromInline let settle: (@Sendable (State) -> Effect<Action>)?

        @inlinable
        init(
            remember: (@Sendable (State) -> Void)?, react: @escaping Middleware<State, Action>,
            settle: (@Sendable (State) -> Effect<Action>)? = nil
        ) {
            self.remember = remember
            self.react = react
            self.settle = settle
        }
    }

    /// Makes a store's own running copy (with memory of its own, for a remembering middleware).
    @usableFromInline let instantiate: @Sendable () -> Running

    @inlinable
    init(instantiate: @escaping @Sendable () -> Running) {
        self.instantiate = instantiate
    }

    /// Wraps a middleware that sees the state after the action.
    ///
    /// - Parameter middleware: Called after the reducer with the new state and the action.
    @inlinable
    public init(_ middleware: @escaping Middleware<State, Action>) {
        let running = Running(remember: nil, react: middleware)
        instantiate = { running }
    }

    /// Makes a middleware that sees the state after the action and what it remembered of the
    /// state before.
    ///
    /// `remember` runs once with the store's initial state, then with the state after every
    /// action that reaches the reducer, right after the middleware has seen that action, on the
    /// thread that drains the store and outside its lock: what it picked is what the middleware
    /// gets as `previous` with the next action. It must be pure and quick (read a few fields).
    /// Name only what the middleware needs (see "Why it remembers a projection" above).
    ///
    /// - Parameters:
    ///   - remember: Picks what to keep of the state before the action, for example `\.moves`.
    ///   - middleware: Called after the reducer with the new state, what `remember` picked from
    ///     the state before, and the action.
    @inlinable
    public init<Previous: Sendable>(
        remembering remember: @escaping @Sendable (State) -> Previous,
        _ middleware:
            @escaping @Sendable (_ state: State, _ previous: Previous, _ action: Action) -> Effect<
                Action
            >
    ) {
        instantiate = {
            // The closures call `remember` and `middleware` themselves, not through the memory:
            // a closure kept in a generic class would be called through a reabstraction thunk.
            let memory = Memory<Previous>()
            return Running(
                remember: { state in memory.value = remember(state) },
                react: { state, action in middleware(state, memory.previous, action) }
            )
        }
    }

    /// The middlewares of `list` as one: each sees every action, in order, and their effects run
    /// together. What the list forms of `forEach` and `ifLet` lift.
    @inlinable
    init(combining list: [AnyMiddleware]) {
        if list.count == 1 {
            self = list[0]
            return
        }
        let instantiates = list.map(\.instantiate)
        instantiate = {
            let runnings = instantiates.map { $0() }
            let remembers = runnings.compactMap(\.remember)
            let reacts = runnings.map(\.react)
            let settles = runnings.compactMap(\.settle)
            var remember: (@Sendable (State) -> Void)?
            if !remembers.isEmpty {
                remember = { state in
                    for remember in remembers { remember(state) }
                }
            }
            var settle: (@Sendable (State) -> Effect<Action>)?
            if !settles.isEmpty {
                settle = { state in Effect.merge(settles.map { settle in settle(state) }) }
            }
            return Running(
                remember: remember,
                react: { state, action in
                    Effect.merge(reacts.map { react in react(state, action) })
                },
                settle: settle)
        }
    }

    /// Makes a middleware that sees the whole state before the action and after.
    ///
    /// It copies the state on every action (see "Why it remembers a projection" above): fine for
    /// a small state; for one with large arrays, prefer ``init(remembering:_:)``.
    ///
    /// - Parameter middleware: Called after the reducer with the new state, the state before,
    ///   and the action.
    /// - Returns: The middleware.
    @inlinable
    public static func beforeAndAfter(
        _ middleware:
            @escaping @Sendable (_ state: State, _ previous: State, _ action: Action) -> Effect<
                Action
            >
    ) -> AnyMiddleware {
        AnyMiddleware(remembering: { $0 }, middleware)
    }
}

/// What a remembering middleware keeps of the state before the next action, in one store.
///
/// `value` needs no lock: the store writes it once before it is shared with any thread (the
/// initial state's), then in each action's middleware calls, right after the middleware has
/// read it; the next read is in the next action's, which the same drainer, or the one it hands
/// over to through the store's lock, reaches only once this action's middlewares have returned.
// Unchecked: `value`, its one field, is written and read only by the store's drainer, one action
// at a time, each ordered after the previous by the store's lock (above). That is also why its
// accesses need no dynamic exclusivity check.
@usableFromInline
final class Memory<Value>: @unchecked Sendable {   // drainer only, store-serialized
    // decision log: Middleware memory exclusivity
    @exclusivity(unchecked) @usableFromInline var value: Value?

    @inlinable
    init() {}

    /// What was kept before the action being processed.
    @inlinable
    var previous: Value {
        guard let value else {
            preconditionFailure(
                "a remembering middleware was called for an action it did not see before")
        }
        return value
    }
}
