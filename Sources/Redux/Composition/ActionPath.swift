/// Where a child feature's actions sit among a parent's: how to wrap one (`embed`) and how to
/// find one in a parent action (`extract`). Usually one case of the parent's action enum.
///
/// ```swift
/// enum AppAction {
///     case game(GameAction)
///     case settings(SettingsAction)
/// }
///
/// let settingsActions = ActionPath(AppAction.settings) {
///     if case .settings(let action) = $0 { action } else { nil }
/// }
/// ```
///
/// The case's constructor embeds, and an `if case` of one line finds the case; for a case that
/// carries an id with the child's action (an element of `forEach`), the constructor of two
/// values is taken as it is:
///
/// ```swift
/// let rowActions = ActionPath(ListAction.row) {
///     if case .row(let id, let action) = $0 { (id, action) } else { nil }
/// }
/// ```
///
/// Swift cannot find an enum case's payload from its constructor alone without reflection or
/// reading the enum's memory, which would make every `extract` slower and unsafe; the `if case`
/// closure is what a compiler-checked match costs to write.
///
/// A key path says where the child's state is; an action path says where its actions are. With
/// both, a feature written against its own state and actions is lifted into the app's:
/// ``pullback(_:state:action:)->MutatingReducer<State,Action>`` for reducers,
/// ``pullback(_:state:action:)->Middleware<State,Action>`` for middlewares (and
/// ``AnyMiddleware/pullback(state:action:)`` for a remembering one),
/// ``Interceptor/pullback(state:action:)`` for interceptors, and
/// ``Store/scope(state:action:)-6x25s`` for a view of a store.
public struct ActionPath<Action, ChildAction>: Sendable {
    /// Wraps a child action into the parent's.
    public let embed: @Sendable (ChildAction) -> Action

    /// The child action inside a parent action, or nil for an action of another feature.
    public let extract: @Sendable (Action) -> ChildAction?

    /// Makes an action path.
    ///
    /// - Parameters:
    ///   - embed: Wraps a child action; usually the parent enum's case, `AppAction.settings`.
    ///   - extract: Finds the child action in a parent action; nil when there is none.
    public init(
        embed: @escaping @Sendable (ChildAction) -> Action,
        extract: @escaping @Sendable (Action) -> ChildAction?
    ) {
        self.embed = embed
        self.extract = extract
    }

    /// Makes an action path from an enum case's constructor and a match of that case: the
    /// one-line form of ``init(embed:extract:)``.
    ///
    /// ```swift
    /// ActionPath(AppAction.settings) {
    ///     if case .settings(let action) = $0 { action } else { nil }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - embed: The case's constructor, `AppAction.settings`.
    ///   - extract: The case's payload in a parent action; nil for another case.
    @inlinable
    public init(
        _ embed: @escaping @Sendable (ChildAction) -> Action,
        extract: @escaping @Sendable (Action) -> ChildAction?
    ) {
        self.init(embed: embed, extract: extract)
    }

    /// Makes the action path of a case that carries an element's id and action, from the
    /// case's constructor of two values and a match of that case: for `forEach`.
    ///
    /// ```swift
    /// ActionPath(ListAction.row) {
    ///     if case .row(let id, let action) = $0 { (id, action) } else { nil }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - embed: The case's constructor, `ListAction.row` for `case row(id: Int, RowAction)`.
    ///   - extract: The id and action in a parent action; nil for another case.
    @inlinable
    public init<ID, ElementAction>(
        _ embed: @escaping @Sendable (ID, ElementAction) -> Action,
        extract: @escaping @Sendable (Action) -> (ID, ElementAction)?
    ) where ChildAction == (ID, ElementAction) {
        self.init(embed: { embed($0.0, $0.1) }, extract: extract)
    }

    /// Follows this path, then `child`: for a feature inside a feature.
    ///
    /// - Parameter child: The path from this path's child actions to a grandchild's.
    /// - Returns: The path from the parent's actions to the grandchild's.
    public func appending<GrandchildAction>(
        _ child: ActionPath<ChildAction, GrandchildAction>
    ) -> ActionPath<Action, GrandchildAction> {
        ActionPath<Action, GrandchildAction>(
            embed: { self.embed(child.embed($0)) },
            extract: { self.extract($0).flatMap(child.extract) }
        )
    }
}
