import Effects

/// Lifts an element's middleware to a parent whose state holds the elements in an
/// ``IdentifiedArray`` at `path`, and whose actions carry an element's id with an element's
/// action where `action` finds them; every effect an element starts belongs to that element.
///
/// For an element action, the middleware sees that element (after the reducer), and its effect
/// runs scoped to the element (``EffectScope/element(_:of:)``): an id it uses means "this id of
/// this element", so two rows using the same `CancelID.save` never touch each other, and its
/// actions come back embedded with the element's id.
///
/// After each action it compares the ids before and after, as TCA's `forEach` does: every
/// effect of each id that left (a deletion, a filter, `removeAll()`, a new array) is cancelled
/// at once, delayed, async and debounced alike, however it was started (by this middleware,
/// through the element's scoped store, ``Store/scope(element:of:action:)``, or by an
/// interceptor lifted with ``Interceptor/forEach(state:action:)``), and delivers nothing more.
/// An id there before and after is the same element, however the action moved, rewrote, or
/// removed and added it back: its effects go on. An action for an id that is not in the
/// collection (and was not before it) is ignored, and reported in debug builds.
///
/// ```swift
/// let rowSaving = todoRowEffects(scheduler: scheduler)
/// let store = Store(
///     initial: Todos(rows: [TodoRow(id: 1), TodoRow(id: 2)]),
///     mutatingReducer: todosReducer,
///     middlewares: [forEach(rowSaving, state: \Todos.rows, action: TodosAction.rowActions)]
/// )
/// ```
///
/// - Parameters:
///   - middleware: The element's middleware.
///   - path: Where the elements sit in the parent's state.
///   - action: Where an element's id and action sit among the parent's actions.
/// - Returns: A middleware of the parent's state and actions, remembering the ids of the
///   elements that were there before each action.
/// - Complexity: O(1) per action that changes no id (it may change any element's other
///   fields): the middleware keeps the collection's ids from the previous action, whose token
///   is then replaced by any change of ids (``IdentifiedArray`` keeps its ids apart from its
///   elements, so keeping them costs the reducer's changes of elements nothing). An action that
///   adds,
///   removes or moves elements costs O(n) for the n elements there before, plus the
///   cancellation of each removed element's effects.
@inlinable
public func forEach<
    State: Sendable, Action: Sendable, ElementState: Identifiable & Sendable,
    ElementAction: Sendable
>(
    _ middleware: @escaping Middleware<ElementState, ElementAction>,
    state path: KeyPath<State, IdentifiedArray<ElementState>> & Sendable,
    action: ActionPath<Action, (ElementState.ID, ElementAction)>
) -> AnyMiddleware<State, Action> where ElementState.ID: Sendable {
    AnyMiddleware(instantiate: {
        // The collection's ids as the previous action left them, and so their token (see
        // `IdentifiedArray.IDs.idsMissing(from:)`).
        let memory = Memory<IdentifiedArray<ElementState>.IDs>()
        // Each element's scope, made once while it is there: its id is then one object, which
        // the effect table recognizes by identity, without hashing or comparing the key path
        // again on every effect. One entry per element that started an effect, removed with it.
        let scopes = ElementScopes<ElementState.ID>()
        return AnyMiddleware.Running(
            remember: { state in memory.value = state[keyPath: path].ids },
            react: { state, parentAction in
                let elements = state[keyPath: path]
                let before = memory.previous
                let ended: Effect<Action> = effectsEnded(
                    removed: before.idsMissing(from: elements.ids), path: path,
                    scopes: scopes)
                guard let (id, elementAction) = action.extract(parentAction) else { return ended }
                guard let element = elements[id: id] else {
                    // Removed by this very action (a row's own delete button): nothing to do.
                    if !before.contains(id) {
                        reportMissingElement(id, elementAction, of: path, in: "middleware")
                    }
                    return ended
                }
                let effect = middleware(element, elementAction)
                if effect.isNone { return ended }
                let scope = scopes.id(of: id) { EffectID(EffectScope.element(id, of: path)) }
                let scoped = effect.scoped(to: scope) { action.embed((id, $0)) }
                return ended.isNone ? scoped : .merge(ended, scoped)
            })
    })
}

/// Cancels every effect of each element of `removed`, the ids that left the collection.
///
/// - Complexity: O(k) for the k ids removed.
@inlinable
func effectsEnded<State, ElementState: Identifiable, Action: Sendable>(
    removed: [ElementState.ID],
    path: KeyPath<State, IdentifiedArray<ElementState>> & Sendable,
    scopes: ElementScopes<ElementState.ID>
) -> Effect<Action> where ElementState.ID: Sendable {
    if removed.isEmpty { return .none }
    // Effects started through the element's scoped store or a lifted interceptor have a scope
    // equal to this one: cancelling by its value reaches them too.
    return .merge(
        removed.map { id in
            .cancel(id: scopes.remove(id) ?? EffectID(EffectScope.element(id, of: path)))
        })
}

/// The scope ids a lifted middleware has made for the elements of its collection, one per
/// element that started an effect, each kept until the element is removed.
///
/// Size and cost: one entry per element present that has started an effect (at most the
/// collection's size); finding, adding and removing one is O(1).
// Unchecked: like `Memory`, it is read and written only by the store's drainer, one action at
// a time, each ordered after the previous by the store's lock.
@usableFromInline
final class ElementScopes<ID: Hashable>: @unchecked Sendable {   // drainer only, store-serialized
    @usableFromInline var ids: [ID: EffectID] = [:]

    @inlinable
    init() {}

    /// The scope id of the element `id`, made by `make` the first time.
    @inlinable
    func id(of id: ID, _ make: () -> EffectID) -> EffectID {
        if let scope = ids[id] { return scope }
        let scope = make()
        ids[id] = scope
        return scope
    }

    /// Forgets the scope id of the element `id`, removed; returns it, if one was made.
    @inlinable
    func remove(_ id: ID) -> EffectID? {
        ids.removeValue(forKey: id)
    }
}
