import Effects

/// Lifts an element's reducer to a parent whose state holds the elements in an
/// ``IdentifiedArray`` at `path`, and whose actions carry an element's id with an element's
/// action where `action` finds them.
///
/// An action for an id not in the collection is ignored, and reported in debug builds. List it
/// before the parent's own reducer in ``combine(_:)-(MutatingReducer<State,Action>...)``, so a
/// row the parent deletes on its own action sees that action first.
///
/// ```swift
/// let todosReducer: MutatingReducer<Todos, TodosAction> = combine(
///     forEach(todoRowReducer, state: \Todos.rows, action: TodosAction.rowActions),
///     todosListReducer
/// )
/// ```
///
/// - Complexity: O(1) per action, plus the element's reducer: one lookup by id.
@inlinable
public func forEach<State, Action, ElementState: Identifiable & Sendable, ElementAction>(
    _ reducer: @escaping MutatingReducer<ElementState, ElementAction>,
    state path: WritableKeyPath<State, IdentifiedArray<ElementState>> & Sendable,
    action: ActionPath<Action, (ElementState.ID, ElementAction)>
) -> MutatingReducer<State, Action> where ElementState.ID: Sendable {
    { state, parentAction in
        guard let (id, elementAction) = action.extract(parentAction) else { return }
        let found = state[keyPath: path].modify(id: id) { reducer(&$0, elementAction) }
        if !found {
            reportMissingElement(id, elementAction, of: path, in: "reducer")
        }
    }
}

/// Lifts an element's pure reducer to a parent's ``IdentifiedArray`` at `path` (see
/// ``forEach(_:state:action:)->MutatingReducer<State,Action>``).
@inlinable
public func forEach<State, Action, ElementState: Identifiable & Sendable, ElementAction>(
    _ reducer: @escaping Reducer<ElementState, ElementAction>,
    state path: WritableKeyPath<State, IdentifiedArray<ElementState>> & Sendable,
    action: ActionPath<Action, (ElementState.ID, ElementAction)>
) -> Reducer<State, Action> where ElementState.ID: Sendable {
    pure(forEach(inPlace(reducer), state: path, action: action))
}

@usableFromInline
func reportMissingElement<ID, ElementAction>(
    _ id: ID, _ action: ElementAction, of path: AnyKeyPath, in form: String
) {
    IssueReporter.report(
        "forEach \(form): ignored \(action) for the element \(id) of \(path), which is not "
            + "in the collection. Its effects should have ended with it: lift its middleware "
            + "with forEach too, and dispatch element actions only for elements that are there. "
            + "If the parent removed it on this very action, list forEach before the parent's "
            + "reducer in combine, so that the element sees its action first.")
}
