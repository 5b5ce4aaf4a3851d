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
/// ## Nesting
///
/// The element's middleware may itself be lifted (`forEach` or `ifLet` of the element's own
/// parts, an ``AnyMiddleware`` of either form), so a row with its own sheet is a `forEach` of
/// an `ifLet`; ``forEach(state:action:_:)`` takes the element's middlewares as a list. Each
/// element then has a running copy of its own, which remembers that element alone: a row's
/// sheet effects end when the sheet is dismissed, and when the row goes.
///
/// - Parameters:
///   - middleware: The element's middleware, of either form.
///   - path: Where the elements sit in the parent's state.
///   - action: Where an element's id and action sit among the parent's actions.
/// - Returns: A middleware of the parent's state and actions, remembering the ids of the
///   elements that were there before each action.
/// - Complexity: O(1) per action that changes no id (it may change any element's other
///   fields), when the element's middleware remembers nothing: the middleware keeps the
///   collection's ids from the previous action, whose token is then replaced by any change of
///   ids (``IdentifiedArray`` keeps its ids apart from its elements, so keeping them costs the
///   reducer's changes of elements nothing). An action that adds, removes or moves elements
///   costs O(n) for the n elements there before, plus the cancellation of each removed
///   element's effects. An element middleware that remembers (a nested `forEach` or `ifLet`)
///   is shown every element after every action: O(n) more per action.
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
        // The collection's ids as the previous action left them, and so their token (see
        // `IdentifiedArray.IDs.idsMissing(from:)`).
        let memory = Memory<IdentifiedArray<ElementState>.IDs>()
        let elements = ElementTable<ElementState, ElementAction>(instantiate)
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

/// What a lifted `forEach` does after an action: it ends the effects of the elements that
/// left, lets nested lifted middlewares of the others end theirs, and runs the element's
/// middleware for `acting`, the element action if any.
@inlinable
func forEachStep<
    State, Action: Sendable, ElementState: Identifiable & Sendable, ElementAction: Sendable
>(
    _ collection: IdentifiedArray<ElementState>,
    _ acting: (ElementState.ID, ElementAction)?,
    before: IdentifiedArray<ElementState>.IDs,
    elements: ElementTable<ElementState, ElementAction>,
    path: KeyPath<State, IdentifiedArray<ElementState>> & Sendable,
    action: ActionPath<Action, (ElementState.ID, ElementAction)>
) -> Effect<Action> where ElementState.ID: Sendable {
    var ended: Effect<Action> = effectsEnded(
        removed: before.idsMissing(from: collection.ids), path: path, elements: elements)
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
    let effect = elements.react(element, elementAction)
    if effect.isNone { return ended }
    return merged(ended, elements.scoped(effect, of: id, path: path, action))
}

/// Both effects, without a merge when one of them is nothing.
@inlinable
func merged<Output: Sendable>(_ first: Effect<Output>, _ second: Effect<Output>) -> Effect<Output> {
    if first.isNone { return second }
    if second.isNone { return first }
    return .merge(first, second)
}

/// Lifts an element's middleware to a parent whose state holds the elements in an
/// ``IdentifiedArray`` at `path`: the closure form of
/// ``forEach(_:state:action:)-55bvn``, which it calls.
///
/// - Parameters:
///   - middleware: The element's middleware.
///   - path: Where the elements sit in the parent's state.
///   - action: Where an element's id and action sit among the parent's actions.
/// - Returns: A middleware of the parent's state and actions.
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

/// Lifts an element's middlewares, written one per line, to a parent whose state holds the
/// elements in an ``IdentifiedArray`` at `path`: a row with its own sheet, for example.
///
/// ```swift
/// forEach(state: \Detail.rows, action: DetailAction.rowActions) {
///     ifLet(sheetTicking, state: \Row.sheet, action: RowAction.sheetActions)
/// }
/// ```
///
/// The middlewares see each element action in the order written, and their effects run
/// together, scoped to the element (see ``forEach(_:state:action:)-55bvn``).
///
/// - Parameters:
///   - path: Where the elements sit in the parent's state.
///   - action: Where an element's id and action sit among the parent's actions.
///   - middlewares: The element's middlewares, of either form (see ``MiddlewareBuilder``).
/// - Returns: A middleware of the parent's state and actions.
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

/// Cancels every effect of each element of `removed`, the ids that left the collection, and
/// forgets them.
///
/// - Complexity: O(k) for the k ids removed.
@inlinable
func effectsEnded<State, ElementState: Identifiable & Sendable, ElementAction, Action: Sendable>(
    removed: [ElementState.ID],
    path: KeyPath<State, IdentifiedArray<ElementState>> & Sendable,
    elements: ElementTable<ElementState, ElementAction>
) -> Effect<Action> where ElementState.ID: Sendable {
    if removed.isEmpty { return .none }
    // Effects started through the element's scoped store or a lifted interceptor have a scope
    // equal to this one: cancelling by its value reaches them too.
    return .merge(
        removed.map { id in
            .cancel(id: elements.remove(id) ?? EffectID(EffectScope.element(id, of: path)))
        })
}

/// What a lifted middleware keeps for the elements of its collection: the scope id made for
/// each element that started an effect, and, when the element's middleware remembers, a
/// running copy of it per element.
///
/// Size and cost: at most one scope id and one running copy per element present (no running
/// copies at all for an element middleware that remembers nothing, which one shared copy
/// serves); finding, adding and removing one is O(1); ``remember(_:)`` is O(n) in the n
/// elements, and O(1) when nothing is remembered.
// Unchecked: like `Memory`, it is read and written only by the store's drainer, one action at
// a time, each ordered after the previous by the store's lock.
@usableFromInline
final class ElementTable<Element: Identifiable & Sendable, ElementAction: Sendable>:
    @unchecked Sendable   // drainer only, store-serialized
where Element.ID: Sendable {
    @usableFromInline typealias Running = AnyMiddleware<Element, ElementAction>.Running

    /// Makes a running copy of the element's middleware.
    @usableFromInline let instantiate: @Sendable () -> Running
    /// The one running copy every element shares when it remembers nothing (it then keeps
    /// nothing of its own); nil when each element needs its own.
    @usableFromInline let shared: Running?
    /// Whether the element's middleware ends effects of its own after actions that are not
    /// the element's (a nested `forEach` or `ifLet`: see `AnyMiddleware.Running.settle`).
    @usableFromInline let settles: Bool
    @usableFromInline var scopes: [Element.ID: EffectID] = [:]
    @usableFromInline var runnings: [Element.ID: Running] = [:]

    @inlinable
    init(_ instantiate: @escaping @Sendable () -> Running) {
        self.instantiate = instantiate
        let first = instantiate()
        shared = first.remember == nil ? first : nil
        settles = first.settle != nil
    }

    /// Shows each element, as the action left it, to its running copy (made for an element
    /// seen for the first time): what it sees as the element before the next action.
    @inlinable
    func remember(_ collection: IdentifiedArray<Element>) {
        guard shared == nil else { return }
        for element in collection {
            running(of: element).remember?(element)
        }
    }

    /// What the element's middleware answers to `action`, for `element`.
    @inlinable
    func react(_ element: Element, _ action: ElementAction) -> Effect<ElementAction> {
        if let shared { return shared.react(element, action) }
        if let running = runnings[element.id] { return running.react(element, action) }
        // An element added by this very action: it remembers itself as it is now.
        let running = running(of: element)
        running.remember?(element)
        return running.react(element, action)
    }

    /// The element's own running copy, made the first time.
    @inlinable
    func running(of element: Element) -> Running {
        if let running = runnings[element.id] { return running }
        let running = instantiate()
        runnings[element.id] = running
        return running
    }

    /// What the running copies of the elements other than `acting` end after an action that
    /// is not theirs, each scoped to its element.
    ///
    /// - Complexity: O(n) in the n elements.
    @inlinable
    func settle<State, Action: Sendable>(
        _ collection: IdentifiedArray<Element>, except acting: Element.ID?,
        path: KeyPath<State, IdentifiedArray<Element>> & Sendable,
        _ action: ActionPath<Action, (Element.ID, ElementAction)>
    ) -> Effect<Action> {
        var ended: [Effect<Action>] = []
        for element in collection where element.id != acting {
            guard let effect = runnings[element.id]?.settle?(element), !effect.isNone else {
                continue
            }
            ended.append(scoped(effect, of: element.id, path: path, action))
        }
        return .merge(ended)
    }

    /// `effect`, of the element `id`, scoped to it and embedded with its id.
    @inlinable
    func scoped<State, Action: Sendable>(
        _ effect: Effect<ElementAction>, of id: Element.ID,
        path: KeyPath<State, IdentifiedArray<Element>> & Sendable,
        _ action: ActionPath<Action, (Element.ID, ElementAction)>
    ) -> Effect<Action> {
        let scope = scope(of: id) { EffectID(EffectScope.element(id, of: path)) }
        return effect.scoped(to: scope) { action.embed((id, $0)) }
    }

    /// The scope id of the element `id`, made by `make` the first time.
    @inlinable
    func scope(of id: Element.ID, _ make: () -> EffectID) -> EffectID {
        if let scope = scopes[id] { return scope }
        let scope = make()
        scopes[id] = scope
        return scope
    }

    /// Forgets the element `id`, removed: its running copy, and its scope id, which it returns
    /// if one was made.
    @inlinable
    func remove(_ id: Element.ID) -> EffectID? {
        runnings.removeValue(forKey: id)
        return scopes.removeValue(forKey: id)
    }
}
