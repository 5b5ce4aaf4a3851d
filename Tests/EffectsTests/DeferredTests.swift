import Effects
import Testing

@Suite struct DeferredTests {
    @Test("makes its publisher only when subscribed to, once per subscription")
    func makesPublisherPerSubscription() {
        let made = Lock(0)
        let deferred = Deferred {
            Just(
                made.withLock { count in
                    count += 1
                    return count
                })
        }
        #expect(made.withLock { $0 } == 0)

        let first = Recorder<Int>(), second = Recorder<Int>()
        deferred.subscribe(first)
        deferred.subscribe(second)
        #expect(first.history == [.subscription, .value(1), .finished])
        #expect(second.history == [.subscription, .value(2), .finished])
    }

    @Test("describes the type it will make")
    func description() {
        #expect(Deferred { Just(1) }.description == "Deferred(Just<Int>)")
    }
}
