import Dispatch
import Effects
import ConcurrencyTestSupport
import Testing

@Suite struct AnyCancellableTests {
    @Test("cancel() runs the closure once, however often it is called")
    func cancelRunsOnce() {
        let calls = Lock(0)
        let cancellable = AnyCancellable { calls.withLock { $0 += 1 } }
        #expect(calls.withLock { $0 } == 0)
        cancellable.cancel()
        cancellable.cancel()
        #expect(calls.withLock { $0 } == 1)
    }

    @Test("cancel() from many threads at once runs the closure exactly once")
    func concurrentCancelRunsOnce() {
        for _ in 0..<200 {
            let calls = TestAtomic(0)
            let cancellable = AnyCancellable { calls.add(1, ordering: .relaxed) }
            DispatchQueue.concurrentPerform(iterations: 8) { _ in
                cancellable.cancel()
            }
            #expect(calls.load(ordering: .relaxed) == 1)
        }
    }

    @Test("cancel() releases what the closure captures at once, while the cancellable lives on")
    func cancelReleasesCaptures() {
        final class Captured: Sendable {}
        weak var weakCaptured: Captured?
        let cancellable: AnyCancellable
        do {
            let captured = Captured()
            weakCaptured = captured
            cancellable = AnyCancellable { _ = captured }
        }
        #expect(weakCaptured != nil)
        cancellable.cancel()
        #expect(weakCaptured == nil)
    }

    @Test("a closure that cancels its own cancellable runs once, and does not wait on itself")
    func reentrantCancel() {
        let calls = Lock(0)
        let box = Lock<AnyCancellable?>(nil)
        let cancellable = AnyCancellable {
            calls.withLock { $0 += 1 }
            box.withLock { $0 }?.cancel()
        }
        box.withLock { $0 = cancellable }
        cancellable.cancel()
        #expect(calls.withLock { $0 } == 1)
        box.withLock { $0 = nil }
    }

    @Test("releasing it cancels, and not again after an explicit cancel")
    func releaseCancels() {
        let calls = Lock(0)
        do {
            _ = AnyCancellable { calls.withLock { $0 += 1 } }
        }
        #expect(calls.withLock { $0 } == 1)

        do {
            let cancellable = AnyCancellable { calls.withLock { $0 += 1 } }
            cancellable.cancel()
        }
        #expect(calls.withLock { $0 } == 2)
    }

    @Test("wrapping another cancellable cancels it on cancel() and on release")
    func wrapsCancellable() {
        let scheduler = TestScheduler()
        let explicit = AnyCancellable(scheduler.schedule(after: .seconds(1)) {})
        do {
            _ = AnyCancellable(scheduler.schedule(after: .seconds(1)) {})
        }
        #expect(scheduler.pendingWorkCount == 1)
        explicit.cancel()
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test("store(in:) keeps it alive in a set until the set lets go")
    func storeInSet() {
        let calls = Lock(0)
        var cancellables = Set<AnyCancellable>()
        AnyCancellable { calls.withLock { $0 += 1 } }.store(in: &cancellables)
        AnyCancellable { calls.withLock { $0 += 1 } }.store(in: &cancellables)
        #expect(cancellables.count == 2)
        #expect(calls.withLock { $0 } == 0)

        cancellables.removeAll()
        #expect(calls.withLock { $0 } == 2)
    }

    @Test("store(in:) keeps it alive in an array until the array lets go")
    func storeInArray() {
        let calls = Lock(0)
        var cancellables: [AnyCancellable] = []
        let cancellable = AnyCancellable { calls.withLock { $0 += 1 } }
        cancellable.store(in: &cancellables)
        cancellable.store(in: &cancellables)
        #expect(cancellables.count == 2)

        cancellables.removeAll()
        #expect(calls.withLock { $0 } == 0)
        _ = cancellable
    }

    @Test("equality and hashing follow identity")
    func identity() {
        let a = AnyCancellable {}, b = AnyCancellable {}
        #expect(a == a)
        #expect(a != b)
        #expect(Set([a, a, b]).count == 2)
    }
}
