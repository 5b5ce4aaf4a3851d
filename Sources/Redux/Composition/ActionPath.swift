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
/// A case that carries an id with the child's action (for `forEach`) gives its constructor of
/// two values as it is, `ActionPath(ListAction.row) { … }`.
public struct ActionPath<Action, ChildAction>: Sendable {
    /// Wraps a child action into the parent's.
    public let embed: @Sendable (ChildAction) -> Action

    /// The child action inside a parent action, or nil for an action of another feature.
    public let extract: @Sendable (Action) -> ChildAction?

    /// Makes an action path from a child action's wrapping and its match in a parent action.
    public init(
        embed: @escaping @Sendable (ChildAction) -> Action,
        extract: @escaping @Sendable (Action) -> ChildAction?
    ) {
        self.embed = embed
        self.extract = extract
    }

    /// Makes an action path from an enum case's constructor and a match of that case.
    @inlinable
    public init(
        _ embed: @escaping @Sendable (ChildAction) -> Action,
        extract: @escaping @Sendable (Action) -> ChildAction?
    ) {
        self.init(embed: embed, extract: extract)
    }

    /// Makes the action path of a case that carries an element's id and action (for `forEach`).
    @inlinable
    public init<ID, ElementAction>(
        _ embed: @escaping @Sendable (ID, ElementAction) -> Action,
        extract: @escaping @Sendable (Action) -> (ID, ElementAction)?
    ) where ChildAction == (ID, ElementAction) {
        self.init(embed: { embed($0.0, $0.1) }, extract: extract)
    }

    /// Follows this path, then `child`: for a feature inside a feature.
    public func appending<GrandchildAction>(
        _ child: ActionPath<ChildAction, GrandchildAction>
    ) -> ActionPath<Action, GrandchildAction> {
        ActionPath<Action, GrandchildAction>(
            embed: { self.embed(child.embed($0)) },
            extract: { self.extract($0).flatMap(child.extract) }
        )
    }
}
