extension Publishers {
    /// A publisher that runs async work in a `Task` and sends what the work hands to `send`.
    ///
    /// This is how an effect does I/O: the operation runs off the subscribing thread, may send
    /// any number of values, and the publisher finishes when the operation returns. Cancelling
    /// the subscription cancels the task (cooperatively) and drops anything sent afterwards.
    ///
    /// In a store, the task prefers the executor the store was given (`taskExecutor:`), if any:
    /// a ``TestScheduler`` runs it on virtual time, together with the scheduler's
    /// ``Scheduler/clock``. Executor preference needs macOS 15, iOS 18, tvOS 18, watchOS 11 or
    /// visionOS 2: on earlier systems, and subscribed to directly, the task runs on the global
    /// concurrent executor.
    ///
    /// It is usually made by ``Effect/run(priority:operation:)-9qce4``:
    ///
    /// ```swift
    /// Effect.run { send in
    ///     let scores = (try? await file.load()) ?? []   // none saved yet: an empty table
    ///     await send(.highScoresLoaded(scores))
    /// }
    /// ```
    public struct Run<Output: Sendable>: Publisher, CustomStringConvertible {
        /// The priority of the task, or nil to inherit none.
        public let priority: TaskPriority?

        /// The async work.
        public let operation: @Sendable (Send<Output>) async -> Void

        /// Makes the publisher; values handed to `send` are delivered in order.
        public init(
            priority: TaskPriority? = nil,
            operation: @escaping @Sendable (Send<Output>) async -> Void
        ) {
            self.priority = priority
            self.operation = operation
        }

        /// Starts the task and attaches `subscriber` to what it sends.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output {
            let subscription = RunSubscription(downstream: subscriber)
            subscriber.receive(subscription: subscription)
            let operation = operation
            let context = subscriber.effectContext
            let gate = context?.gate
            let work: @Sendable () async -> Void = {
                await operation(Send(gate: gate) { subscription.send($0) })
                subscription.finish()
            }
            if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *),
                let executor = context?.taskExecutor
            {
                // On a test scheduler the task is counted, so a test store can tell whether it
                // sleeps on virtual time or may still send without the clock moving.
                let counted = (executor as? TestScheduler)?.counting(work) ?? work
                subscription.attach(
                    Task(executorPreference: executor, priority: priority, operation: counted))
            } else {
                subscription.attach(Task(priority: priority, operation: work))
            }
        }

        /// `Run`: the work is opaque until it runs.
        public var description: String { "Run" }
    }
}

/// Hands values from async work to the subscriber of a ``Publishers/Run``.
///
/// It is async for back-pressure: inside a store whose queue is full, `send` suspends until the
/// queue has drained to half its bound (see the store's contract), so work that produces faster
/// than the store reduces waits instead of growing the queue.
public struct Send<Output: Sendable>: Sendable {
    private let deliver: @Sendable (Output) -> Void
    private let gate: SendGate?

    /// Makes a `Send` that calls `deliver` with each value.
    public init(_ deliver: @escaping @Sendable (Output) -> Void) {
        self.deliver = deliver
        gate = nil
    }

    init(gate: SendGate?, _ deliver: @escaping @Sendable (Output) -> Void) {
        self.deliver = deliver
        self.gate = gate
    }

    /// Sends `value` to the subscriber, unless the work was cancelled; first waits while the
    /// store's queue is full.
    ///
    /// Inside a store, the task suspends wherever a thread that dispatched would block, so that
    /// no thread of the cooperative pool is held while the store is busy.
    public func callAsFunction(_ value: Output) async {
        guard let gate else {
            deliver(value)
            return
        }
        if !gate.isOpen {
            await gate.waitUntilOpen()
        }
        await SendDelivery().run { deliver(value) }
    }
}

private final class RunSubscription<Downstream: Subscriber>: Subscription {
    private struct State {
        var downstream: Downstream?
        var task: Task<Void, Never>?
    }

    private let state: Lock<State>

    init(downstream: Downstream) {
        state = Lock(State(downstream: downstream))
    }

    func attach(_ task: Task<Void, Never>) {
        let alreadyCancelled = state.withLock { state -> Bool in
            guard state.downstream != nil else { return true }
            state.task = task
            return false
        }
        if alreadyCancelled { task.cancel() }
    }

    func send(_ value: Downstream.Input) {
        state.withLock { $0.downstream }?.receive(value)
    }

    func finish() {
        let downstream = state.withLock { state in
            defer { state = State() }
            return state.downstream
        }
        downstream?.receive(completion: .finished)
    }

    func cancel() {
        let task = state.withLock { state in
            defer { state = State() }
            return state.task
        }
        task?.cancel()
    }
}
