import Dispatch
import Effects

/// The engine behind ``Store``: the state, the queue of pending work and the observers behind
/// one lock (`shared`), and the effect runtime (`effects`, with a lock of its own).
///
/// Every decision about the queue (who drains, who appends, who waits, when a turn ends, when
/// the store is idle) is the `StoreMachine`'s, kept in `shared` beside the state. `StoreCore`
/// takes the lock once per decision, asks the machine, and does what it answers once the lock is
/// let go: dispatching and draining (`StoreCore+Dispatch`), observers (`StoreCore+Observers`),
/// effects (`StoreCore+Effects`), tasks and waiting for the store to be idle (`StoreCore+Tasks`,
/// `StoreCore+Idle`), the home (`StoreCore+Home`) and shutting down (`StoreCore+ShutDown`).
///
/// One thread at a time drains the queue: the drainer. Hence one action is reduced at a time, in
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

/// A caller the store's machine told to wait, until it is signalled: a thread blocked in
/// `dispatch` or `subscribe` (``wait()``), or a task suspended in `enqueue` (``suspend()``).
///
/// The only place where a store's caller waits: a thread on a semaphore, a task on a
/// continuation, which leaves its thread free for other tasks (the cooperative pool has as many
/// threads as cores, and a blocked one is lost to all of them). The machine decides which, when
/// it makes the waiter (see ``StoreWaiter``); made only when a caller must wait, never on the
/// path of a dispatch that goes through.
@usableFromInline
final class Waiter: StoreWaiter, Sendable {
    @usableFromInline let thread: ThreadID?
    /// A thread's: it blocks on it. Nil for a task.
    private let semaphore: DispatchSemaphore?
    /// A task's: where its continuation meets the signal (a thread's waiter leaves it unused).
    private let parked = Lock(TaskParking<CheckedContinuation<Void, Never>>())

    @usableFromInline
    init(thread: ThreadID, suspends: Bool) {
        self.thread = suspends ? nil : thread
        semaphore = suspends ? nil : DispatchSemaphore(value: 0)
    }

    /// Blocks the calling thread until ``signal()``.
    @usableFromInline
    func wait() {
        guard let semaphore else {
            preconditionFailure("a task's waiter was waited on by a thread")
        }
        #if DEBUG
        // Under a systematic test, the tester parks the thread and runs others meanwhile.
        if let tester = ScheduleTesting.tester,
            tester.block(until: { [semaphore] in semaphore.wait(timeout: .now()) == .success })
        {
            return
        }
        #endif
        semaphore.wait()
    }

    /// Suspends the calling task until ``signal()`` (at once if it came already).
    @usableFromInline
    func suspend() async {
        precondition(semaphore == nil, "a thread's waiter was awaited by a task")
        await withCheckedContinuation { continuation in
            if parked.withLock({ $0.suspend(continuation) }) {
                continuation.resume()
            }
        }
    }

    /// Lets the caller go on: wakes the thread, or resumes the task (outside the lock).
    @usableFromInline
    func signal() {
        #if DEBUG
        ScheduleTesting.tester?.willSynchronize()
        #endif
        if let semaphore {
            semaphore.signal()
        } else {
            parked.withLock { $0.signal() }?.resume()
        }
    }
}

/// A task's wait in a ``Waiter``: the signal and the continuation may come in either order (the
/// machine hands the waiter out under the store's lock, the task suspends after it is let go),
/// and the continuation is resumed exactly once, by whichever comes second.
///
/// Pure, generic over the continuation so that tests drive it with plain values.
struct TaskParking<Continuation> {
    enum Stage {
        /// Neither has come.
        case waiting
        /// The task is suspended.
        case suspended(Continuation)
        /// The signal came first: the task goes on as it suspends.
        case signalled
        /// Resumed: nothing more happens.
        case over
    }

    private(set) var stage = Stage.waiting

    /// The task suspends: true if it must be resumed at once (the signal came first).
    mutating func suspend(_ continuation: Continuation) -> Bool {
        switch stage {
        case .waiting:
            stage = .suspended(continuation)
            return false
        case .signalled:
            stage = .over
            return true
        case .suspended, .over:
            preconditionFailure("a task suspended twice on one waiter")
        }
    }

    /// The signal: the continuation to resume now, if the task is suspended already.
    mutating func signal() -> Continuation? {
        switch stage {
        case .waiting:
            stage = .signalled
            return nil
        case .suspended(let continuation):
            stage = .over
            return continuation
        case .signalled, .over:
            preconditionFailure("a waiter was signalled twice")
        }
    }
}

extension TaskParking: Sendable where Continuation: Sendable {}
extension TaskParking.Stage: Sendable where Continuation: Sendable {}

/// A middleware as a store runs it: what it does after each action, and what it remembers. A
/// class, so that dispatch calls it through an unretained reference (see `forEachUnretained`).
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
