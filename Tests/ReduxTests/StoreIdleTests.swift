import Dispatch
import Effects
import Redux
import ConcurrencyTestSupport
import Testing

/// `await store.idle()`: returns once no action waits or is being processed and no effect runs,
/// resumed by whichever thread finishes the work, without polling.
@Suite struct StoreIdleTests {
    typealias Tally = StoreTaskTests.Tally
    typealias Action = StoreTaskTests.Action

    @Test("idle() returns at once when the store has nothing to do")
    func idleAlready() async {
        let store = Store<Tally, Action>(initial: Tally(), mutatingReducer: StoreTaskTests.reducer)
        await store.idle()
        store.dispatch(.ping)
        await store.idle()
        #expect(store.state.received == [.ping])
    }

    @Test(
        "idle() waits for effects on several threads, and for the actions they send, down to the last",
        .timeLimit(.minutes(1)))
    func waitsForEffectsOnSeveralThreads() async {
        let queues = (0..<3).map {
            DispatchQueueScheduler(queue: DispatchQueue(label: "StoreIdleTests.\($0)"))
        }
        for _ in 0..<50 {
            let store = Store(
                initial: Tally(),
                mutatingReducer: StoreTaskTests.reducer,
                middlewares: [StoreTaskTests.spreading(queues: queues)]
            )
            // From the test's task: `enqueue`, which suspends where a thread's `dispatch` would
            // block (the queues' threads drain too, and may be mid-turn).
            await store.enqueue(.fanOut(width: 3, depth: 5))
            await store.enqueue(.fanOut(width: 2, depth: 4))
            await store.idle()
            #expect(store.state.steps == 23)
            #expect(store.runningEffectCount == 0)
        }
    }

    @Test(
        "idle() waits for the thread that drains the queue to finish, observers included",
        .timeLimit(.minutes(1)))
    func waitsForTheDrainer() async {
        let (entered, enter) = AsyncStream<Void>.makeStream()
        let release = DispatchSemaphore(value: 0)
        let observed = TestAtomic(false)
        let store = Store<Tally, Action>(initial: Tally(), mutatingReducer: StoreTaskTests.reducer)
        let token = store.subscribe { tally in
            guard tally.received == [.stop] else { return }
            enter.finish()
            release.wait()
            observed.store(true, ordering: .releasing)
        }
        // The drainer blocks in its observer: a thread of its own, never one of the pool's.
        let drained = onAnotherThread { store.dispatch(.stop) }
        for await _ in entered {}
        // The drainer is inside the observer: the store is not idle until it comes out.
        let waiter = Task { () -> Bool in
            await store.idle()
            return observed.load(ordering: .acquiring)
        }
        release.signal()
        #expect(await waiter.value, "idle() returned only after the observer had run")
        await drained.value
        token.cancel()
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @Test(
        "on a TestScheduler, idle() returns once the test has moved the clock past the last effect")
    func virtualTime() async {
        let scheduler = TestScheduler()
        let cancelled = EventLog<Bool>()
        let store = Store(
            initial: Tally(),
            mutatingReducer: StoreTaskTests.reducer,
            middlewares: [StoreTaskTests.sleeping(on: scheduler, cancelled: cancelled)],
            taskExecutor: .preferring(scheduler)
        )
        store.dispatch(.start)
        scheduler.runReadyTasks()
        let waiter = Task { await store.idle() }
        scheduler.advance(by: .seconds(3600))
        await waiter.value
        #expect(store.runningEffectCount == 0)
        #expect(store.state.received == [.start, .tick, .late])
        #expect(cancelled.entries == [false])
    }

    @Test("a waiter whose task is cancelled returns, and is not resumed again later")
    func cancelledWaiter() async {
        let scheduler = TestScheduler()
        let store = Store<Tally, Action>(
            initial: Tally(),
            mutatingReducer: StoreTaskTests.reducer,
            middlewares: [
                { _, action in
                    action == .start
                        ? Effect.just(.tick).delay(for: .seconds(1), scheduler: scheduler) : .none
                }
            ]
        )
        store.dispatch(.start)
        let waiter = Task { await store.idle() }
        waiter.cancel()
        await waiter.value
        #expect(store.runningEffectCount == 1, "it returned although the store was busy")
        scheduler.advance(by: .seconds(1))   // would resume it a second time, were it kept
        await store.idle()
        #expect(store.state.received == [.start, .tick])
    }

    @Test("many waiters, from several tasks, are all resumed by the one thread that ends the work")
    func manyWaiters() async {
        let scheduler = TestScheduler()
        let store = Store<Tally, Action>(
            initial: Tally(),
            mutatingReducer: StoreTaskTests.reducer,
            middlewares: [
                { _, action in
                    action == .start
                        ? Effect.just(.tick).delay(for: .seconds(1), scheduler: scheduler) : .none
                }
            ]
        )
        store.dispatch(.start)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<50 {
                group.addTask { await store.idle() }
            }
            group.addTask { scheduler.advance(by: .seconds(1)) }
            await group.waitForAll()
        }
        #expect(store.state.received == [.start, .tick])
    }
}
