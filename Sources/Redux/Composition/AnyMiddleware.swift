import Effects

/// A middleware in either form: the ``Middleware`` shorthand, which sees the state after the
/// action, or a *remembering* middleware, which also sees what it remembered of the state before.
///
/// The state after the reducer cannot always tell whether the reducer accepted the action; a
/// remembering middleware compares before and after:
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
/// It remembers a projection, not the state: a whole state kept across the next reduce would
/// make the reducer copy every array it changes. Each store that runs it keeps its own memory.
public struct AnyMiddleware<State: Sendable, Action: Sendable>: Sendable {
    /// How a store runs one middleware; one without `remember` may be shared between elements.
    @usableFromInline
    struct Running: Sendable {
        @usableFromInline let remember: (@Sendable (State) -> Void)?
        @usableFromInline let react: Middleware<State, Action>
        /// For a lifted `forEach` or `ifLet` nested in another: after an action not its own, ends
        /// the effects of what that action removed. Nil for every other middleware.
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

    @usableFromInline let instantiate: @Sendable () -> Running

    @inlinable
    init(instantiate: @escaping @Sendable () -> Running) {
        self.instantiate = instantiate
    }

    /// Wraps a middleware that sees the state after the action.
    @inlinable
    public init(_ middleware: @escaping Middleware<State, Action>) {
        let running = Running(remember: nil, react: middleware)
        instantiate = { running }
    }

    /// Makes a middleware that sees the state after the action and what it remembered of the
    /// state before.
    ///
    /// `remember` runs with the initial state, then after the middleware with the state each
    /// action left, outside the store's lock: what it picks is `previous` with the next action.
    /// Keep it pure and quick.
    @inlinable
    public init<Previous: Sendable>(
        remembering remember: @escaping @Sendable (State) -> Previous,
        _ middleware:
            @escaping @Sendable (_ state: State, _ previous: Previous, _ action: Action) -> Effect<
                Action
            >
    ) {
        instantiate = {
            let memory = Memory<Previous>()
            return Running(
                remember: { state in memory.value = remember(state) },
                react: { state, action in middleware(state, memory.previous, action) }
            )
        }
    }

    /// The middlewares of `list` as one: each sees every action, in order.
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

    /// Makes a middleware that sees the whole state before the action and after: for a small
    /// state; one with large arrays wants ``init(remembering:_:)``.
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
// Unchecked: `value` is written and read only by the store's drainer, one action at a time,
// each ordered after the previous by the store's lock; hence no dynamic exclusivity check.
@usableFromInline
final class Memory<Value>: @unchecked Sendable {   // drainer only, store-serialized
    // decision log: Middleware memory exclusivity
    @exclusivity(unchecked) @usableFromInline var value: Value?

    @inlinable
    init() {}

    @inlinable
    var previous: Value {
        guard let value else {
            preconditionFailure(
                "a remembering middleware was called for an action it did not see before")
        }
        return value
    }
}
