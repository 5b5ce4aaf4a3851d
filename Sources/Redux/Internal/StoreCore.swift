import Effects
import Synchronization

/// The engine behind ``Store``: the state, the queue of pending work and the observers behind
/// one lock (`shared`), and the effect runtime (`effects`, with a lock of its own).
///
/// Split by concern: dispatching and draining (`StoreCore+Dispatch`), observers
/// (`StoreCore+Observers`), effects (`StoreCore+Effects`), tasks and waiting for the store to be
/// idle (`StoreCore+Tasks`, `StoreCore+Idle`) and shutting down (`StoreCore+ShutDown`).
///
/// Whoever dispatches while no one is draining becomes the drainer and processes the queue
/// until it is empty; everyone else only appends to it. Hence one action is reduced at a time,
/// in FIFO order, and a dispatch from inside a middleware, an effect or an observer is queued
/// instead of nesting. The reducer runs under the lock (it is pure and must not touch the store),
/// in place, so a large state is not copied. Middlewares, effects and observers run after the
/// lock is released, and nothing is released while it is held.
///
/// The dispatch path is `@inlinable` so that it is specialized for the client's state and
/// action types: a generic call across the module boundary costs more than the work itself.
@usableFromInline
final class StoreCore<State: Sendable, Action: Sendable>: Sendable {
    /// A piece of work waiting for the drainer.
    @usableFromInline
    enum Work {
        case action(Action)
        case attach(Observer<State>)
        /// An action that belongs to a `StoreTask`. Boxed, so that the queue's elements stay as
        /// small as an action: only an action queued behind another thread's drain pays for it.
        indirect case tracked(Action, TaskMembership)
    }

    /// Who, if anyone, is processing the queue.
    @usableFromInline
    enum Phase {
        /// Nobody: the next dispatch becomes the drainer.
        case idle
        /// A thread is processing the queue; everyone else appends to it.
        case draining
        /// The store was released: nothing is queued or run any more.
        case shutDown
    }

    /// Everything behind the store's lock.
    ///
    /// Sizes: `queue` holds the work dispatched while another thread drains (it empties at the
    /// end of every drain); `observers` one slot per live subscription, compacted as they leave.
    @usableFromInline
    struct Shared {
        @usableFromInline var state: State
        @usableFromInline var phase = Phase.idle
        @usableFromInline var queue = FIFOQueue<Work>()
        @usableFromInline var observers = ObserverList<State>()

        init(state: State) {
            self.state = state
        }
    }

    @usableFromInline let shared: Mutex<Shared>
    @usableFromInline let reduce: MutatingReducer<State, Action>
    @usableFromInline let interceptors: [Interceptor<State, Action>]
    /// Each middleware in a box of its own, so that dispatch calls it through an unretained
    /// reference (see `react`).
    @usableFromInline let middlewares: [MiddlewareBox<State, Action>]
    /// The runtime every effect of this store runs in: its running effects and their ids.
    @usableFromInline let effects: EffectContext
    /// The tasks waiting in `idle()`; see `StoreCore+Idle`.
    @usableFromInline let idleWaiters = IdleWaiters()

    init(
        initial: State,
        reduce: @escaping MutatingReducer<State, Action>,
        interceptors: [Interceptor<State, Action>],
        middlewares: [Middleware<State, Action>],
        taskExecutor: (any TaskExecutor)?
    ) {
        shared = Mutex(Shared(state: initial))
        effects = EffectContext(taskExecutor: taskExecutor)
        self.reduce = reduce
        self.interceptors = interceptors
        self.middlewares = middlewares.map(MiddlewareBox.init)
    }

    @inlinable
    var state: State {
        shared.withLock { $0.state }
    }
}

/// A middleware held by a class, so that a store can call it through an unretained reference:
/// a closure read from an array is retained for the call, which costs more than a middleware
/// that answers `.none`.
@usableFromInline
final class MiddlewareBox<State, Action>: Sendable {
    @usableFromInline let run: Middleware<State, Action>

    init(_ run: @escaping Middleware<State, Action>) {
        self.run = run
    }
}
