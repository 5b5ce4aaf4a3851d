import Dispatch
import Effects
import Redux
import ConcurrencyTestSupport
import Testing

/// The store's contract, rules 5 and 6, without a home: nobody is trapped draining other
/// threads' work, and the queue never grows past its bound.
///
/// The stores here have a queue of 16 items, so that the queue fills and the drainer's turn ends
/// thousands of times per test. One test at a time: each keeps threads busy on purpose.
@Suite(.serialized) struct StoreDrainingTests {
    /// Arithmetic the optimizer cannot skip, as long as a middleware may take.
    static func spin() -> Int {
        var value = 0
        for index in 0..<400 {
            value = value &* 31 &+ index
        }
        return value
    }

    static let capacity = 16

    /// Counts how many actions one chosen thread reduced, through a middleware (middlewares run on
    /// the thread that drains).
    final class WorkCounter: Sendable {
        private let watched = TestAtomic<UInt>(0)
        private let tally = TestAtomic(0)

        init() {}

        /// Counts, and takes a moment (a microsecond or so of arithmetic) over each action, so that
        /// a thread that only dispatches outpaces whoever reduces: the situation that used to trap
        /// a drainer for good.
        var middleware: AnyMiddleware<Counter, CounterAction> {
            AnyMiddleware { _, _ in
                if currentThread() == self.watched.load(ordering: .acquiring) {
                    self.tally.add(1, ordering: .relaxed)
                }
                self.burn.store(StoreDrainingTests.spin(), ordering: .relaxed)
                return .none
            }
        }

        private let burn = TestAtomic(0)

        /// Starts counting the calling thread's work from zero.
        func watchThisThread() {
            tally.store(0, ordering: .relaxed)
            watched.store(currentThread(), ordering: .releasing)
        }

        /// What the watched thread reduced since ``watchThisThread()``.
        var count: Int {
            tally.load(ordering: .relaxed)
        }
    }

    @Test(
        "subscribing while another thread dispatches in a loop returns, 1,000 times, each time after one turn and one queue of the other thread's work at most"
    )
    func subscribeWhileAnotherThreadDispatches() async {
        let work = WorkCounter()
        let store = Store.counter(capacity: Self.capacity, middlewares: [work.middleware])
        let pause = Pause()
        let producer = BusyThread {
            pause.checkpoint()
            store.dispatch(.increment)
        }
        let most = TestAtomic(0)
        let rounds = TestAtomic(0)

        let returned = await returnsInTime {
            work.watchThisThread()
            for _ in 0..<1000 {
                // The worst case each time: the store is idle, so this thread becomes the drainer,
                // and the producer fills the queue behind it while it welcomes its observer.
                guard pause.hold() else { return }
                let before = work.count
                let isFirstCall = TestAtomic(true)
                let token = store.subscribe { _ in
                    guard isFirstCall.exchange(false, ordering: .relaxed) else { return }
                    pause.release()
                    _ = eventually { store.queuedCount == Self.capacity }
                }
                most.max(work.count - before, ordering: .relaxed)
                rounds.add(1, ordering: .relaxed)
                token.cancel()
            }
        }

        #expect(producer.stop())
        #expect(returned)
        #expect(rounds.load(ordering: .relaxed) == 1000)
        // One turn (16 items), then at most what was queued when it ended (16 more).
        #expect(most.load(ordering: .relaxed) <= 2 * Self.capacity)
        #expect(
            most.load(ordering: .relaxed) >= Self.capacity,
            "the subscriber never drained, so the test proves nothing")
        #expect(store.longestQueue <= Self.capacity)
    }

    @Test(
        "dispatching once while another thread dispatches in a loop returns, 1,000 times, each time after one turn and one queue of its work at most"
    )
    func dispatchWhileAnotherThreadDispatches() async {
        let work = WorkCounter()
        let pause = Pause()
        let reference = StoreReference<Counter, CounterAction>()
        // The middleware for `ping` (on the thread that dispatched it, the drainer) lets the
        // producer fill the queue behind it.
        let fillBehind = AnyMiddleware<Counter, CounterAction> { _, action in
            if action == .ping {
                pause.release()
                _ = eventually { reference.store?.queuedCount == Self.capacity }
            }
            return .none
        }
        let store = Store.counter(
            capacity: Self.capacity, middlewares: [fillBehind, work.middleware])
        reference.refer(to: store)
        let producer = BusyThread {
            pause.checkpoint()
            store.dispatch(.increment)
        }
        let most = TestAtomic(0)
        let rounds = TestAtomic(0)

        let returned = await returnsInTime {
            work.watchThisThread()
            for _ in 0..<1000 {
                guard pause.hold() else { return }
                let before = work.count
                store.dispatch(.ping)
                most.max(work.count - before, ordering: .relaxed)
                rounds.add(1, ordering: .relaxed)
            }
        }

        #expect(producer.stop())
        #expect(returned)
        #expect(rounds.load(ordering: .relaxed) == 1000)
        // Its own action, one turn, then at most what was queued when the turn ended.
        #expect(most.load(ordering: .relaxed) <= 2 * Self.capacity + 1)
        #expect(
            most.load(ordering: .relaxed) > Self.capacity,
            "the dispatcher never drained, so the test proves nothing")
        #expect(store.longestQueue <= Self.capacity)
    }

    @Test(
        "a producer that outpaces the reducer reduces its own actions; the thread it found draining leaves after one turn"
    )
    func producerPaysForItsOwnActions() async {
        let perProducer = 50_000
        let first = WorkCounter()
        let second = WorkCounter()
        let holding = DispatchSemaphore(value: 0)
        let queueFilled = DispatchSemaphore(value: 0)
        let firstLeft = DispatchSemaphore(value: 0)
        // The first action's middleware holds the first thread until the producer has filled the
        // queue behind it: from then on, the producer outpaces whoever drains.
        let hold = AnyMiddleware<Counter, CounterAction> { _, action in
            if action == .ping {
                holding.signal()
                queueFilled.wait()
            }
            return .none
        }
        let store = Store.counter(
            capacity: Self.capacity, middlewares: [hold, first.middleware, second.middleware])

        spawn {
            first.watchThisThread()
            store.dispatch(.ping)
            firstLeft.signal()
        }
        // The producer starts once the first thread drains: had it started first, it would
        // drain, and take the ping (and its hold) on its own thread.
        #expect(await wait(for: holding))
        spawn {
            if eventually({ store.longestQueue == Self.capacity }) { queueFilled.signal() }
        }
        let produced = await returnsInTime {
            second.watchThisThread()
            for _ in 0..<perProducer {
                store.dispatch(.increment)
            }
        }

        #expect(produced)
        #expect(await wait(for: firstLeft))
        #expect(store.state.count == perProducer)
        #expect(first.count <= 2 * Self.capacity + 1)
        #expect(second.count >= perProducer - 2 * Self.capacity)
    }

    @Test(
        "the queue never holds more than its bound, with four threads and async effects sending at once"
    )
    func boundUnderStress() async {
        let threads = 4
        let perThread = 20_000
        let tasks = 4
        let perTask = 5_000
        let increments = threads * perThread + tasks * perTask
        let total = increments + increments / 1000 * 10
        let store = Store.counter(
            capacity: Self.capacity,
            middlewares: [
                // Every thousandth increment answers with async work that sends ten more actions.
                AnyMiddleware { state, action in
                    guard action == .increment, state.count.isMultiple(of: 1000) else {
                        return .none
                    }
                    return .run { send in
                        for _ in 0..<10 { await send(.pong) }
                    }
                },
                // A moment over each action, so that the senders outpace the drainer and fill the
                // queue in any build: optimized, on a busy machine, a bare counter kept up with them.
                WorkCounter().middleware,
            ])
        let reached = DispatchSemaphore(value: 0)
        let seen = TestAtomic(0)
        let token = store.subscribe { _ in
            if seen.add(1, ordering: .relaxed).newValue == total + 1 { reached.signal() }
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
        #expect(store.state.count == increments)
        #expect(store.longestQueue <= Self.capacity)
        #expect(
            store.longestQueue == Self.capacity,
            "the test never filled the queue, so it proves nothing")
        token.cancel()
    }

    @Test(
        "the drainer's own nested dispatches are queued past the bound: a thread cannot wait for itself"
    )
    func nestedDispatchesNeverWait() async {
        let store = Store.counter(
            capacity: 2,
            middlewares: [
                AnyMiddleware { _, action in
                    action == .ping ? .merge((0..<5).map { _ in .just(.increment) }) : .none
                }
            ])

        let returned = await returnsInTime { store.dispatch(.ping) }

        #expect(returned)
        #expect(store.state.count == 5)
        #expect(store.longestQueue == 5)
    }

    @Test(
        "an action another thread dispatches while the drainer is in a middleware is reduced before the drainer's dispatch returns, 1,000 times"
    )
    func actionQueuedWhileCallingOutIsDrained() async {
        // The drainer would leave without the lock if nothing had happened meanwhile: the other
        // thread's dispatch must stop it, or its action would be left in the queue.
        let inMiddleware = DispatchSemaphore(value: 0)
        let queued = DispatchSemaphore(value: 0)
        let store = Store.counter(middlewares: [
            { _, action in
                if action == .ping {
                    inMiddleware.signal()
                    queued.wait()
                }
                return .none
            }
        ])
        let other = onAnotherThread {
            for _ in 0..<1000 {
                inMiddleware.wait()
                store.dispatch(.increment)   // queued: this thread is not the drainer
                queued.signal()
            }
        }
        // The drainer blocks in the middleware: a thread of its own, never one of the pool's.
        let missed = TestAtomic(0)
        let drained = await returnsInTime {
            for round in 1...1000 {
                store.dispatch(.ping)
                if store.state.count != round { missed.add(1, ordering: .relaxed) }
            }
        }
        #expect(drained)
        await other.value
        #expect(missed.load(ordering: .relaxed) == 0)
        #expect(store.state.count == 1000)
        #expect(store.queuedCount == 0)
    }
}
