import Dispatch
import Effects
import Redux
import ConcurrencyTestSupport
import Testing

/// The store's contract with a home: every reduce, interceptor, middleware and observer call
/// runs on the home; a dispatch from anywhere else queues and returns; the home drains one turn
/// at a time; the queue bound holds.
@Suite(.serialized) struct StoreHomeTests {
    /// A serial queue that can tell whether the calling code runs on it.
    struct Home: Sendable {
        let queue: DispatchQueue
        let scheduler: DispatchQueueScheduler
        private let key = DispatchSpecificKey<Bool>()

        init(label: String = "StoreHomeTests.home") {
            queue = DispatchQueue(label: label)
            queue.setSpecific(key: key, value: true)
            scheduler = DispatchQueueScheduler(queue: queue)
        }

        var isCurrent: Bool {
            DispatchQueue.getSpecific(key: key) == true
        }
    }

    @Test(
        "every reduce, interceptor, middleware and observer call runs on the home, whichever thread dispatches"
    )
    func everythingRunsOnTheHome() async {
        let home = Home()
        let threads = 4
        let perThread = 5_000
        let offHome = TestAtomic(0)
        let check: @Sendable () -> Void = {
            if !home.isCurrent { offHome.add(1, ordering: .relaxed) }
        }
        let store = Store<Counter, CounterAction>(
            initial: Counter(),
            mutatingReducer: { state, action in
                check()
                counterMutatingReducer(&state, action)
            },
            interceptors: [
                Interceptor { action, _, next in
                    check(); next(action)
                }
            ],
            middlewares: [
                AnyMiddleware { _, _ in
                    check(); return .none
                }
            ],
            on: .scheduler(home.scheduler)
        )
        let reached = DispatchSemaphore(value: 0)
        let token = store.subscribe { state in
            check()
            if state.count == threads * perThread { reached.signal() }
        }

        await onThreads(threads) { _ in
            for _ in 0..<perThread {
                store.dispatch(.increment)
            }
        }

        #expect(await wait(for: reached))
        #expect(offHome.load(ordering: .relaxed) == 0)
        token.cancel()
    }

    @Test(
        "a dispatch from another thread queues the action and returns: nothing is reduced until the home runs"
    )
    func dispatchNeverReducesOffTheHome() async {
        let scheduler = TestScheduler()
        let reduced = EventLog<CounterAction>()
        let store = Store(
            initial: Counter(),
            mutatingReducer: counterMutatingReducer,
            middlewares: [
                AnyMiddleware { _, action in
                    reduced.append(action); return .none
                }
            ],
            on: .scheduler(scheduler)
        )

        store.dispatch(.increment)
        store.dispatch(.add(5))

        #expect(store.state.count == 0)
        #expect(reduced.entries.isEmpty)
        #expect(
            scheduler.pendingWorkCount == 1, "one piece of work on the home drains the whole batch")

        scheduler.advance()

        #expect(store.state.count == 6)
        #expect(reduced.entries == [.increment, .add(5)])
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test(
        "each action the home drains reaches the middlewares and observers with the state it made, in turn"
    )
    func drainedActionsAreSeenWithTheirOwnState() async {
        let scheduler = TestScheduler()
        let seenByMiddleware = EventLog<String>()
        let store = Store(
            initial: Counter(),
            mutatingReducer: counterMutatingReducer,
            middlewares: [
                AnyMiddleware { state, action in
                    seenByMiddleware.append("\(action) -> \(state.count)"); return .none
                }
            ],
            on: .scheduler(scheduler)
        )
        let seenByObserver = EventLog<Int>()
        let token = store.subscribe { seenByObserver.append($0.count) }

        store.dispatch(.increment)
        store.dispatch(.add(5))
        store.dispatch(.add(10))
        scheduler.advance()

        #expect(seenByMiddleware.entries == ["increment -> 1", "add(5) -> 6", "add(10) -> 16"])
        #expect(seenByObserver.entries == [0, 1, 6, 16])
        #expect(scheduler.pendingWorkCount == 0)
        token.cancel()
    }

    @Test(
        "an observer subscribed from another thread gets its first call on the home, before the next action"
    )
    func subscribeIsWelcomedOnTheHome() async {
        let scheduler = TestScheduler()
        let store = Store(
            initial: Counter(), mutatingReducer: counterMutatingReducer, on: .scheduler(scheduler))
        let seen = EventLog<Int>()

        let token = store.subscribe { seen.append($0.count) }
        store.dispatch(.increment)
        #expect(seen.entries.isEmpty)

        scheduler.advance()
        #expect(seen.entries == [0, 1])
        token.cancel()
    }

    @Test(
        "a dispatch made on the home while the store is idle is processed before dispatch returns")
    func dispatchOnTheHomeIsSynchronous() async {
        let home = Home()
        let store = Store(
            initial: Counter(), mutatingReducer: counterMutatingReducer,
            on: .scheduler(home.scheduler))

        let count = home.queue.sync {
            store.dispatch(.increment)
            return store.state.count
        }

        #expect(count == 1)
    }

    @Test("the home drains one turn, then lets its other work run before the next turn")
    func homeYieldsBetweenTurns() async {
        let scheduler = TestScheduler()
        let log = EventLog<String>()
        let store = Store.counter(
            capacity: 4,
            on: .scheduler(scheduler),
            middlewares: [
                AnyMiddleware { state, _ in
                    log.append("reduced → \(state.count)"); return .none
                }
            ]
        )

        for _ in 0..<10 {
            store.dispatch(.increment)
        }
        scheduler.schedule { log.append("other work") }
        scheduler.advance()

        #expect(
            log.entries == [
                "reduced → 1", "reduced → 2", "reduced → 3", "reduced → 4",
                "other work",
                "reduced → 5", "reduced → 6", "reduced → 7", "reduced → 8",
                "reduced → 9", "reduced → 10",
            ])
    }

    @Test(
        "a thread that finds the queue full waits until the home has drained it to half; the bound holds"
    )
    func fullQueueMakesOtherThreadsWait() async {
        let home = Home()
        let store = Store.counter(capacity: 4, on: .scheduler(home.scheduler))
        home.queue.suspend()

        for _ in 0..<4 {
            store.dispatch(.increment)
        }
        #expect(store.queuedCount == 4)
        let fifthReturned = DispatchSemaphore(value: 0)
        spawn {
            store.dispatch(.increment)
            fifthReturned.signal()
        }
        // The fifth cannot be queued while the home is held: four actions are all the queue takes.
        #expect(fifthReturned.wait(timeout: .now()) == .timedOut)
        home.queue.resume()

        #expect(await wait(for: fifthReturned))
        #expect(await eventually { store.state.count == 5 })
        #expect(store.longestQueue == 4)
    }

    @Test(
        "Effect.run's send suspends while the queue is full, and goes on once the home has drained it"
    )
    func asyncSendSuspendsWhileFull() async {
        let home = Home()
        let store = Store.counter(capacity: 4, on: .scheduler(home.scheduler))
        home.queue.suspend()
        for _ in 0..<4 {
            store.dispatch(.increment)
        }

        store.run(
            .run { send in
                for amount in 1...6 {
                    await send(.add(amount))
                }
            })

        #expect(await eventually { store.effectContext.gate.waitingCount == 1 })
        #expect(store.queuedCount == 4)
        home.queue.resume()

        #expect(await eventually { store.state.count == 4 + 21 })
        #expect(store.longestQueue == 4)
        #expect(store.effectContext.gate.waitingCount == 0)
    }

    @Test(
        "the queue never holds more than its bound, with four threads and async effects sending to the home at once"
    )
    func boundUnderStress() async {
        let home = Home()
        let threads = 4
        let perThread = 10_000
        let tasks = 4
        let perTask = 5_000
        let total = threads * perThread + tasks * perTask
        let store = Store.counter(capacity: 16, on: .scheduler(home.scheduler))
        let reached = DispatchSemaphore(value: 0)
        let token = store.subscribe { state in
            if state.count == total { reached.signal() }
        }

        for _ in 0..<tasks {
            store.run(
                .run { send in
                    for _ in 0..<perTask { await send(.increment) }
                })
        }
        await onThreads(threads) { _ in
            for _ in 0..<perThread {
                store.dispatch(.increment)
            }
        }

        #expect(await wait(for: reached))
        #expect(store.longestQueue <= 16)
        #expect(store.longestQueue == 16, "the test never filled the queue, so it proves nothing")
        token.cancel()
    }

    @Test(
        "every store at home on the main actor processes a dispatch made there before it returns, however many there are"
    )
    func severalMainActorHomes() async {
        let counts = await MainActor.run {
            // On Linux, each `DispatchQueue.main` is a new wrapper of one queue: every home on it
            // must still tell that code runs there, not only the last one made.
            let stores = (0..<3).map { _ in
                Store(initial: Counter(), mutatingReducer: counterMutatingReducer, on: .mainActor)
            }
            return stores.map { store in
                store.dispatch(.increment)
                return store.state.count
            }
        }
        #expect(counts == [1, 1, 1])
    }

    @Test(
        "the store's work on a main-actor home runs on the main actor, whichever thread dispatches")
    func mainActorHome() async {
        let store = Store(
            initial: Counter(), mutatingReducer: counterMutatingReducer, on: .mainActor)
        let onMain = EventLog<Bool>()
        let reached = DispatchSemaphore(value: 0)
        let token = store.subscribe { state in
            onMain.append(isOnMainActor())
            if state.count == 3 { reached.signal() }
        }

        await onThreads(3) { _ in store.dispatch(.increment) }

        #expect(await wait(for: reached))
        #expect(!onMain.entries.isEmpty)
        #expect(onMain.entries.allSatisfy { $0 })
        token.cancel()
    }
}
