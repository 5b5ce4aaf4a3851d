import AllocationCounter
import Effects
import Redux
import ConcurrencyTestSupport
import Testing

/// What the store lets go of, and how: outside its lock, without copying what it lends.
@Suite struct StoreReleaseTests {
    enum Action: Sendable {
        case hold(AnyCancellable)
        case releaseTheStore
        case nothing
    }

    /// Holds the only strong reference to a store, so that a test can drop it from inside.
    final class Holder: Sendable {
        let store = Lock<Store<Int, Action>?>(nil)
    }

    @Test(
        "a store released while actions wait in its queue releases their payloads outside its lock")
    func queuedPayloadReleasedOutsideTheLock() throws {
        let holder = Holder()
        holder.store.withLock {
            $0 = Store(initial: 0, mutatingReducer: { count, _ in count += 1 })
        }
        let store: @Sendable () -> Store<Int, Action>? = { holder.store.withLock { $0 } }
        let released = TestAtomic(false)
        weak let weakStore = store()
        let observer = try #require(store()).subscribe { count in
            guard count == 1 else { return }
            // Still draining: these two wait in the queue when the store goes away. The first
            // payload is the only owner of a subscription of the same store: releasing it
            // unsubscribes, which takes the store's lock.
            store()?.dispatch(.hold(store()!.subscribe { _ in }))
            store()?.dispatch(.hold(AnyCancellable { released.store(true, ordering: .relaxed) }))
            var last = holder.store.withLock { store in
                defer { store = nil }
                return store
            }
            last = nil   // the store's deinit runs here, on the draining thread
            _ = last
        }
        _ = observer
        store()?.dispatch(.releaseTheStore)
        #expect(weakStore == nil)
        let payloadReleased = released.load(ordering: .relaxed)
        #expect(payloadReleased, "the queued payload was released with the store")
    }

    struct Big: Sendable {
        var items: [Int]
    }

    @Test("a pure reducer over a large array changes it in place: no copy, no allocation")
    func pureReducerDoesNotCopy() {
        let store = Store<Big, Int>(
            initial: Big(items: Array(repeating: 0, count: 100_000)),
            reducer: { (state: consuming Big, index) in
                state.items[index] += 1
                return state
            }
        )
        store.dispatch(0)

        let before = allocation_count_on_this_thread()
        for index in 0..<1_000 {
            store.dispatch(index)
        }
        let allocations = allocation_count_on_this_thread() - before

        #expect(allocations == 0)
        #expect(store.state.items[0] == 2)
        #expect(store.state.items[999] == 1)
    }

    @Test("observers keep their order as others leave, however many come and go")
    func observersKeepOrderAsOthersLeave() {
        let store = Store<Int, Int>(initial: 0, mutatingReducer: { count, add in count += add })
        let calls = Lock<[Int]>([])
        var tokens: [AnyCancellable] = (0..<100).map { number in
            store.subscribe { _ in calls.withLock { $0.append(number) } }
        }
        // Every other one leaves, from the front and the back, so that the list compacts.
        for index in stride(from: 99, through: 0, by: -2) {
            tokens[index].cancel()
        }
        calls.withLock { $0 = [] }
        store.dispatch(1)
        #expect(calls.withLock { $0 } == Array(stride(from: 0, to: 100, by: 2)))

        tokens.append(store.subscribe { _ in calls.withLock { $0.append(1_000) } })
        calls.withLock { $0 = [] }
        store.dispatch(1)
        #expect(calls.withLock { $0 } == Array(stride(from: 0, to: 100, by: 2)) + [1_000])
        tokens.removeAll()
        calls.withLock { $0 = [] }
        store.dispatch(1)
        #expect(calls.withLock { $0 }.isEmpty)
    }
}
