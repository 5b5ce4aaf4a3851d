import Effects

/// Lifts a screen's reducer to a parent whose state holds a navigation stack of such screens at
/// `path`, and whose actions carry the stack's actions where `action` finds them.
///
/// It reduces every ``StackAction``: a screen's action changes that screen in place, `.push`
/// appends a screen with the stack's next id, `.popFrom(id:)` pops that screen and every screen
/// above it. An action for a screen that is not on the stack (a late action of a popped screen)
/// is ignored, and reported in debug builds, as `forEach` reports a missing element: a
/// `TestStore` fails the test.
///
/// List it before the parent's own reducer in ``combine(_:)-(MutatingReducer<State,Action>...)``,
/// so that a screen sees its own action before the parent acts on it (a screen's delete button
/// that the parent answers by popping it).
///
/// ```swift
/// let itemListReducer: MutatingReducer<ItemList, ItemListAction> = combine(
///     forEach(itemDetailReducer, stack: \ItemList.path, action: ItemListAction.pathActions),
///     ifLet(itemEditReducer, presented: \ItemList.edit, action: ItemListAction.editActions),
///     itemListOwnReducer
/// )
/// ```
///
/// - Parameters:
///   - reducer: The screen's reducer.
///   - path: Where the stack sits in the parent's state.
///   - action: Where the stack's actions sit among the parent's actions.
/// - Returns: A reducer of the parent's state and actions.
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
/// It is `forEach(_:state:action:)` over the stack's screens, identified by the ids the stack
/// gave them: a screen's middleware sees its own actions (after the reducer), its effects run
/// scoped to that screen (an id it uses means "this id of this screen"), and their actions come
/// back as `.element(id:action:)` of that screen. After each action, every effect of each
/// screen that left the stack is cancelled at once and delivers nothing more, however it left:
/// `popLast()`, `removeAll()` (back to the root), `.popFrom(id:)`, or a new stack in place of
/// the old (whose ids start again at 0: the stacks are told apart by more than their ids, and
/// every screen of the old one ends). Effects are scoped to the stack at `path` too, so that
/// two stacks of the same screens in one state never touch each other's.
///
/// The screen's middleware may itself be lifted: a screen holding its own sheet is a `forEach`
/// of an `ifLet(_:presented:action:)`. Each screen then has a running copy of its own, and its
/// sheet's effects end when the sheet is dismissed, and when the screen is popped.
///
/// ```swift
/// let itemListMiddlewares: [AnyMiddleware<ItemList, ItemListAction>] = [
///     forEach(itemDetailTimer, stack: \ItemList.path, action: ItemListAction.pathActions),
///     ifLet(itemEditing, presented: \ItemList.edit, action: ItemListAction.editActions),
/// ]
/// ```
///
/// - Parameters:
///   - middleware: The screen's middleware, of either form.
///   - path: Where the stack sits in the parent's state.
///   - action: Where the stack's actions sit among the parent's actions.
/// - Returns: A middleware of the parent's state and actions, remembering the ids of the
///   screens on the stack before each action.
/// - Complexity: As `forEach`'s: O(1) per action that pushes or pops nothing, O(n) in the
///   screens on the stack for one that does, plus the cancellation of each popped screen's
///   effects; O(n) more per action for a screen middleware that is itself lifted.
public func forEach<State: Sendable, Action: Sendable, Screen: Sendable, ScreenAction: Sendable>(
    _ middleware: AnyMiddleware<Screen, ScreenAction>,
    stack path: KeyPath<State, StackState<Screen>> & Sendable,
    action: ActionPath<Action, StackAction<Screen, ScreenAction>>
) -> AnyMiddleware<State, Action> {
    let instantiate = middleware.instantiate
    // The screen's middleware, shown the stack's element that holds the screen.
    let onElements = AnyMiddleware<StackElement<Screen>, ScreenAction>(instantiate: {
        let running = instantiate()
        var remember: (@Sendable (StackElement<Screen>) -> Void)?
        if let rememberScreen = running.remember {
            remember = { element in rememberScreen(element.screen) }
        }
        var settle: (@Sendable (StackElement<Screen>) -> Effect<ScreenAction>)?
        if let settleScreen = running.settle {
            settle = { element in settleScreen(element.screen) }
        }
        let react = running.react
        return .init(
            remember: remember, react: { element, action in react(element.screen, action) },
            settle: settle)
    })
    let screens: AnyMiddleware<StackState<Screen>, Action> = forEach(
        onElements, state: \StackState<Screen>.elements,
        action: action.appending(StackAction.elementActions))
    // Made once: the effect table then knows the stack's scope by identity.
    let stack = EffectID(EffectScope.stack(path))
    return AnyMiddleware(instantiate: {
        let running = screens.instantiate()
        // The stack before the action: a stack the parent replaced by another (whose ids start
        // again at 0) ends every screen of the one it replaced, whatever their ids.
        let origin = Memory<Int>()
        // What it does after an action, given what the screens' `forEach` answered.
        let step: @Sendable (StackState<Screen>, Effect<Action>) -> Effect<Action> = {
            screens, effect in
            let scoped = effect.isNone ? effect : effect.scoped(to: stack)
            guard origin.previous != screens.origin else { return scoped }
            // Listed first: it ends the old screens before a new one's effect starts.
            return .merge(.cancel(id: stack), scoped)
        }
        var settle: (@Sendable (State) -> Effect<Action>)?
        if let settleScreens = running.settle {
            // Nested in another lifter, which shows it only its own actions: it still ends
            // what the others popped, or dismissed in a screen.
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

/// Lifts a screen's middleware to a parent whose state holds a navigation stack of such
/// screens at `path`: the closure form of the `forEach(_:stack:action:)` taking an
/// ``AnyMiddleware``, which it calls.
///
/// - Parameters:
///   - middleware: The screen's middleware.
///   - path: Where the stack sits in the parent's state.
///   - action: Where the stack's actions sit among the parent's actions.
/// - Returns: A middleware of the parent's state and actions.
public func forEach<State: Sendable, Action: Sendable, Screen: Sendable, ScreenAction: Sendable>(
    _ middleware: @escaping Middleware<Screen, ScreenAction>,
    stack path: KeyPath<State, StackState<Screen>> & Sendable,
    action: ActionPath<Action, StackAction<Screen, ScreenAction>>
) -> AnyMiddleware<State, Action> {
    forEach(AnyMiddleware(middleware), stack: path, action: action)
}

extension EffectScope {
    /// The scope of every effect of the screens of the stack at `path`.
    static func stack<State, Screen>(
        _ path: KeyPath<State, StackState<Screen>> & Sendable
    ) -> EffectScope {
        EffectScope(path: path, id: nil)
    }

    /// The scope of the effects of the screen with id `id`, inside its stack's scope.
    static func screen<Screen>(_ id: StackElementID, of _: Screen.Type) -> EffectScope {
        .element(id, of: \StackState<Screen>.elements)
    }
}
