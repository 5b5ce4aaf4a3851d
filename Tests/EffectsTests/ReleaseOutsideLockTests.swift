import Effects
import ConcurrencyTestSupport
import Testing

/// A combining subscription lets go of its downstream after its lock: releasing a subscriber may
/// run its deinit, and a deinit may call back into the subscription it held.
@Suite struct ReleaseOutsideLockTests {
    @Test(
        "cancelling a merge releases its downstream after the lock, so the downstream's deinit may cancel again"
    )
    func mergeReleasesOutsideItsLock() throws {
        let released = ReleaseFlag()
        let subscription = try subscribeAndLetGo(
            Empty<Int>(completeImmediately: false).merge(with: Empty(completeImmediately: false)),
            released: released
        )
        subscription.cancel()
        #expect(released.isSet)
    }

    @Test(
        "cancelling a concatenation releases its downstream after the lock, so the downstream's deinit may cancel again"
    )
    func concatenationReleasesOutsideItsLock() throws {
        let released = ReleaseFlag()
        let subscription = try subscribeAndLetGo(
            Empty<Int>(completeImmediately: false).append(Just(1)),
            released: released
        )
        subscription.cancel()
        #expect(released.isSet)
    }

    @Test("a merge that finishes releases its downstream after the lock")
    func finishedMergeReleasesOutsideItsLock() throws {
        let released = ReleaseFlag()
        let subject = TestSubject<Int>()
        let subscription = try subscribeAndLetGo(subject.merge(with: Just(1)), released: released)
        #expect(!released.isSet)
        subject.finish()
        #expect(released.isSet)
        _ = subscription
    }

    /// Subscribes a ``CancelsWhenReleased`` to `publisher` and keeps only the subscription, so
    /// that the subscription holds the last reference to the subscriber.
    private func subscribeAndLetGo<P: Publisher>(
        _ publisher: P,
        released: ReleaseFlag
    ) throws -> any Subscription where P.Output == Int {
        let subscriber = CancelsWhenReleased<Int>(released: released)
        publisher.subscribe(subscriber)
        return try #require(subscriber.subscription.withLock { $0 })
    }
}

/// A subscriber that cancels its subscription when it is released, as an object holding a
/// token does.
private final class CancelsWhenReleased<Input: Sendable>: Subscriber, Sendable {
    let subscription = Lock<(any Subscription)?>(nil)
    private let released: ReleaseFlag

    init(released: ReleaseFlag) {
        self.released = released
    }

    func receive(subscription: any Subscription) {
        self.subscription.withLock { $0 = subscription }
    }

    func receive(_ input: Input) {}

    func receive(completion: Subscribers.Completion) {}

    deinit {
        let subscription = self.subscription.withLock { $0 }
        // Inside the merge's lock this would trap ("recursive call to lock").
        subscription?.cancel()
        released.set()
    }
}

/// Set once a ``CancelsWhenReleased`` has been released.
private final class ReleaseFlag: Sendable {
    private let value = TestAtomic(false)

    var isSet: Bool {
        value.load(ordering: .acquiring)
    }

    func set() {
        value.store(true, ordering: .releasing)
    }
}
