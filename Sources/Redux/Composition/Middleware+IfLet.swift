import Effects

/// Lifts a child's middleware to a parent whose state holds the child as an optional at
/// `path`; every effect the child starts ends when the child does.
///
/// While the child is there, its middleware sees it (after the reducer) and its effects run
/// scoped to it (``EffectScope/child(_:)``): their ids mean "this id of this child", and when
/// an action sets the child to nil, every one of them is cancelled at once (delayed, async and
/// debounced alike) and delivers nothing more. A child action while the child is nil (and was
/// before the action) is ignored, and reported in debug builds.
///
/// ```swift
/// let ticker = ifLet(
///     ticking(clock: clock), state: \Screen.ticker, action: ScreenAction.tickerActions)
/// ```
///
/// The child's middleware may itself be lifted (a detail holding a list is an `ifLet` of a
/// `forEach`), and ``ifLet(state:action:_:)-3mg4z`` takes the child's middlewares as a list: each
/// child that comes gets a running copy of its own, which remembers that child alone and is
/// dropped when the child goes.
///
/// - Parameters:
///   - middleware: The child's middleware, of either form.
///   - path: Where the optional child sits in the parent's state.
///   - action: Where the child's actions sit among the parent's.
/// - Returns: A middleware of the parent's state and actions, remembering whether the child was
///   there before each action.
/// - Complexity: O(1) per action, plus O(k) to cancel the k running effects of a child that
///   went.
@inlinable
public func ifLet<State: Sendable, Action: Sendable, ChildState: Sendable, ChildAction: Sendable>(
    _ middleware: AnyMiddleware<ChildState, ChildAction>,
    state path: KeyPath<State, ChildState?> & Sendable,
    action: ActionPath<Action, ChildAction>
) -> AnyMiddleware<State, Action> {
    ifLet(middleware, state: path, action: action) { _ in true }
}

/// Lifts the middleware of an identified child to a parent whose state holds the child as an
/// optional at `path`; every effect the child starts ends when the child does, or when another
/// child takes its place.
///
/// As the other `ifLet`, and more: a child replaced by one with another id in a single action
/// (a detail screen showing the next item) is a child that went, and a new one that came: every
/// effect of the one that went is cancelled, and the new one starts afresh. A child whose id
/// stays is the same child, however its other fields change.
///
/// - Parameters:
///   - middleware: The child's middleware, of either form.
///   - path: Where the optional child sits in the parent's state.
///   - action: Where the child's actions sit among the parent's.
/// - Returns: A middleware of the parent's state and actions, remembering which child was there
///   before each action.
/// - Complexity: O(1) per action, plus O(k) to cancel the k running effects of a child that
///   went.
@inlinable
public func ifLet<
    State: Sendable, Action: Sendable, ChildState: Identifiable & Sendable, ChildAction: Sendable
>(
    _ middleware: AnyMiddleware<ChildState, ChildAction>,
    state path: KeyPath<State, ChildState?> & Sendable,
    action: ActionPath<Action, ChildAction>
) -> AnyMiddleware<State, Action> where ChildState.ID: Sendable {
    ifLet(middleware, state: path, action: action) { $0.id }
}

/// Lifts a child's middleware to a parent whose state holds the child as an optional at
/// `path`: the closure form of ``ifLet(_:state:action:)-39fza``, which it calls.
///
/// - Parameters:
///   - middleware: The child's middleware.
///   - path: Where the optional child sits in the parent's state.
///   - action: Where the child's actions sit among the parent's.
/// - Returns: A middleware of the parent's state and actions.
@inlinable
public func ifLet<State: Sendable, Action: Sendable, ChildState: Sendable, ChildAction: Sendable>(
    _ middleware: @escaping Middleware<ChildState, ChildAction>,
    state path: KeyPath<State, ChildState?> & Sendable,
    action: ActionPath<Action, ChildAction>
) -> AnyMiddleware<State, Action> {
    ifLet(AnyMiddleware(middleware), state: path, action: action)
}

/// Lifts the middleware of an identified child to a parent whose state holds the child as an
/// optional at `path`: the closure form, which calls the one taking an ``AnyMiddleware``.
///
/// - Parameters:
///   - middleware: The child's middleware.
///   - path: Where the optional child sits in the parent's state.
///   - action: Where the child's actions sit among the parent's.
/// - Returns: A middleware of the parent's state and actions.
@inlinable
public func ifLet<
    State: Sendable, Action: Sendable, ChildState: Identifiable & Sendable, ChildAction: Sendable
>(
    _ middleware: @escaping Middleware<ChildState, ChildAction>,
    state path: KeyPath<State, ChildState?> & Sendable,
    action: ActionPath<Action, ChildAction>
) -> AnyMiddleware<State, Action> where ChildState.ID: Sendable {
    ifLet(AnyMiddleware(middleware), state: path, action: action)
}

/// Lifts a child's middlewares, written one per line, to a parent whose state holds the child
/// as an optional at `path`: a detail holding a list, for example.
///
/// ```swift
/// ifLet(state: \Screen.detail, action: ScreenAction.detailActions) {
///     detailMiddleware(scheduler)
/// }
/// ```
///
/// - Parameters:
///   - path: Where the optional child sits in the parent's state.
///   - action: Where the child's actions sit among the parent's.
///   - middlewares: The child's middlewares, of either form (see ``MiddlewareBuilder``).
/// - Returns: A middleware of the parent's state and actions.
@inlinable
public func ifLet<State: Sendable, Action: Sendable, ChildState: Sendable, ChildAction: Sendable>(
    state path: KeyPath<State, ChildState?> & Sendable,
    action: ActionPath<Action, ChildAction>,
    @MiddlewareBuilder<ChildState, ChildAction> _ middlewares: () -> [AnyMiddleware<
        ChildState, ChildAction
    >]
) -> AnyMiddleware<State, Action> {
    ifLet(AnyMiddleware(combining: middlewares()), state: path, action: action)
}

/// Lifts the middlewares of an identified child, written one per line: as the other
/// ``ifLet(state:action:_:)-3mg4z``, a child replaced by one with another id being a child that went.
///
/// - Parameters:
///   - path: Where the optional child sits in the parent's state.
///   - action: Where the child's actions sit among the parent's.
///   - middlewares: The child's middlewares, of either form (see ``MiddlewareBuilder``).
/// - Returns: A middleware of the parent's state and actions.
@inlinable
public func ifLet<
    State: Sendable, Action: Sendable, ChildState: Identifiable & Sendable, ChildAction: Sendable
>(
    state path: KeyPath<State, ChildState?> & Sendable,
    action: ActionPath<Action, ChildAction>,
    @MiddlewareBuilder<ChildState, ChildAction> _ middlewares: () -> [AnyMiddleware<
        ChildState, ChildAction
    >]
) -> AnyMiddleware<State, Action> where ChildState.ID: Sendable {
    ifLet(AnyMiddleware(combining: middlewares()), state: path, action: action)
}

/// The one `ifLet`: the child is known by `identity`, and effects end when the child that was
/// there before an action is gone after it, or is another (its identity differs).
@inlinable
func ifLet<
    State: Sendable, Action: Sendable, ChildState: Sendable, ChildAction: Sendable,
    Identity: Equatable & Sendable
>(
    _ middleware: AnyMiddleware<ChildState, ChildAction>,
    state path: KeyPath<State, ChildState?> & Sendable,
    action: ActionPath<Action, ChildAction>,
    identity: @escaping @Sendable (ChildState) -> Identity
) -> AnyMiddleware<State, Action> {
    let instantiate = middleware.instantiate
    return AnyMiddleware(instantiate: {
        let memory = Memory<Identity?>()
        let child = ChildRunning(instantiate)
        // What it does after an action, `acting` being the child action if any.
        let step: @Sendable (State, ChildAction?) -> Effect<Action> = { state, acting in
            let previous = memory.previous
            let present = state[keyPath: path]
            var ended: Effect<Action> = .none
            if previous != nil && present.map(identity) != previous {
                child.end()
                ended = .cancel(id: EffectScope.child(path))
            }
            guard let acting else {
                // Not the child's action: a nested `forEach` or `ifLet` may still end effects.
                guard let present, let settled = child.settle(present) else { return ended }
                return merged(ended, settled.scoped(to: EffectScope.child(path), map: action.embed))
            }
            guard let present else {
                // Set to nil by this very action (a sheet's own close button): nothing to do.
                if previous == nil {
                    reportMissingChild(acting, of: path, in: "middleware")
                }
                return ended
            }
            let effect = child.react(present, acting)
            if effect.isNone { return ended }
            return merged(ended, effect.scoped(to: EffectScope.child(path), map: action.embed))
        }
        return AnyMiddleware.Running(
            remember: { state in
                let present = state[keyPath: path]
                memory.value = .some(present.map(identity))   // remembered even when nil
                child.remember(present)
            },
            react: { state, parentAction in step(state, action.extract(parentAction)) },
            settle: { state in step(state, nil) })
    })
}

@usableFromInline
/// The running copy of a lifted child's middleware: one for the child that is there, made
/// when it comes and dropped when it goes, so that what it remembers is of that child alone;
/// or, when the middleware remembers nothing, one shared by every child.
// Unchecked: like `Memory`, it is read and written only by the store's drainer, one action at
// a time, each ordered after the previous by the store's lock.
final class ChildRunning<Child: Sendable, ChildAction: Sendable>: @unchecked Sendable {
    @usableFromInline typealias Running = AnyMiddleware<Child, ChildAction>.Running

    @usableFromInline let instantiate: @Sendable () -> Running
    /// The copy every child shares, when the middleware remembers nothing.
    @usableFromInline let shared: Running?
    /// The present child's own copy, when the middleware remembers.
    @usableFromInline var own: Running?

    @inlinable
    init(_ instantiate: @escaping @Sendable () -> Running) {
        self.instantiate = instantiate
        let first = instantiate()
        shared = first.remember == nil ? first : nil
    }

    /// Shows the child, as the action left it, to its copy (made for a child that came).
    @inlinable
    func remember(_ child: Child?) {
        guard shared == nil else { return }
        guard let child else {
            own = nil
            return
        }
        running().remember?(child)
    }

    /// What the child's middleware answers to `action`.
    @inlinable
    func react(_ child: Child, _ action: ChildAction) -> Effect<ChildAction> {
        if let shared { return shared.react(child, action) }
        if let own { return own.react(child, action) }
        // A child that came with this very action: it remembers itself as it is now.
        let running = running()
        running.remember?(child)
        return running.react(child, action)
    }

    /// What the child's copy ends after an action that is not the child's (see
    /// `AnyMiddleware.Running.settle`); nil when it has nothing to end.
    @inlinable
    func settle(_ child: Child) -> Effect<ChildAction>? {
        guard let settle = own?.settle else { return nil }
        let effect = settle(child)
        return effect.isNone ? nil : effect
    }

    /// The child went, or another took its place: its copy goes with it.
    @inlinable
    func end() {
        own = nil
    }

    @inlinable
    func running() -> Running {
        if let own { return own }
        let running = instantiate()
        own = running
        return running
    }
}
