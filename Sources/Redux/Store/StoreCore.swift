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
