import Dispatch
import Effects
import Redux
import ConcurrencyTestSupport
import TestSupport
import Testing

/// Contract 4 (dispatch from any thread, each action applied exactly once) and the threaded
/// half of contract 6 (observers one at a time, never under the lock).
@Suite struct StoreConcurrencyTests {
    /// What the many-threads test counts: every action, and whether each thread's actions
    /// arrived in the order that thread dispatched them.
    struct Tally: Equatable, Sendable {
        var count = 0
        var lastSequence: [Int]
        var outOfOrder = 0

        init(threads: Int) {
            lastSequence = Array(repeating: -1, count: threads)
        }
    }

    struct Tick: Sendable {
        var thread: Int
        var sequence: Int
    }

    @Test(
        "4 threads × 100,000 dispatches: every action is applied exactly once, each thread's in its order"
    )
    func manyThreads() {
        let threads = 4
        let perThread = 100_000
        let store = Store<Tally, Tick>(
            initial: Tally(threads: threads),
            mutatingReducer: { tally, tick in
                tally.count += 1
                if tick.sequence != tally.lastSequence[tick.thread] + 1 {
                    tally.outOfOrder += 1
                }
                tally.lastSequence[tick.thread] = tick.sequence
            }
        )

        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for sequence in 0..<perThread {
                store.dispatch(Tick(thread: thread, sequence: sequence))
            }
        }

        let tally = store.state
        #expect(tally.count == threads * perThread)
        #expect(tally.outOfOrder == 0)
        #expect(tally.lastSequence == Array(repeating: perThread - 1, count: threads))
    }

    @Test(
        "a dispatch while another thread processes the queue returns at once; that thread reduces it"
    )
    func dispatchWhileAnotherThreadDrains() async {
        let log = EventLog<String>()
        let entered = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)
        let store = Store.counter(middlewares: [
            { state, action in
                log.append("reduced \(action) → \(state.count)")
                if action == .ping {
                    entered.signal()
                    proceed.wait()
                }
                return .none
            }
        ])
        let drainer = DispatchGroup()
        DispatchQueue.global().async(group: drainer) {
            store.dispatch(.ping)
        }
        // Waited for on a thread of its own: a test's task never blocks a thread of the pool.
        #expect(await wait(for: entered))

        // The other thread is inside ping's middleware, so this one only queues.
        store.dispatch(.increment)
        log.append("dispatch(increment) returned")
        #expect(store.state.count == 0)

        proceed.signal()
        await withCheckedContinuation { continuation in
            drainer.notify(queue: .global()) { continuation.resume() }
        }
        #expect(
            log.entries == [
                "reduced ping → 0", "dispatch(increment) returned", "reduced increment → 1",
            ])
        #expect(store.state.count == 1)
    }

    @Test(
        "observers are never called two at a time, and see every state in order, whatever thread dispatches"
    )
    func observersNeverOverlap() {
        let threads = 4
        let perThread = 25_000
        let store = Store.counter()
        let detector = OverlapDetector()
        let first = EventLog<Int>()
        let second = EventLog<Int>()
        let tokens = [
            store.subscribe { state in detector.enter { first.append(state.count) } },
            store.subscribe { state in detector.enter { second.append(state.count) } },
        ]

        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            for _ in 0..<perThread {
                store.dispatch(.increment)
            }
        }

        #expect(detector.overlapCount == 0)
        #expect(first.entries == Array(0...threads * perThread))
        #expect(second.entries == first.entries)
        tokens.forEach { $0.cancel() }
    }

    @Test(
        "an observer that reads the state and dispatches, while other threads dispatch, does not deadlock"
    )
    func observerDispatchesUnderLoad() {
        let threads = 4
        let perThread = 25_000
        let store = Store.counter()
        let pings = TestAtomic(0)
        let lastPingedAt = TestAtomic(0)
        let token = store.subscribe { [store] state in
            // Observers run one at a time, so this check-then-act on the atomics is not racy.
            guard state.count > 0, state.count.isMultiple(of: 1000),
                lastPingedAt.load(ordering: .relaxed) != state.count
            else { return }
            lastPingedAt.store(state.count, ordering: .relaxed)
            _ = store.state
            store.dispatch(.ping)
            pings.add(1, ordering: .relaxed)
        }

        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            for _ in 0..<perThread {
                store.dispatch(.increment)
            }
        }

        #expect(store.state.count == threads * perThread)
        #expect(pings.load(ordering: .relaxed) == threads * perThread / 1000)
        token.cancel()
    }

    @Test(
        "subscribing and unsubscribing while other threads dispatch loses no action and keeps no observer"
    )
    func subscribeWhileDispatching() {
        final class Witness: Sendable {}
        let threads = 4
        let perThread = 2_000
        let store = Store.counter()
        let witnesses = EventLog<WeakReference>()

        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for _ in 0..<perThread {
                if thread.isMultiple(of: 2) {
                    store.dispatch(.increment)
                } else {
                    let witness = Witness()
                    witnesses.append(WeakReference(witness))
                    let token = store.subscribe { _ in withExtendedLifetime(witness) {} }
                    token.cancel()
                }
            }
        }

        #expect(store.state.count == threads / 2 * perThread)
        #expect(witnesses.entries.allSatisfy { $0.isReleased })
    }

    @Test("effects that deliver on a DispatchQueueScheduler are dispatched back from its queue")
    func effectsOnAnotherThread() async {
        let scheduler = DispatchQueueScheduler()
        let store = Store.counter(middlewares: [
            { _, action in
                guard action == .ping else { return .none }
                return Effect([CounterAction.increment, .add(10)].publisher).receive(on: scheduler)
            }
        ])
        let counts = store.values(of: { $0.count })
        for _ in 0..<100 {
            store.dispatch(.ping)
        }

        var last = 0
        for await count in counts where count == 1100 {
            last = count
            break
        }
        #expect(last == 1100)
    }
}
