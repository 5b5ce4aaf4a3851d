import Effects
import Synchronization

/// The engine behind ``Store``: the state, the queue of pending work and the observers behind
/// one lock (`shared`), and the effect runtime (`effects`, with a lock of its own).
///
/// Split by concern: dispatching and draining (`StoreCore+Dispatch`), who drains and who waits
/// (`StoreCore+Queue`, the state machine), how a drainer leaves without taking the lock again
/// (`StoreCore+Departure`), observers (`StoreCore+Observers`), effects
/// (`StoreCore+Effects`), tasks and waiting for the store to be idle (`StoreCore+Tasks`,
/// `StoreCore+Idle`), the home (`StoreCore+Home`) and shutting down (`StoreCore+ShutDown`).
///
/// One thread at a time drains the queue: the drainer. Without a home, whoever dispatches while
/// no one drains becomes the drainer; with a home, a piece of work on the home does. Everyone
/// else appends to the queue, which is bounded (`capacity`): a thread that finds it full waits
/// (see `StoreCore+Queue` for who waits for what). Hence one action is reduced at a time, in
/// FIFO order, and a dispatch from inside a middleware, an effect or an observer is queued
/// instead of nesting. The reducer runs under the lock (it is pure and must not touch the
/// store), in place, so a large state is not copied. Middlewares, effects and observers run
/// after the lock is released, and nothing is released while it is held; the drainer lends
/// them the state it has just reduced rather than copying it out (see `StateLoan`).
///
/// The dispatch path is `@inlinable` so that it is specialized for the client's state and
/// action types: a generic call across the module boundary costs more than the work itself.
@usableFromInline
final class StoreCore<State: Sendable, Action: Sendable>: Sendable {
    /// A piece of work waiting for the drainer.
    @usableFromInline
    enum Work: Sendable {
        case action(Action)
        case attach(Observer<State>)
        /// An action that belongs to a `StoreTask`. Boxed, so that the queue's elements stay as
        /// small as an action: only an action queued behind another thread's drain pays for it.
        indirect case tracked(Action, TaskMembership)
    }

    @usableFromInline let shared: Lock<Shared>
    /// Whether the drainer may give up its role without the lock (see `StoreCore+Departure`).
    @usableFromInline let departure = Atomic<UInt8>(Departure.barred)
    @usableFromInline let reduce: MutatingReducer<State, Action>
    @usableFromInline let interceptors: [Interceptor<State, Action>]
    /// Each middleware in a box of its own, so that dispatch calls it through an unretained
    /// reference (see `react`), with what a remembering one keeps of the state (see
    /// ``AnyMiddleware``).
    @usableFromInline let middlewares: [MiddlewareBox<State, Action>]
    /// The runtime every effect of this store runs in: its running effects and their ids.
    @usableFromInline let effects: EffectContext
    /// The tasks waiting in `idle()`; see `StoreCore+Idle`.
    @usableFromInline let idleWaiters = IdleWaiters()
    /// Where the work runs; nil when the callers drain.
    @usableFromInline let home: StoreHome?
    /// The most work items the queue holds before other threads wait (see `StoreCore+Queue`).
    @usableFromInline let capacity: Int
    /// How many items a drainer without a home processes before the next thread that dispatches
    /// takes over; a home's drainer runs that many, then lets the home run other work.
    @usableFromInline let turnLength: Int

    init(
        initial: State,
        reduce: @escaping MutatingReducer<State, Action>,
        interceptors: [Interceptor<State, Action>],
        middlewares: [AnyMiddleware<State, Action>],
        home: StoreHome?,
        capacity: Int,
        taskExecutor: (any TaskExecutor)?
    ) {
        precondition(capacity >= 2, "a store's queue must hold at least 2 items (got \(capacity))")
        shared = Lock(Shared(state: initial, phase: home == nil ? .idle : .away))
        effects = EffectContext(taskExecutor: taskExecutor)
        self.reduce = reduce
        self.interceptors = interceptors
        var boxes: [MiddlewareBox<State, Action>] = []
        for middleware in middlewares {
            let running = middleware.instantiate()
            // What a remembering middleware will see as the state before the first action.
            running.remember?(initial)
            boxes.append(MiddlewareBox(running.react, remember: running.remember))
        }
        self.middlewares = boxes
        self.home = home
        self.capacity = capacity
        turnLength = capacity
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

/// A middleware held by a class, so that a store can call it through an unretained reference:
/// a closure read from an array is retained for the call, which costs more than a middleware
/// that answers `.none`.
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
