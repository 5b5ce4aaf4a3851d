/// Gathers middlewares of both forms, ``Middleware`` closures and ``AnyMiddleware`` values, into
/// the one array a store takes, in the order written: what `.list { }` builds.
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
///
/// An array literal cannot mix the two forms, since Swift converts no closure to a struct; the
/// builder wraps each closure in ``AnyMiddleware/init(_:)``, which the store would do anyway.
@resultBuilder
public enum MiddlewareBuilder<State: Sendable, Action: Sendable> {
    /// A middleware closure, wrapped.
    ///
    /// - Parameter middleware: Sees the state after the action.
    /// - Returns: The closure as the one element of a list.
    public static func buildExpression(
        _ middleware: @escaping Middleware<State, Action>
    ) -> [AnyMiddleware<State, Action>] {
        [AnyMiddleware(middleware)]
    }

    /// A middleware of either form, as it is.
    ///
    /// - Parameter middleware: The middleware.
    /// - Returns: The middleware as the one element of a list.
    public static func buildExpression(
        _ middleware: AnyMiddleware<State, Action>
    ) -> [AnyMiddleware<State, Action>] {
        [middleware]
    }

    /// An array of middleware closures, each wrapped.
    ///
    /// - Parameter middlewares: The closures, in order.
    /// - Returns: The list of them.
    public static func buildExpression(
        _ middlewares: [Middleware<State, Action>]
    ) -> [AnyMiddleware<State, Action>] {
        middlewares.map(AnyMiddleware.init)
    }

    /// An array of middlewares (what a feature's `middlewares` function returns), as it is.
    ///
    /// - Parameter middlewares: The middlewares, in order.
    /// - Returns: The same list.
    public static func buildExpression(
        _ middlewares: [AnyMiddleware<State, Action>]
    ) -> [AnyMiddleware<State, Action>] {
        middlewares
    }

    /// The lines of a block, one after the other.
    ///
    /// - Parameter lines: Each line's middlewares.
    /// - Returns: All of them, in order.
    public static func buildBlock(
        _ lines: [AnyMiddleware<State, Action>]...
    ) -> [AnyMiddleware<State, Action>] {
        lines.flatMap { $0 }
    }

    /// An `if` without `else`: its middlewares when the condition held, none otherwise.
    ///
    /// - Parameter middlewares: The block's middlewares, or nil.
    /// - Returns: The middlewares, or an empty list.
    public static func buildOptional(
        _ middlewares: [AnyMiddleware<State, Action>]?
    ) -> [AnyMiddleware<State, Action>] {
        middlewares ?? []
    }

    /// The first branch of an `if`-`else` or a `switch`.
    ///
    /// - Parameter middlewares: The branch's middlewares.
    /// - Returns: The same list.
    public static func buildEither(
        first middlewares: [AnyMiddleware<State, Action>]
    ) -> [AnyMiddleware<State, Action>] {
        middlewares
    }

    /// The second branch of an `if`-`else` or a `switch`.
    ///
    /// - Parameter middlewares: The branch's middlewares.
    /// - Returns: The same list.
    public static func buildEither(
        second middlewares: [AnyMiddleware<State, Action>]
    ) -> [AnyMiddleware<State, Action>] {
        middlewares
    }

    /// A `for` loop: each pass's middlewares, in order.
    ///
    /// - Parameter passes: Each pass's middlewares.
    /// - Returns: All of them, in order.
    public static func buildArray(
        _ passes: [[AnyMiddleware<State, Action>]]
    ) -> [AnyMiddleware<State, Action>] {
        passes.flatMap { $0 }
    }
}

extension Array {
    /// The middlewares of both forms written in `build`, one per line, in order: for a store's
    /// `middlewares:` that mixes ``Middleware`` closures and ``AnyMiddleware`` values (see
    /// ``MiddlewareBuilder``).
    ///
    /// ```swift
    /// middlewares: .list {
    ///     logging
    ///     forEach(rowSaving, state: \Todos.rows, action: TodosAction.rowActions)
    /// }
    /// ```
    ///
    /// - Parameter build: The middlewares, one per line.
    /// - Returns: The array of them, each closure wrapped in an ``AnyMiddleware``.
    public static func list<State, Action>(
        @MiddlewareBuilder<State, Action> _ build: () -> [AnyMiddleware<State, Action>]
    ) -> [AnyMiddleware<State, Action>] where Element == AnyMiddleware<State, Action> {
        build()
    }
}
