import Effects

/// The engine behind ``Store``: the state, the `StoreMachine` and the observers behind one lock
/// (`shared`), and the effect runtime (`effects`, with a lock of its own).
///
/// It asks the machine under the lock and carries out its answer after (`StoreCore+Dispatch`).
/// The dispatch path is `@inlinable`, to be specialized for the client's state and actions.
@usableFromInline
final class StoreCore<State: Sendable, Action: Sendable>: Sendable {
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
    }

    @usableFromInline let shared: Lock<Shared>
    @usableFromInline let reduce: MutatingReducer<State, Action>
    @usableFromInline let interceptors: [Interceptor<State, Action>]
    @usableFromInline let middlewares: [MiddlewareBox<State, Action>]
    @usableFromInline let effects: EffectContext
    /// Where the work runs; nil when the callers drain.
    @usableFromInline let home: StoreHome?
    /// Bound while middlewares and effects run and start; nil binds nothing.
    @usableFromInline let dependencies: Dependencies?

    /// `taskExecutor` is the `TaskExecutor` async effects prefer, erased so that it can be
    /// stored before macOS 15 / iOS 18.
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
        self.middlewares = middlewares.map { middleware in
            let running = middleware.instantiate()
            running.remember?(initial)
            var react = running.react
            if let dependencies {
                // Bound per middleware here, so that the dispatch path stays as it is.
                react = { [react] state, action in
                    Dependencies.binding(dependencies) { react(state, action) }
                }
            }
            return MiddlewareBox(react, remember: running.remember)
        }
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

    /// What the store held is released after the lock, since a release may call back into it.
    ///
    /// - Complexity: O(queued work + observers + running effects + waiting threads).
    func shutDown() {
        let (remains, observers, opened) = shared.withLock { shared in
            defer { shared.observers = ObserverList() }
            return (shared.machine.shutDown(), shared.observers, effects.gate.open())
        }
        effects.close()
        for waiter in remains.waiters {
            waiter.signal()
        }
        opened.resume()
        for continuation in remains.idleWaiters {
            continuation.resume()
        }
        _ = observers
    }
}

// MARK: - Observers

extension StoreCore: ObserverHost {
    /// Subscribes `observer`: it is welcomed with the current state now, or, while another
    /// thread drains (or on the home), by the drainer before the next action.
    @usableFromInline
    func attach(_ observer: Observer<State>) {
        arrive(with: .attach(observer))
    }

    /// Unsubscribes `observer`; a notification already under way skips it.
    ///
    /// - Complexity: O(1) amortized.
    @usableFromInline
    func detach(_ observer: Observer<State>) {
        observer.unsubscribe()
        let removed = shared.withLock { $0.observers.remove(observer) }
        // Released outside the lock.
        _ = removed
    }

    @usableFromInline
    func welcome(_ observer: Observer<State>) {
        // `detach` clears the flag before it takes the lock, so an observer unsubscribed while
        // it waited in the queue (or one taken just before shutdown) is never added.
        let state = shared.withLock { shared -> State? in
            guard observer.isSubscribed, !shared.machine.isShutDown else { return nil }
            shared.observers.append(observer)
            return shared.state
        }
        guard let state else { return }
        observer.notify(state)
    }
}

// MARK: - Waiting for the store to be idle

extension StoreCore {
    /// Whoever makes the store idle (the drainer that empties the queue, the effect that ends
    /// last) asks the machine under the lock after its change, as the waiter does when it
    /// starts to wait: one of them sees the other.
    func idle() async {
        let id = shared.withLock { $0.machine.makeIdleWaiterID() }
        await withTaskCancellationHandler {
            await withUnsafeContinuation { continuation in
                let resumed = shared.withLock { shared in
                    shared.machine.waitForIdle(
                        continuation, id: id, effectsRunning: areEffectsRunning)
                }
                for waiter in resumed {
                    waiter.resume()
                }
                if Task.isCancelled { stopWaitingForIdle(id) }
            }
        } onCancel: {
            stopWaitingForIdle(id)
        }
    }

    /// Called where work ends (a drain, an effect): resumes the waiters if the store is idle now.
    @inlinable
    func workEnded() {
        resume(shared.withLock { idleWaitersToResume(in: &$0) })
    }

    @inlinable
    func resume(_ idleWaiters: [UnsafeContinuation<Void, Never>]?) {
        guard let idleWaiters else { return }
        for continuation in idleWaiters {
            continuation.resume()
        }
    }

    /// Under the lock: the tasks in `idle()` to resume; nil while none waits. The effect count
    /// is read (the store's lock, then the effect table's, never the other way round) only
    /// while a task waits.
    @inlinable
    func idleWaitersToResume(in shared: inout Shared) -> [UnsafeContinuation<Void, Never>]? {
        guard shared.machine.isIdleWatched else { return nil }
        return shared.machine.workEnded(effectsRunning: areEffectsRunning)
    }

    /// For inlinable code, which cannot read the runtime's count.
    @usableFromInline
    var areEffectsRunning: Bool {
        effects.runningCount > 0
    }

    private func stopWaitingForIdle(_ id: Int) {
        let continuation = shared.withLock { $0.machine.stopWaitingForIdle(id: id) }
        continuation?.resume()
    }
}

/// A middleware as a store runs it: what it does after each action, and what it remembers.
@usableFromInline
final class MiddlewareBox<State, Action>: Sendable {
    @usableFromInline let run: Middleware<State, Action>
    /// For a remembering middleware (see ``AnyMiddleware/init(remembering:_:)``), keeps what it
    /// needs of the state after each action, the state before the next; nil for others.
    @usableFromInline let remember: (@Sendable (State) -> Void)?

    init(_ run: @escaping Middleware<State, Action>, remember: (@Sendable (State) -> Void)?) {
        self.run = run
        self.remember = remember
    }
}

// MARK: - Effects and tasks

/// What the store starts and follows: effects in its runtime, and the tasks of ``Store/send(_:)``
/// and ``Store/run(_:)-(Effect<Action>)``.
extension StoreCore {
    /// Runs an effect in the store's runtime: each value it sends is dispatched. With a tracker,
    /// the effect is the tracker's task's: counted, cancelled and followed with it.
    @inlinable
    func start(_ effect: consuming Effect<Action>, for tracker: TaskTracker? = nil) {
        if let dependencies {
            startBinding(dependencies, effect, for: tracker)
        } else if let tracker {
            start(effect, tracker)
        } else {
            effects.start(effect, sendingTo: StoreSink(core: self))
        }
    }

    /// ``start(_:for:)`` with the store's dependencies bound, so that the tasks the effect
    /// creates as it starts inherit them.
    @inlinable
    @inline(never)
    func startBinding(
        _ dependencies: Dependencies, _ effect: Effect<Action>, for tracker: TaskTracker?
    ) {
        Dependencies.binding(dependencies) {
            if let tracker {
                start(effect, tracker)
            } else {
                effects.start(effect, sendingTo: StoreSink(core: self))
            }
        }
    }

    /// Each part of the effect that runs on its own is marked with the task's id, so that
    /// cancelling the task reaches it.
    @inlinable
    @inline(never)
    func start(_ effect: Effect<Action>, _ tracker: TaskTracker) {
        let marked = effect.marked(with: tracker.effectID)
        effects.start(marked, sendingTo: StoreSink(core: self, tracker: tracker))
    }

    /// Sends `action` as the start of a new task, which follows every effect it starts and
    /// every action those effects send.
    @inlinable
    func send(_ action: Action) -> TaskTracker {
        let tracker = TaskTracker(context: effects)
        // Fails only if the store is gone; the action is then dropped, as any dispatch to it.
        _ = tracker.register()
        arrive(with: .tracked(action, TaskMembership(tracker: tracker, isSentAction: true)))
        return tracker
    }

    /// Runs an effect as a task of its own. The task has no sent action, so it counts one as
    /// processed at once: it is over when the effect and what it led to are.
    func run(_ effect: Effect<Action>) -> TaskTracker {
        let tracker = TaskTracker(context: effects)
        if tracker.register() {
            start(effect, for: tracker)
        }
        tracker.actionProcessed(isSentAction: true)
        return tracker
    }

    /// Dispatches an action an effect of a task sent (through `Effect.run`'s `send` if there is
    /// a `delivery`); a cancelled task's effects send nothing.
    @inlinable
    @inline(never)
    func dispatch(_ action: Action, in membership: TaskMembership, during delivery: SendDelivery?) {
        guard membership.tracker.admit() else { return }
        if let delivery {
            dispatch(.tracked(action, membership), during: delivery)
        } else {
            arrive(with: .tracked(action, membership))
        }
    }

    /// Processes a task's action as any other, its effects marked as the task's; a cancelled
    /// task's action is dropped. Either way the tracker hears that it is done.
    @inlinable
    @inline(never)
    func process(_ action: Action, _ membership: TaskMembership) {
        if !membership.tracker.isCancelled {
            if interceptors.isEmpty {
                apply(action, in: membership)
            } else {
                intercept(action, from: 0, in: membership)
            }
        }
        membership.tracker.actionProcessed(isSentAction: membership.isSentAction)
    }
}

/// Where a store's effects send their values: each one is dispatched (by the sending task,
/// which suspends rather than blocks, if it comes from `Effect.run`'s `send`). A completion may
/// leave the store idle.
///
/// With a tracker, the effect is a `StoreTask`'s: its values are dispatched as the task's, and
/// the task counts each root of the effect from its subscription to its completion, cancelling
/// at once a root that starts after the task was cancelled.
///
/// The runtime calls it through `Subscriber`, whose witnesses run unspecialized: `dispatch` is
/// made where the store's types are known, so that the store's specialized code dispatches.
@usableFromInline
struct StoreSink<State: Sendable, Action: Sendable>: Subscriber {
    @usableFromInline let core: StoreCore<State, Action>
    @usableFromInline let tracker: TaskTracker?
    @usableFromInline let dispatch:
        @Sendable (StoreCore<State, Action>, Action, TaskTracker?, SendDelivery?) -> Void

    @inlinable
    init(core: StoreCore<State, Action>, tracker: TaskTracker? = nil) {
        self.core = core
        self.tracker = tracker
        dispatch = { core, action, tracker, delivery in
            if let tracker {
                core.dispatch(
                    action, in: TaskMembership(tracker: tracker, isSentAction: false),
                    during: delivery)
            } else if let delivery {
                core.dispatch(.action(action), during: delivery)
            } else {
                core.dispatch(action)
            }
        }
    }

    @inlinable
    var effectContext: EffectContext? {
        core.effects
    }

    @inlinable
    func receive(subscription: any Subscription) {
        guard let tracker, !tracker.admit() else { return }
        subscription.cancel()
        core.workEnded()
    }

    @inlinable
    func receive(_ input: Action) {
        dispatch(core, input, tracker, SendDelivery.current)
    }

    @inlinable
    func receive(completion: Subscribers.Completion) {
        tracker?.effectEnded()
        core.workEnded()
    }
}
