import Dispatch
import Effects
import Redux
import Testing

/// `await store.enqueue(action)`: a dispatch from async code that suspends where `dispatch` would
/// block its thread, and keeps every other promise of the store's contract. `Effect.run`'s
/// `send` goes the same way.
///
/// The cooperative pool has as many threads as cores (two on the machines these tests run on),
/// so a test that blocked its tasks' threads would stop every other task of the suite; the
/// blocking here is done on threads the tests make (`spawn`), never on the pool.
@Suite struct StoreEnqueueTests {
    /// Every sender's actions, counted, with whether each came in its sender's order.
    struct Ledger: Equatable, Sendable {
        var count = 0
        var outOfOrder = 0
        var last: [Int: Int] = [:]
        var steps = 0
    }

    enum Entry: Equatable, Sendable {
        /// The `sequence`th action of `sender`.
        case tick(sender: Int, sequence: Int)
        /// A step of the drainer's own work: the middleware answers with the next, up to
        /// ``StoreEnqueueTests/holdingStep``, where it holds the drainer.
        case step(Int)
        /// The drainer holds here, when a test asks it to.
        case hold
    }

    /// Where the drainer holds: after this many steps, its turn (capacity 4) is over.
    static let holdingStep = 5

    static let reducer: MutatingReducer<Ledger, Entry> = { ledger, entry in
        switch entry {
        case .tick(let sender, let sequence):
            ledger.count += 1
            if sequence != (ledger.last[sender] ?? -1) + 1 { ledger.outOfOrder += 1 }
            ledger.last[sender] = sequence
        case .step:
            ledger.steps += 1
        case .hold:
            break
        }
    }

    /// Holds the thread that processes `.hold`, or the last step, until `release` is signalled,
    /// having signalled `entered`.
    static func holding(
        entered: DispatchSemaphore, release: DispatchSemaphore
    ) -> AnyMiddleware<Ledger, Entry> {
        AnyMiddleware { _, entry in
            switch entry {
            case .step(let step) where step < holdingStep:
                return .just(.step(step + 1))
            case .hold, .step:
                entered.signal()
                release.wait()
                return .none
            case .tick:
                return .none
            }
        }
    }

    static func store(
        capacity: Int = 4, home: StoreHome? = nil, middlewares: [AnyMiddleware<Ledger, Entry>]
    ) -> Store<Ledger, Entry> {
        Store(
            initial: Ledger(), mutatingReducer: reducer, interceptors: [],
            middlewares: middlewares, home: home, queueCapacity: capacity,
            taskExecutor: .globalConcurrent)
    }

    @Test("enqueue on an idle store processes the action before it returns, as dispatch does")
    func idleStoreProcessesAtOnce() async {
        let store = Self.store(middlewares: [])
        await store.enqueue(.tick(sender: 0, sequence: 0))
        #expect(store.state.count == 1)
        #expect(store.isIdle)
    }

    @Test("the example: a task enqueues what an async sequence yields, in order")
    func example() async {
        let store = Store.counter()
        let log = EventLog<Int>()
        let token = store.subscribe { log.append($0.count) }
        let (amounts, continuation) = AsyncStream<Int>.makeStream()
        let producer = Task {
            for await amount in amounts {
                await store.enqueue(.add(amount))   // suspends while the store is busy
            }
        }
        for amount in 1...5 {
            continuation.yield(amount)
        }
        continuation.finish()
        await producer.value
        #expect(log.entries == [0, 1, 3, 6, 10, 15])
        token.cancel()
    }

    @Test(
        "tasks that enqueue while threads dispatch: every action applied once, each sender's in its order",
        .timeLimit(.minutes(1)))
    func fifoWithoutLoss() async {
        let store = Self.store(capacity: 8, middlewares: [])
        let tasks = 6
        let threads = 2
        let perSender = 2_000
        await withTaskGroup(of: Void.self) { group in
            for sender in 0..<tasks {
                group.addTask {
                    for sequence in 0..<perSender {
                        await store.enqueue(.tick(sender: sender, sequence: sequence))
                    }
                }
            }
            group.addTask {
                // Threads of their own: a thread's dispatch may block.
                await onThreads(threads) { thread in
                    for sequence in 0..<perSender {
                        store.dispatch(.tick(sender: tasks + thread, sequence: sequence))
                    }
                }
            }
        }
        await store.idle()
        let ledger = store.state
        #expect(ledger.count == (tasks + threads) * perSender)
        #expect(ledger.outOfOrder == 0)
        #expect(ledger.last.count == tasks + threads)
        #expect(ledger.last.values.allSatisfy { $0 == perSender - 1 })
        #expect(store.longestQueue <= 8 + 1, "past the bound by the drainer's own dispatch at most")
    }

    @Test(
        "the starvation scenario: more tasks than pool threads enqueue into a full queue, and the drainer needs a pool thread to go on",
        .timeLimit(.minutes(1)))
    func fullQueueDoesNotStarveThePool() async {
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let store = Self.store(middlewares: [Self.holding(entered: entered, release: release)])
        // The drainer: a thread of its own, held in `.hold`'s middleware.
        spawn { store.dispatch(.hold) }
        #expect(await wait(for: entered))
        // The queue fills up behind it (queued: nobody waits yet).
        for sequence in 0..<4 {
            store.dispatch(.tick(sender: 0, sequence: sequence))
        }
        #expect(store.queuedCount == 4)
        // Eight tasks, more than the pool has threads, enqueue into the full queue. Each must wait
        // for the drainer's turn to end. Were they threads blocked in `dispatch`, they would hold
        // every thread of the pool, and the task below, which the drainer waits for, could never
        // run: a deadlock. Suspended, they hold none.
        let senders = 8
        let perSender = 20
        let producers = Task {
            await withTaskGroup(of: Void.self) { group in
                for sender in 1...senders {
                    group.addTask {
                        for sequence in 0..<perSender {
                            await store.enqueue(.tick(sender: sender, sequence: sequence))
                        }
                    }
                }
            }
        }
        #expect(await eventually { store.waiterCount == senders })
        // The drainer goes on only once a task on the pool lets it.
        Task { release.signal() }
        await producers.value
        await store.idle()
        let ledger = store.state
        #expect(ledger.count == 4 + senders * perSender)
        #expect(ledger.outOfOrder == 0)
        #expect(store.waiterCount == 0)
    }

    @Test(
        "Effect.run's send suspends, rather than blocking its thread, when the drainer's turn is over; values an operator fans out of one send keep their order",
        .timeLimit(.minutes(1)), arguments: [false, true])
    func runSendSuspendsAsSuccessor(fannedOut: Bool) async {
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let store = Self.store(middlewares: [Self.holding(entered: entered, release: release)])
        let (go, start) = AsyncStream<Void>.makeStream()
        let senders = 8
        let perSender = 20
        // Started now, they wait for `go` before they send. Fanned out, each send becomes two
        // actions: the second must follow the first, which waits, rather than pass it.
        let effects = (1...senders).map { sender in
            let sends = fannedOut ? perSender / 2 : perSender
            let run = Publishers.Run<Int> { send in
                for await _ in go {}
                for value in 0..<sends {
                    await send(value)
                }
            }
            let ticks =
                fannedOut
                ? Effect(run.flatMap { [2 * $0, 2 * $0 + 1].publisher })
                : Effect(run)
            return store.run(ticks.map { .tick(sender: sender, sequence: $0) })
        }
        // The drainer, on a thread of its own, does five steps of its own work (its turn, four
        // items, is over) and holds in the last, with the queue empty: the gate is open, so each
        // `send` goes through it, and must then wait to take over.
        spawn { store.dispatch(.step(0)) }
        #expect(await wait(for: entered))
        start.finish()
        // Blocked in `dispatch`, the senders would hold every thread of the pool, and the task
        // that lets the drainer go could never run.
        #expect(await eventually { store.waiterCount == senders })
        Task { release.signal() }
        for effect in effects {
            await effect.finish()
        }
        await store.idle()
        let ledger = store.state
        #expect(ledger.steps == Self.holdingStep + 1)
        #expect(ledger.count == senders * perSender)
        #expect(ledger.outOfOrder == 0)
    }

    @Test(
        "with a home, tasks that find the queue full suspend until it has drained to half",
        .timeLimit(.minutes(1)))
    func homeRoomWaiters() async {
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let home = DispatchQueueScheduler(queue: DispatchQueue(label: "StoreEnqueueTests.home"))
        let store = Self.store(
            home: .scheduler(home), middlewares: [Self.holding(entered: entered, release: release)])
        // The home is held in `.hold`'s middleware (on its queue's thread, not the pool's).
        store.dispatch(.hold)
        #expect(await wait(for: entered))
        for sequence in 0..<4 {
            store.dispatch(.tick(sender: 0, sequence: sequence))
        }
        let senders = 8
        let producers = Task {
            await withTaskGroup(of: Void.self) { group in
                for sender in 1...senders {
                    group.addTask {
                        for sequence in 0..<10 {
                            await store.enqueue(.tick(sender: sender, sequence: sequence))
                        }
                    }
                }
            }
        }
        #expect(await eventually { store.waiterCount == senders })
        Task { release.signal() }
        await producers.value
        await store.idle()
        #expect(store.state.count == 4 + senders * 10)
        #expect(store.state.outOfOrder == 0)
        #expect(store.longestQueue <= 4 + 1, "a waiter woken arrives again: the bound holds")
    }

    @Test(
        "shutting the store down lets the suspended tasks go, their actions dropped",
        .timeLimit(.minutes(1)))
    func shutDownResumes() async {
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let store = Self.store(middlewares: [Self.holding(entered: entered, release: release)])
        spawn { store.dispatch(.hold) }
        #expect(await wait(for: entered))
        for sequence in 0..<4 {
            store.dispatch(.tick(sender: 0, sequence: sequence))
        }
        let senders = 3
        let producers = Task {
            await withTaskGroup(of: Void.self) { group in
                for sender in 1...senders {
                    group.addTask { await store.enqueue(.tick(sender: sender, sequence: 0)) }
                }
            }
        }
        #expect(await eventually { store.waiterCount == senders })
        store.shutDown()
        await producers.value
        #expect(store.waiterCount == 0)
        release.signal()
        await store.idle()
        #expect(store.state.count == 0, "the queued actions and the waiters' were all dropped")
        await store.enqueue(.tick(sender: 9, sequence: 0))
        #expect(store.state.count == 0, "an action enqueued after shutting down is dropped")
    }
}
