import AllocationCounter
import Effects
import ConcurrencyTestSupport
import Testing

/// Counts heap allocations on the test's own thread; the tests stay synchronous so that the
/// thread cannot change under them, and nothing between two readings calls `#expect`.
@Suite struct EffectAllocationTests {
    private enum Action: Sendable, Equatable {
        case flip(Int)
        case unFlip
    }

    /// What a middleware does on every action: return `.none` or `.just`.
    private static func effect(for value: Int) -> Effect<Action> {
        value.isMultiple(of: 3) ? .none : .just(.flip(value))
    }

    @Test(".just and .none allocate nothing to make, return or run in a store's runtime")
    func justAndNoneAllocateNothing() {
        let subscriber = CountingSubscriber<Action>()
        let context = EffectContext()
        var effects: [Effect<Action>] = []
        effects.reserveCapacity(10_000)
        // Warm up: the first use instantiates type metadata and the shared empty subscription.
        context.start(Self.effect(for: 1), sendingTo: subscriber)
        context.start(Self.effect(for: 3), sendingTo: subscriber)
        Effect<Action>.none.subscribe(subscriber)

        let before = allocation_count_on_this_thread()
        for value in 0..<10_000 {
            effects.append(Self.effect(for: value))
        }
        // By index: an unoptimized `for in` over an array allocates at every step by itself.
        for index in 0..<effects.count {
            context.start(effects[index], sendingTo: subscriber)
        }
        for _ in 0..<1_000 {
            Effect<Action>.none.subscribe(subscriber)
            context.start(Effect<Action>.just(.unFlip), sendingTo: subscriber)
        }
        let allocations = allocation_count_on_this_thread() - before

        #expect(allocations == 0)
        #expect(effects.count == 10_000)
        #expect(subscriber.valueCount == 1 + 6_666 + 1_000)
        #expect(
            subscriber.completionCount == 1 + 1_000,
            "a root's completion is not passed on; .none's is")
        #expect(context.runningCount == 0)
    }

    @Test("Just and Empty allocate nothing to run into a sink")
    func justAndEmptyAllocateNothingIntoASink() {
        let delivered = CountingSubscriber<Int>()
        // Warmed up with the loop's own closures: what the runtime sets up once is not counted.
        _ = Just(-1).sink { delivered.receive($0) }
        _ = Empty<Int>().sink { delivered.receive($0) }

        let before = allocation_count_on_this_thread()
        for value in 0..<1_000 {
            _ = Just(value).sink { delivered.receive($0) }
            _ = Empty<Int>().sink { delivered.receive($0) }
        }
        let allocations = allocation_count_on_this_thread() - before

        #expect(allocations == 0)
        #expect(delivered.valueCount == 1_001)
    }

    @Test(
        "Just gives any other subscriber one small subscription, so that it may cancel (as in Combine)"
    )
    func justAllocatesOneSubscriptionForOtherSubscribers() {
        // A subscriber that keeps its subscription, as one that may cancel later does: one that
        // dropped it would let an optimized build keep the subscription on the stack.
        let subscriber = SubscriptionKeeper<Int>()
        Just(0).subscribe(subscriber)
        Empty<Int>().subscribe(subscriber)

        let before = allocation_count_on_this_thread()
        for value in 0..<1_000 {
            Just(value).subscribe(subscriber)
            Empty<Int>().subscribe(subscriber)
        }
        let allocations = allocation_count_on_this_thread() - before

        // The subscription, and its lock's cell where the lock is a pthread mutex (Apple
        // platforms).
        #expect(allocations == 1_000 * (1 + Lock<Bool>.allocationsToMake))
        #expect(subscriber.valueCount == 1_001)
    }

    @Test("control: the counter does see allocations, such as a merge's")
    func counterSeesAllocations() {
        let subscriber = CountingSubscriber<Int>()
        Effect.merge(.just(1), .just(2)).subscribe(subscriber)
        // Where the object goes, so that it escapes and an optimized build cannot keep it on
        // the stack; room is made before counting.
        var kept: [CountingSubscriber<Int>] = []
        kept.reserveCapacity(1)

        let before = allocation_count_on_this_thread()
        let merged = Effect.merge(.just(1), .just(2))
        let afterMaking = allocation_count_on_this_thread()
        merged.subscribe(subscriber)
        let afterRunning = allocation_count_on_this_thread()
        kept.append(CountingSubscriber<Int>())
        let afterObject = allocation_count_on_this_thread()

        #expect(afterMaking - before > 0)
        #expect(afterRunning - afterMaking > 0)
        // The object, and its lock's cell where the lock is a pthread mutex.
        #expect(afterObject - afterRunning == 1 + Lock<Bool>.allocationsToMake)
        #expect(subscriber.valueCount == 4)
        #expect(kept[0].valueCount == 0)
    }
}

/// Counts the values it receives and keeps the last subscription it was given.
private final class SubscriptionKeeper<Input: Sendable>: Subscriber, Sendable {
    private let values = TestAtomic(0)
    private let subscription = Lock<(any Subscription)?>(nil)

    /// How many values arrived.
    var valueCount: Int {
        values.load(ordering: .acquiring)
    }

    func receive(subscription: any Subscription) {
        var incoming: (any Subscription)? = subscription
        self.subscription.withLock { swap(&$0, &incoming) }
        // `incoming` now holds the one replaced, released here, outside the lock.
    }

    func receive(_ input: Input) {
        values.add(1, ordering: .acquiringAndReleasing)
    }

    func receive(completion: Subscribers.Completion) {}
}
