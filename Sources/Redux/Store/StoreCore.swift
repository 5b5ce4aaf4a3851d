import Effects

/// The engine behind ``Store``: the state, the store's machine and the observers behind one
/// lock (`shared`), and the effect runtime (`effects`, with a lock of its own).
///
/// Every decision about the queue (who drains, who appends, who waits, when a turn ends, when
/// the store is idle) is the `StoreMachine`'s. `StoreCore` takes the lock, asks the machine,
/// turns its answer into an `Order`, and carries that out once the lock is let go: dispatching
/// and draining (`StoreCore+Dispatch`), observers, effects, tasks, waiting for the store to be
/// idle, the home and shutting down (the other `StoreCore+` files).
///
/// One thread at a time drains the queue: the drainer. Hence one action is reduced at a time, in
/// FIFO order, and a dispatch from inside a middleware, an effect or an observer is queued
/// instead of nesting. The reducer runs under the lock, on the state in place (it is pure and
/// must not touch the store). Middlewares, effects and observers run after the lock is
/// released, with a copy of the state after the action.
///
/// The dispatch path is `@inlinable` so that it is specialized for the client's state and
/// action types.
@usableFromInline
final class StoreCore<State: Sendable, Action: Sendable>: Sendable {
    /// A piece of work waiting for the drainer.
    @usableFromInline
    enum Work: Sendable {
        case action(Action)
        case attach(Observer<State>)
        /// An action that belongs to a `StoreTask`.
        case tracked(Action, TaskMembership)
    }

    /// The store's decisions, with the continuations of the tasks waiting in `idle()`.
    @usableFromInline
    typealias Machine = StoreMachine<Work, Waiter, UnsafeContinuation<Void, Never>>

    /// Everything behind the store's lock.
    @usableFromInline
    struct Shared: Sendable {
        @usableFromInline var state: State
        @usableFromInline var machine: Machine
        @usableFromInline var observers = ObserverList<State>()

        init(state: State, machine: Machine) {
            self.state = state
            self.machine = machine
        }
    }

    @usableFromInline let shared: Lock<Shared>
    @usableFromInline let reduce: MutatingReducer<State, Action>
    @usableFromInline let interceptors: [Interceptor<State, Action>]
    /// Each middleware with what a remembering one keeps of the state (see ``AnyMiddleware``).
    @usableFromInline let middlewares: [MiddlewareBox<State, Action>]
    /// The runtime every effect of this store runs in: its running effects and their ids.
    @usableFromInline let effects: EffectContext
    /// Where the work runs; nil when the callers drain.
    @usableFromInline let home: StoreHome?
    /// The dependencies its middlewares and effects read, bound while they run and start; nil
    /// for a store that was given none and made where none were bound: it binds nothing.
    @usableFromInline let dependencies: Dependencies?

    /// A core; `taskExecutor`, erased so that it can be stored before macOS 15 / iOS 18, is the
    /// `TaskExecutor` async effects prefer, if any (the effect runtime ignores it on systems
    /// without executor preference).
    init(
        initial: State,
        reduce: @escaping MutatingReducer<State, Action>,
        interceptors: [Interceptor<State, Action>],
        middlewares: [AnyMiddleware<State, Action>],
        home: StoreHome?,
        capacity: Int,
        taskExecutor: (any Sendable)?,
        dependencies: Dependencies? = nil
    ) {
        shared = Lock(
            Shared(
                state: initial,
                machine: Machine(capacity: capacity, turnLength: capacity, hasHome: home != nil)))
        effects = EffectContext(preferredExecutor: taskExecutor)
        self.reduce = reduce
        self.interceptors = interceptors
        var boxes: [MiddlewareBox<State, Action>] = []
        for middleware in middlewares {
            let running = middleware.instantiate()
            // What a remembering middleware will see as the state before the first action.
            running.remember?(initial)
            var react = running.react
            if let dependencies {
                // Bound per middleware, here, so that the dispatch path stays as it is.
                react = { [react] state, action in
                    Dependencies.binding(dependencies) { react(state, action) }
                }
            }
            boxes.append(MiddlewareBox(react, remember: running.remember))
        }
        self.middlewares = boxes
        self.home = home
        self.dependencies = dependencies
    }

    @inlinable
    var state: State {
        shared.withLock { $0.state }
    }

    /// Reads a part of the state under the lock, copying only that part.
    @inlinable
    func read<Part>(_ part: (borrowing State) -> Part) -> Part {
        shared.withLock { part($0.state) }
    }
}

/// A middleware as a store runs it: what it does after each action, and what it remembers.
@usableFromInline
final class MiddlewareBox<State, Action>: Sendable {
    @usableFromInline let run: Middleware<State, Action>
    /// For a remembering middleware, keeps what it needs of the state after each action, which
    /// is the state before the next one (see ``AnyMiddleware/init(remembering:_:)``); nil for
    /// one that sees only the state after.
    @usableFromInline let remember: (@Sendable (State) -> Void)?

    init(_ run: @escaping Middleware<State, Action>, remember: (@Sendable (State) -> Void)?) {
        self.run = run
        self.remember = remember
    }
}
