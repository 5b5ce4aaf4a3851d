/// Where a child feature's actions sit among a parent's: how to wrap one (`embed`) and how to
/// find one in a parent action (`extract`). Usually one case of the parent's action enum.
///
/// ```swift
/// enum AppAction {
///     case game(GameAction)
///     case settings(SettingsAction)
/// }
///
/// let settingsActions = ActionPath<AppAction, SettingsAction>(embed: AppAction.settings) {
///     guard case .settings(let action) = $0 else { return nil }
///     return action
/// }
/// ```
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
