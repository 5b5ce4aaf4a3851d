import Effects

/// Lifts a screen's reducer to a parent whose state holds a navigation stack of such screens at
/// `path`.
///
/// It reduces every ``StackAction``: a screen's action changes that screen in place, `.push`
/// appends a screen with the stack's next id, `.popFrom(id:)` pops that screen and every screen
/// above it. An action for a screen not on the stack is ignored, and reported in debug builds.
/// List it before the parent's own reducer in ``combine(_:)-(MutatingReducer<State,Action>...)``,
/// so that a screen sees its own action before the parent pops it.
///
/// ```swift
/// let itemListReducer: MutatingReducer<ItemList, ItemListAction> = combine(
///     forEach(itemDetailReducer, stack: \ItemList.path, action: ItemListAction.pathActions),
///     ifLet(itemEditReducer, presented: \ItemList.edit, action: ItemListAction.editActions),
///     itemListOwnReducer
/// )
/// ```
///
/// - Complexity: O(1) per action, plus the screen's reducer; a pop costs O(k) for the k
///   screens popped.
public func forEach<State, Action, Screen, ScreenAction>(
    _ reducer: @escaping MutatingReducer<Screen, ScreenAction>,
    stack path: WritableKeyPath<State, StackState<Screen>> & Sendable,
    action: ActionPath<Action, StackAction<Screen, ScreenAction>>
) -> MutatingReducer<State, Action> {
    { state, parentAction in
        guard let stackAction = action.extract(parentAction) else { return }
        switch stackAction {
        case .element(let id, let screenAction):
            let found = state[keyPath: path].elements.modify(id: id) {
                reducer(&$0.screen, screenAction)
            }
            if !found {
                reportMissingElement(id, screenAction, of: path, in: "reducer")
            }
        case .push(let screen):
            state[keyPath: path].append(screen)
        case .popFrom(let id):
            if !state[keyPath: path].pop(from: id) {
                reportMissingElement(id, stackAction, of: path, in: "reducer")
            }
        }
    }
}

/// Lifts a screen's middleware to a parent whose state holds a navigation stack of such
/// screens at `path`; every effect a screen starts ends when the screen leaves the stack.
///
/// It is `forEach(_:state:action:)` over the stack's screens, by the ids the stack gave them:
/// a screen's effects run scoped to that screen and to the stack at `path`, and their actions
/// come back as `.element(id:action:)`. Every effect of a screen that left the stack is
/// cancelled at once, however it left: `popLast()`, `removeAll()`, `.popFrom(id:)`, or a new
/// stack in place of the old (whose ids start again at 0: every screen of the old one ends).
/// The screen's middleware may itself be lifted (a screen's own sheet is a `forEach` of an
/// `ifLet(_:presented:action:)`).
///
/// ```swift
/// let itemListMiddlewares: [AnyMiddleware<ItemList, ItemListAction>] = [
///     forEach(itemDetailTimer, stack: \ItemList.path, action: ItemListAction.pathActions),
///     ifLet(itemEditing, presented: \ItemList.edit, action: ItemListAction.editActions),
/// ]
/// ```
///
/// - Complexity: As `forEach`'s: O(1) per action that pushes or pops nothing, O(n) for one
///   that does; O(n) more per action for a screen middleware that is itself lifted.
public func forEach<State: Sendable, Action: Sendable, Screen: Sendable, ScreenAction: Sendable>(
    _ middleware: AnyMiddleware<Screen, ScreenAction>,
    stack path: KeyPath<State, StackState<Screen>> & Sendable,
    action: ActionPath<Action, StackAction<Screen, ScreenAction>>
) -> AnyMiddleware<State, Action> {
    let instantiate = middleware.instantiate
    let onElements = AnyMiddleware<StackElement<Screen>, ScreenAction>(instantiate: {
        let running = instantiate()
        let react = running.react
        return .init(
            remember: running.remember.map { remember in
                { @Sendable (element: StackElement<Screen>) in remember(element.screen) }
            },
            react: { element, action in react(element.screen, action) },
            settle: running.settle.map { settle in
                { @Sendable (element: StackElement<Screen>) in settle(element.screen) }
            })
    })
    let screens: AnyMiddleware<StackState<Screen>, Action> = forEach(
        onElements, state: \StackState<Screen>.elements,
        action: action.appending(StackAction.elementActions))
    let stack = EffectID(EffectScope.stack(path))
    return AnyMiddleware(instantiate: {
        let running = screens.instantiate()
        // A stack replaced by another (whose ids start again at 0) ends every screen of the old.
        let origin = Memory<Int>()
        let step: @Sendable (StackState<Screen>, Effect<Action>) -> Effect<Action> = {
            screens, effect in
            let scoped = effect.isNone ? effect : effect.scoped(to: stack)
            guard origin.previous != screens.origin else { return scoped }
            // Listed first: it ends the old screens before a new one's effect starts.
            return .merge(.cancel(id: stack), scoped)
        }
        var settle: (@Sendable (State) -> Effect<Action>)?
        if let settleScreens = running.settle {
            // Nested in another lifter: it still ends what other actions popped or dismissed.
            settle = { state in
                let screens = state[keyPath: path]
                return step(screens, settleScreens(screens))
            }
        }
        return AnyMiddleware.Running(
            remember: { state in
                let screens = state[keyPath: path]
                origin.value = screens.origin
                running.remember?(screens)
            },
            react: { state, parentAction in
                let screens = state[keyPath: path]
                return step(screens, running.react(screens, parentAction))
            },
            settle: settle)
    })
}

/// Lifts a screen's middleware closure to a parent's navigation stack at `path`: the form taking
/// an ``AnyMiddleware``, for a closure.
public func forEach<State: Sendable, Action: Sendable, Screen: Sendable, ScreenAction: Sendable>(
    _ middleware: @escaping Middleware<Screen, ScreenAction>,
    stack path: KeyPath<State, StackState<Screen>> & Sendable,
    action: ActionPath<Action, StackAction<Screen, ScreenAction>>
) -> AnyMiddleware<State, Action> {
    forEach(AnyMiddleware(middleware), stack: path, action: action)
}

extension EffectScope {
    static func stack<State, Screen>(
        _ path: KeyPath<State, StackState<Screen>> & Sendable
    ) -> EffectScope {
        EffectScope(path: path, id: nil)
    }

    /// A screen's scope, inside its stack's.
    static func screen<Screen>(_ id: StackElementID, of _: Screen.Type) -> EffectScope {
        .element(id, of: \StackState<Screen>.elements)
    }
}
