import Dispatch
import Effects
import Redux
import Testing

/// `store.send(_:)` and the `StoreTask` it returns: waiting for, and cancelling, all the work
/// one action starts, however many threads it runs on.
@Suite struct StoreTaskTests {
    struct Tally: Equatable, Sendable {
        var steps = 0
        var received: [Action] = []
    }

    enum Action: Equatable, Sendable {
        /// Starts `width` branches of work, each `depth` steps deep.
        case fanOut(width: Int, depth: Int)
        case step(depth: Int)
        case start
        case stop
        case tick
        case late
        case ping
        case pong
    }

    /// A middleware whose work spreads over several threads: each step hops to a Dispatch queue
    /// of its own, or to a task on the global executor, and sends the next.
    static func spreading(queues: [DispatchQueueScheduler]) -> Middleware<Tally, Action> {
        { _, action in
            switch action {
            case .fanOut(let width, let depth):
                return .merge(
                    (0..<width).map { branch in
                        Effect(
                            Just(Action.step(depth: depth)).receive(
                                on: queues[branch % queues.count]))
                    })
            case .step(let depth) where depth > 1:
                return depth.isMultiple(of: 2)
                    ? Effect(
                        Just(Action.step(depth: depth - 1)).receive(
                            on: queues[depth % queues.count]))
                    : .run { send in await send(.step(depth: depth - 1)) }
            default:
                return .none
            }
        }
    }

    static let reducer: MutatingReducer<Tally, Action> = { tally, action in
        switch action {
        case .step: tally.steps += 1
        case .fanOut: break
        default: tally.received.append(action)
        }
    }

    /// Sleeps an hour on the clock, then sends `late` whether or not it was cancelled.
    static func sleeping(on scheduler: TestScheduler, cancelled: EventLog<Bool>) -> Middleware<
        Tally, Action
    > {
        { _, action in
            switch action {
            case .start:
                return .merge(
                    .run { send in
                        try? await scheduler.clock.sleep(for: .seconds(3600))
                        cancelled.append(Task.isCancelled)
                        await send(.late)
                    },
                    Effect.just(.tick).delay(for: .seconds(1), scheduler: scheduler)
                )
            case .ping:
                return .just(.pong)
            default:
                return .none
            }
        }
    }

    @Test("finish() returns at once when the action's effects were all synchronous")
    func synchronousWork() async {
        let store = Store(
            initial: Tally(),
            mutatingReducer: Self.reducer,
            middlewares: [{ _, action in action == .ping ? .just(.pong) : .none }]
        )
        let task = store.send(.ping)
        #expect(task.isOver)
        await task.finish()
        #expect(store.state.received == [.ping, .pong])
        #expect(!task.isCancelled)
    }

    @Test(
        "finish() waits for every effect the action started, and those of the actions they sent, on several threads",
        .timeLimit(.minutes(1)))
    func waitsForEverythingOnSeveralThreads() async {
        let queues = (0..<3).map {
            DispatchQueueScheduler(queue: DispatchQueue(label: "StoreTaskTests.\($0)"))
        }
        for _ in 0..<50 {
            let store = Store(
                initial: Tally(), mutatingReducer: Self.reducer,
                middlewares: [Self.spreading(queues: queues)])
            await store.send(.fanOut(width: 4, depth: 6)).finish()
            #expect(
                store.state.steps == 24,
                "every step of every branch is reduced before finish returns")
            #expect(store.runningEffectCount == 0)
            #expect(
                store.effectContext.idCount == 0, "a finished task leaves nothing in the id table")
        }
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @Test("finish() does not wait for work the task did not start")
    func onlyItsOwnWork() async {
        let scheduler = TestScheduler()
        let cancelled = EventLog<Bool>()
        let store = Store(
            initial: Tally(),
            mutatingReducer: Self.reducer,
            middlewares: [Self.sleeping(on: scheduler, cancelled: cancelled)],
            taskExecutor: .preferring(scheduler)
        )
        store.dispatch(.start)
        scheduler.runReadyTasks()
        await store.send(.ping).finish()
        #expect(store.runningEffectCount == 2, "the other action's effects still run")
        #expect(store.state.received == [.start, .ping, .pong])
    }

    @Test(
        "a task's effects ended by .cancel(id:) count as ended: finish() returns, the task was not cancelled"
    )
    func effectsCancelledByID() async {
        let scheduler = TestScheduler()
        let store = Store<Tally, Action>(
            initial: Tally(),
            mutatingReducer: Self.reducer,
            middlewares: [
                { _, action in
                    switch action {
                    case .start:
                        Effect.just(.tick).delay(for: .seconds(1), scheduler: scheduler)
                            .cancellable(id: "timer")
                    case .stop: .cancel(id: "timer")
                    default: .none
                    }
                }
            ]
        )
        let task = store.send(.start)
        #expect(!task.isOver)
        store.dispatch(.stop)
        await task.finish()
        #expect(task.isOver && !task.isCancelled)
        #expect(store.effectContext.idCount == 0)
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @Test(
        "cancel() cancels the task's effects, Effect.run's task included, and drops what they send afterwards"
    )
    func cancelStopsEverything() async {
        let scheduler = TestScheduler()
        let cancelled = EventLog<Bool>()
        let store = Store(
            initial: Tally(),
            mutatingReducer: Self.reducer,
            middlewares: [Self.sleeping(on: scheduler, cancelled: cancelled)],
            taskExecutor: .preferring(scheduler)
        )
        let task = store.send(.start)
        scheduler.runReadyTasks()
        #expect(store.runningEffectCount == 2)

        task.cancel()
        #expect(task.isCancelled && task.isOver)
        #expect(store.runningEffectCount == 0)
        await task.finish()
        scheduler.advance(by: .seconds(3600))
        #expect(cancelled.entries == [true], "the sleep ended with the task's cancellation")
        #expect(
            store.state.received == [.start], "neither the delayed tick nor the late send arrives")
        #expect(scheduler.pendingWorkCount == 0)
        #expect(store.effectContext.idCount == 0)
        task.cancel()   // a second time does nothing
    }

    @Test(
        "cancel() drops the task's actions still waiting in the queue behind another thread's drain",
        .timeLimit(.minutes(1)))
    func cancelDropsQueuedActions() async {
        let (entered, enter) = AsyncStream<Void>.makeStream()
        let release = DispatchSemaphore(value: 0)
        let store = Store<Tally, Action>(
            initial: Tally(),
            mutatingReducer: Self.reducer,
            middlewares: [
                { _, action in
                    if action == .stop {
                        enter.finish()
                        release.wait()
                    }
                    return action == .ping ? .just(.pong) : .none
                }
            ]
        )
        let drained = onAnotherThread { store.dispatch(.stop) }
        for await _ in entered {}
        let task = store.send(.ping)
        #expect(!task.isOver, "queued behind the drainer")
        task.cancel()
        release.signal()
        await drained.value
        await task.finish()
        #expect(store.state.received == [.stop])
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @Test("cancelling the task that awaits finish() cancels the work")
    func cancellingTheWaiter() async {
        let scheduler = TestScheduler()
        let cancelled = EventLog<Bool>()
        let store = Store(
            initial: Tally(),
            mutatingReducer: Self.reducer,
            middlewares: [Self.sleeping(on: scheduler, cancelled: cancelled)],
            taskExecutor: .preferring(scheduler)
        )
        let task = store.send(.start)
        let waiter = Task { await task.finish() }
        waiter.cancel()
        await waiter.value
        #expect(task.isCancelled)
        #expect(store.runningEffectCount == 0)
        scheduler.runReadyTasks()
        #expect(scheduler.pendingWorkCount == 0)
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @Test("releasing the store cancels its tasks: finish() returns")
    func releasingTheStore() async {
        let scheduler = TestScheduler()
        let cancelled = EventLog<Bool>()
        var store: Store<Tally, Action>? = Store(
            initial: Tally(),
            mutatingReducer: Self.reducer,
            middlewares: [Self.sleeping(on: scheduler, cancelled: cancelled)],
            taskExecutor: .preferring(scheduler)
        )
        let task = store!.send(.start)
        scheduler.runReadyTasks()
        store = nil
        await task.finish()
        #expect(task.isCancelled)
        scheduler.runReadyTasks()
        #expect(cancelled.entries == [true])
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test("send goes through the pipeline like dispatch, in FIFO order with it")
    func sendIsDispatch() {
        let log = EventLog<String>()
        let store = Store<Tally, Action>(
            initial: Tally(),
            mutatingReducer: Self.reducer,
            interceptors: [.logging(to: { log.append(String($0.prefix { $0 != "\n" })) })],
            middlewares: [{ _, action in action == .ping ? .just(.pong) : .none }]
        )
        store.dispatch(.start)
        store.send(.ping)
        store.dispatch(.stop)
        #expect(store.state.received == [.start, .ping, .pong, .stop])
        #expect(log.entries == ["action start", "action ping", "action pong", "action stop"])
    }

    @Test("tasks are equal when they stand for the same send")
    func identity() {
        let store = Store<Tally, Action>(initial: Tally(), mutatingReducer: Self.reducer)
        let first = store.send(.ping), second = store.send(.ping)
        #expect(first == first)
        #expect(first != second)
        #expect(Set([first, first, second]).count == 2)
    }
}
