import Effects
import ConcurrencyTestSupport
import Testing

@Suite struct FutureTests {
    /// A callback-based API: it keeps the callback until the test calls `complete`.
    final class CallbackAPI: Sendable {
        private let callbacks = Lock<[@Sendable (Int) -> Void]>([])
        let calls = TestAtomic(0)

        func load(_ callback: @escaping @Sendable (Int) -> Void) {
            calls.add(1, ordering: .relaxed)
            callbacks.withLock { $0.append(callback) }
        }

        func complete(with value: Int) {
            for callback in callbacks.withLock({ $0 }) {
                callback(value)
            }
        }
    }

    @Test("runs its closure once, when made, however many subscribe")
    func runsOnce() {
        let api = CallbackAPI()
        let future = Future<Int> { promise in api.load(promise) }
        #expect(api.calls.load(ordering: .relaxed) == 1)
        future.subscribe(Recorder<Int>())
        future.subscribe(Recorder<Int>())
        #expect(api.calls.load(ordering: .relaxed) == 1)
    }

    @Test("a subscriber that comes first waits, then receives the value and the completion")
    func earlySubscriberWaits() {
        let api = CallbackAPI()
        let future = Future<Int> { promise in api.load(promise) }
        let recorder = Recorder<Int>()
        future.subscribe(recorder)
        #expect(recorder.history == [.subscription])
        api.complete(with: 7)
        #expect(recorder.history == [.subscription, .value(7), .finished])
    }

    @Test("a subscriber that comes after the promise receives the value at once")
    func lateSubscriberAtOnce() {
        let future = Future<Int> { promise in promise(3) }
        let recorder = Recorder<Int>()
        future.subscribe(recorder)
        #expect(recorder.history == [.subscription, .value(3), .finished])
    }

    @Test("only the first call of the promise counts")
    func firstPromiseWins() {
        let api = CallbackAPI()
        let future = Future<Int> { promise in api.load(promise) }
        let recorder = Recorder<Int>()
        future.subscribe(recorder)
        api.complete(with: 1)
        api.complete(with: 2)
        #expect(recorder.history == [.subscription, .value(1), .finished])
        let late = Recorder<Int>()
        future.subscribe(late)
        #expect(late.values == [1])
    }

    @Test("a subscriber that cancels before the promise receives nothing; the others still do")
    func cancelBeforePromise() {
        let api = CallbackAPI()
        let future = Future<Int> { promise in api.load(promise) }
        let leaving = Recorder<Int>()
        let staying = Recorder<Int>()
        future.subscribe(leaving)
        future.subscribe(staying)
        leaving.cancel()
        api.complete(with: 5)
        #expect(leaving.history == [.subscription])
        #expect(staying.history == [.subscription, .value(5), .finished])
    }

    @Test("the promise may be called from another thread", .timeLimit(.minutes(1)))
    func promiseFromAnotherThread() async {
        let future = Future<String> { promise in
            Task.detached { promise("loaded") }
        }
        let recorder = Recorder<String>()
        future.subscribe(recorder)
        await recorder.waitForCompletion()
        #expect(recorder.history == [.subscription, .value("loaded"), .finished])
    }

    @Test("wrapped in Deferred, the work runs once per subscription, when it subscribes")
    func deferredRunsPerSubscription() {
        let api = CallbackAPI()
        let deferred = Deferred { Future<Int> { promise in api.load(promise) } }
        #expect(api.calls.load(ordering: .relaxed) == 0)
        deferred.subscribe(Recorder<Int>())
        deferred.subscribe(Recorder<Int>())
        #expect(api.calls.load(ordering: .relaxed) == 2)
    }

    @Test("describes itself")
    func description() {
        #expect(Future<Int> { $0(1) }.description == "Future")
    }
}
