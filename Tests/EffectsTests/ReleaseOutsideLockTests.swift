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

    @Test(
        "a delay releases the spent handle of its scheduled work after its lock, so the handle's release may cancel the delay"
    )
    func delayReleasesSpentWorkOutsideItsLock() throws {
        let released = ReleaseFlag()
        let subscriber = CancelsWhenReleased<Int>(released: ReleaseFlag())
        let scheduler = HandleCallsBackScheduler()
        let subject = TestSubject<Int>()
        subject.delay(for: .seconds(1), scheduler: scheduler).subscribe(subscriber)
        let subscription = try #require(subscriber.subscription.withLock { $0 })
        scheduler.onHandleReleased = {
            // Inside the delay's lock this would trap ("recursive call to lock").
            subscription.cancel()
            released.set()
        }
        subject.send(1)
        scheduler.base.advance(by: .seconds(1))
        #expect(released.isSet)
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

/// A `TestScheduler` whose work handles call `onHandleReleased` when they are released, as a
/// handle whose owner cancels something on release would.
private final class HandleCallsBackScheduler: Scheduler {
    let base = TestScheduler()
    private let callback = Lock<(@Sendable () -> Void)?>(nil)

    var onHandleReleased: (@Sendable () -> Void)? {
        get { callback.withLock { $0 } }
        set { callback.withLock { $0 = newValue } }
    }

    var now: Duration { base.now }

    func schedule(_ action: @escaping @Sendable () -> Void) {
        base.schedule(action)
    }

    func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void)
        -> any Cancellable
    {
        CallsBackWhenReleased(base.schedule(after: delay, action)) { [weak self] in
            self?.onHandleReleased?()
        }
    }
}

/// A work handle that calls `released` from its deinit.
private final class CallsBackWhenReleased: Cancellable, Sendable {
    private let handle: any Cancellable
    private let released: @Sendable () -> Void

    init(_ handle: any Cancellable, released: @escaping @Sendable () -> Void) {
        self.handle = handle
        self.released = released
    }

    func cancel() {
        handle.cancel()
    }

    deinit {
        released()
    }
}
