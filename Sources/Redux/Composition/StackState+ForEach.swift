import Effects

/// Lifts a screen's reducer to a parent whose state holds a navigation stack of such screens at
/// `path`.
///
/// An action for a screen not on the stack is reported in debug builds. List it before the
/// parent's own reducer in ``combine(_:)-(MutatingReducer<State,Action>...)`` (see
/// <doc:Navigation>).
///
/// - Complexity: O(1) per action; a pop costs O(k) for the k screens popped.
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
/// It is `forEach(_:state:action:)` over the screens, however a screen leaves (a pop,
/// `removeAll()`, or a new stack in place of the old).
///
/// - Complexity: As `forEach`'s.
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

/// Lifts a screen's middleware closure to a parent's navigation stack at `path`.
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
