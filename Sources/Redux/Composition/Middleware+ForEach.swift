import Effects

/// Lifts an element's middleware to a parent whose state holds the elements in an
/// ``IdentifiedArray`` at `path`; every effect an element starts belongs to that element.
///
/// For an element action, the middleware sees that element; its effect runs scoped to it
/// (``EffectScope/element(_:of:)``), its actions embedded with the id. After each action, as
/// TCA's `forEach`, every effect of an id that left is cancelled at once, however it was started
/// (here, through ``Store/scope(element:of:action:)`` or ``Interceptor/forEach(state:action:)``).
/// An action for an id that is not there (nor was before it) is reported in debug builds.
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
/// - Complexity: O(1) per action that changes no id; O(n) for one that does, and per action
///   for an element middleware that remembers (a nested `forEach` or `ifLet`).
@inlinable
public func forEach<
    State: Sendable, Action: Sendable, ElementState: Identifiable & Sendable,
    ElementAction: Sendable
>(
    _ middleware: AnyMiddleware<ElementState, ElementAction>,
    state path: KeyPath<State, IdentifiedArray<ElementState>> & Sendable,
    action: ActionPath<Action, (ElementState.ID, ElementAction)>
) -> AnyMiddleware<State, Action> where ElementState.ID: Sendable {
    let instantiate = middleware.instantiate
    return AnyMiddleware(instantiate: {
        let memory = Memory<IdentifiedArray<ElementState>.IDs>()
        let elements = RunningCopies<ElementState.ID, ElementState, ElementAction>(instantiate)
        return AnyMiddleware.Running(
            remember: { state in
                let collection = state[keyPath: path]
                memory.value = collection.ids
                elements.remember(collection)
            },
            react: { state, parentAction in
                forEachStep(
                    state[keyPath: path], action.extract(parentAction), before: memory.previous,
                    elements: elements, path: path, action: action)
            },
            settle: { state in
                forEachStep(
                    state[keyPath: path], nil, before: memory.previous, elements: elements,
                    path: path, action: action)
            })
    })
}

/// Ends the effects of the elements that left (and nested lifters' of the others), then runs
/// the element's middleware for `acting`.
@inlinable
func forEachStep<
    State, Action: Sendable, ElementState: Identifiable & Sendable, ElementAction: Sendable
>(
    _ collection: IdentifiedArray<ElementState>,
    _ acting: (ElementState.ID, ElementAction)?,
    before: IdentifiedArray<ElementState>.IDs,
    elements: RunningCopies<ElementState.ID, ElementState, ElementAction>,
    path: KeyPath<State, IdentifiedArray<ElementState>> & Sendable,
    action: ActionPath<Action, (ElementState.ID, ElementAction)>
) -> Effect<Action> where ElementState.ID: Sendable {
    let removed = before.idsMissing(from: collection.ids)
    // Cancelling by the scope's value reaches effects started through a scoped store too.
    var ended: Effect<Action> =
        removed.isEmpty
        ? .none
        : .merge(
            removed.map { id in
                .cancel(id: elements.remove(id) ?? EffectID(EffectScope.element(id, of: path)))
            })
    if elements.settles {
        ended = merged(ended, elements.settle(collection, except: acting?.0, path: path, action))
    }
    guard let (id, elementAction) = acting else { return ended }
    guard let element = collection[id: id] else {
        // Removed by this very action (a row's own delete button): nothing to do.
        if !before.contains(id) {
            reportMissingElement(id, elementAction, of: path, in: "middleware")
        }
        return ended
    }
    let effect = elements.react(element, as: id, elementAction)
    if effect.isNone { return ended }
    return merged(ended, elements.scoped(effect, of: id, path: path, action))
}

@inlinable
func merged<Output: Sendable>(_ first: Effect<Output>, _ second: Effect<Output>) -> Effect<Output> {
    if first.isNone { return second }
    if second.isNone { return first }
    return .merge(first, second)
}

/// Lifts an element's middleware closure to a parent's ``IdentifiedArray`` at `path` (see
/// ``forEach(_:state:action:)-55bvn``).
@inlinable
public func forEach<
    State: Sendable, Action: Sendable, ElementState: Identifiable & Sendable,
    ElementAction: Sendable
>(
    _ middleware: @escaping Middleware<ElementState, ElementAction>,
    state path: KeyPath<State, IdentifiedArray<ElementState>> & Sendable,
    action: ActionPath<Action, (ElementState.ID, ElementAction)>
) -> AnyMiddleware<State, Action> where ElementState.ID: Sendable {
    forEach(AnyMiddleware(middleware), state: path, action: action)
}

/// Lifts an element's middlewares, written one per line, to a parent's ``IdentifiedArray`` at
/// `path` (see ``forEach(_:state:action:)-55bvn``).
@inlinable
public func forEach<
    State: Sendable, Action: Sendable, ElementState: Identifiable & Sendable,
    ElementAction: Sendable
>(
    state path: KeyPath<State, IdentifiedArray<ElementState>> & Sendable,
    action: ActionPath<Action, (ElementState.ID, ElementAction)>,
    @MiddlewareBuilder<ElementState, ElementAction> _ middlewares: () -> [AnyMiddleware<
        ElementState, ElementAction
    >]
) -> AnyMiddleware<State, Action> where ElementState.ID: Sendable {
    forEach(AnyMiddleware(combining: middlewares()), state: path, action: action)
}

extension RunningCopies where Part: Identifiable, Key == Part.ID {
    /// Shows each element to its own copy: O(n), or nothing when one copy is shared.
    @inlinable
    func remember(_ collection: IdentifiedArray<Part>) {
        guard shared == nil else { return }
        for element in collection {
            running(of: element.id).remember?(element)
        }
    }

    /// What the copies of the elements other than `acting` end after an action: O(n).
    @inlinable
    func settle<State, Action: Sendable>(
        _ collection: IdentifiedArray<Part>, except acting: Key?,
        path: KeyPath<State, IdentifiedArray<Part>> & Sendable,
        _ action: ActionPath<Action, (Key, PartAction)>
    ) -> Effect<Action> {
        var ended: [Effect<Action>] = []
        for element in collection where element.id != acting {
            let effect = settle(element, as: element.id)
            if !effect.isNone {
                ended.append(scoped(effect, of: element.id, path: path, action))
            }
        }
        return .merge(ended)
    }

    /// `effect`, of the element `id`, scoped to it and embedded with its id.
    @inlinable
    func scoped<State, Action: Sendable>(
        _ effect: Effect<PartAction>, of id: Key,
        path: KeyPath<State, IdentifiedArray<Part>> & Sendable,
        _ action: ActionPath<Action, (Key, PartAction)>
    ) -> Effect<Action> {
        let scope = scope(of: id) { EffectID(EffectScope.element(id, of: path)) }
        return effect.scoped(to: scope) { action.embed((id, $0)) }
    }
}
