/// Gathers ``Middleware`` closures and ``AnyMiddleware`` values into the array `.list { }` builds.
///
/// ```swift
/// let store = Store(
///     initial: Todos(),
///     mutatingReducer: todosReducer,
///     middlewares: .list {
///         logging   // a Middleware closure
///         forEach(rowSaving, state: \Todos.rows, action: TodosAction.rowActions)   // an AnyMiddleware
///         if verbose { tracing }   // either form, or an array of them
///     }
/// )
/// ```
@resultBuilder
public enum MiddlewareBuilder<State: Sendable, Action: Sendable> {
    /// A middleware closure, wrapped.
    public static func buildExpression(
        _ middleware: @escaping Middleware<State, Action>
    ) -> [AnyMiddleware<State, Action>] {
        [AnyMiddleware(middleware)]
    }

    /// A middleware of either form, as it is.
    public static func buildExpression(
        _ middleware: AnyMiddleware<State, Action>
    ) -> [AnyMiddleware<State, Action>] {
        [middleware]
    }

    /// An array of middleware closures, each wrapped.
    public static func buildExpression(
        _ middlewares: [Middleware<State, Action>]
    ) -> [AnyMiddleware<State, Action>] {
        middlewares.map(AnyMiddleware.init)
    }

    /// An array of middlewares (what a feature's `middlewares` function returns), as it is.
    public static func buildExpression(
        _ middlewares: [AnyMiddleware<State, Action>]
    ) -> [AnyMiddleware<State, Action>] {
        middlewares
    }

    /// The lines of a block, one after the other.
    public static func buildBlock(
        _ lines: [AnyMiddleware<State, Action>]...
    ) -> [AnyMiddleware<State, Action>] {
        lines.flatMap { $0 }
    }

    /// An `if` without `else`: its middlewares when the condition held, none otherwise.
    public static func buildOptional(
        _ middlewares: [AnyMiddleware<State, Action>]?
    ) -> [AnyMiddleware<State, Action>] {
        middlewares ?? []
    }

    /// The first branch of an `if`-`else` or a `switch`.
    public static func buildEither(
        first middlewares: [AnyMiddleware<State, Action>]
    ) -> [AnyMiddleware<State, Action>] {
        middlewares
    }

    /// The second branch of an `if`-`else` or a `switch`.
    public static func buildEither(
        second middlewares: [AnyMiddleware<State, Action>]
    ) -> [AnyMiddleware<State, Action>] {
        middlewares
    }

    /// A `for` loop: each pass's middlewares, in order.
    public static func buildArray(
        _ passes: [[AnyMiddleware<State, Action>]]
    ) -> [AnyMiddleware<State, Action>] {
        passes.flatMap { $0 }
    }
}

extension Array {
    /// The middlewares of both forms written in `build`, one per line, in order (see
    /// ``MiddlewareBuilder``).
    public static func list<State, Action>(
        @MiddlewareBuilder<State, Action> _ build: () -> [AnyMiddleware<State, Action>]
    ) -> [AnyMiddleware<State, Action>] where Element == AnyMiddleware<State, Action> {
        build()
    }
}
