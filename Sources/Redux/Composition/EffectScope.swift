import Effects

/// The scope of one element's effects under `forEach`, or of an optional child's under `ifLet`:
/// what a parent names to cancel one element's effect, or all of them.
///
/// Every effect a child starts under ``forEach(_:state:action:)-55bvn`` or
/// ``ifLet(_:state:action:)-39fza`` runs scoped to its element; a parent stops one by naming both:
///
/// ```swift
/// Effect<TodosAction>.cancel(
///     id: TodoRowCancelID.save, in: EffectScope.element(id, of: \Todos.rows))
/// ```
///
/// and `Effect<TodosAction>.cancel(id: EffectScope.element(id, of: \Todos.rows))` cancels every
/// effect of that row.
public struct EffectScope: Hashable, Sendable, CustomStringConvertible {
    let path: AnyKeyPath & Sendable
    /// Nil for an optional child.
    let id: EffectID?

    /// The scope of the element with id `id` of the collection at `path`, as given to `forEach`.
    public static func element<State, Element: Identifiable>(
        _ id: Element.ID, of path: KeyPath<State, IdentifiedArray<Element>> & Sendable
    ) -> EffectScope where Element.ID: Sendable {
        EffectScope(path: path, id: EffectID(id))
    }

    /// The scope of the optional child at `path`, as given to `ifLet`.
    public static func child<State, Child>(_ path: KeyPath<State, Child?> & Sendable)
        -> EffectScope
    {
        EffectScope(path: path, id: nil)
    }

    /// The key path, and the element's id if any.
    public var description: String {
        if let id { "\(path)[id: \(id)]" } else { "\(path)" }
    }
}
