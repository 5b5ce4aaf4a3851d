import Effects

/// Lifts an element's middleware to a parent whose state holds the elements in an
/// ``IdentifiedArray`` at `path`, and whose actions carry an element's id with an element's
/// action where `action` finds them; every effect an element starts belongs to that element.
///
/// For an element action, the middleware sees that element (after the reducer), and its effect
/// runs scoped to the element (``EffectScope/element(_:of:)``): an id it uses means "this id of
/// this element", so two rows using the same `CancelID.save` never touch each other, and its
/// actions come back embedded with the element's id. When an action removes elements (a
/// deletion, a filter, a new array), every effect of each removed element is cancelled at once,
/// delayed, async and debounced alike, and delivers nothing more. An action for an id that is
/// not in the collection (and was not before it) is ignored, and reported in debug builds.
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
/// - Returns: A middleware of the parent's state and actions, remembering which elements were
///   there before each action.
/// - Complexity: O(k) per action for the k elements it touched: the middleware keeps only the
///   collection's history mark from the previous action (``IdentifiedArray`` notes the ids it
///   changes, adds and removes), never its ids, so the reducer's changes copy nothing; each
///   element removed also cancels its running effects. Changes the collection no longer
///   remembers (the collection replaced by another, `removeAll()`, or more than 64 in one
///   action) cost O(e) for the e elements that started effects.
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
        // The collection's history mark as the previous action left it.
        let memory = Memory<IdentifiedArrayHistory<ElementState.ID>.Mark>()
        // Each element's scope, made once while it is there: its id is then one object, which
        // the effect table recognizes by identity, without hashing or comparing the key path
        // again on every effect. One entry per element that started an effect, removed with it.
        let scopes = ElementScopes<ElementState.ID>()
        return AnyMiddleware.Running(
            remember: { state in memory.value = state[keyPath: path].history.mark },
            react: { state, parentAction in
                let elements = state[keyPath: path]
                let removed = elements.history.removed(since: memory.previous)
                let ended: Effect<Action> = effectsEnded(
                    removed: removed, in: elements, path: path, scopes: scopes)
                guard let (id, elementAction) = action.extract(parentAction) else { return ended }
                guard let element = elements[id: id] else {
                    // Removed by this very action (a row's own delete button): nothing to do.
                    // When the collection cannot say (it was replaced), nothing is reported.
                    if let removed, !removed.contains(id) {
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

/// Cancels the effects of every element the action removed: those of `removed` (one removed
/// and added back in the same action is a new element: its old effects end too), or, when the
/// collection could not say (`removed` is nil), every element that started an effect and is
/// gone.
///
/// - Complexity: O(k) for the k ids removed; O(e) for the e elements with a scope when
///   `removed` is nil.
@inlinable
func effectsEnded<State, ElementState: Identifiable, Action: Sendable>(
    removed: [ElementState.ID]?, in elements: IdentifiedArray<ElementState>,
    path: KeyPath<State, IdentifiedArray<ElementState>> & Sendable,
    scopes: ElementScopes<ElementState.ID>
) -> Effect<Action> where ElementState.ID: Sendable {
    if let removed, removed.isEmpty { return .none }
    var cancels: [Effect<Action>] = []
    if let removed {
        for id in removed {
            // Effects started through the element's own scoped store have a scope equal to
            // this one: cancelling by its value reaches them too.
            let scope = scopes.remove(id) ?? EffectID(EffectScope.element(id, of: path))
            cancels.append(.cancel(id: scope))
        }
    } else {
        for id in Array(scopes.ids.keys) where elements[id: id] == nil {
            if let scope = scopes.remove(id) { cancels.append(.cancel(id: scope)) }
        }
    }
    return .merge(cancels)
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
