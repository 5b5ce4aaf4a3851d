import Effects
import ConcurrencyTestSupport
import Testing

/// `delay`, `receive(on:)` and the operators fed from several places at once (`flatMap`, `zip`,
/// `combineLatest`, `debounce`, `throttle`) call their downstream one call at a time and in
/// order, even on a scheduler that runs their deliveries on several threads at once.
@Suite struct SerializedDeliveryTests {
    /// Records values, notices any two calls that overlap, and resumes when finished.
    final class OverlapDetector: Subscriber, Sendable {
        let inside = TestAtomic(0)
        let overlapped = TestAtomic(false)
        let values = Lock<[Int]>([])
        let finished: @Sendable () -> Void

        init(finished: @escaping @Sendable () -> Void) {
            self.finished = finished
        }

        func receive(subscription: any Subscription) {}

        func receive(_ input: Int) {
            enter()
            values.withLock { $0.append(input) }
            leave()
        }

        func receive(completion: Subscribers.Completion) {
            enter()
            leave()
            finished()
        }

        private func enter() {
            if inside.add(1, ordering: .acquiringAndReleasing).newValue > 1 {
                overlapped.store(true, ordering: .relaxed)
            }
        }

        private func leave() {
            inside.subtract(1, ordering: .acquiringAndReleasing)
        }
    }

    private func deliver(
        _ makePublisher: (ConcurrentScheduler) -> some Publisher<Int>
    ) async -> (values: [Int], overlapped: Bool) {
        let scheduler = ConcurrentScheduler()
        let detector = Lock<OverlapDetector?>(nil)
        await withCheckedContinuation { continuation in
            let subscriber = OverlapDetector { continuation.resume() }
            detector.withLock { $0 = subscriber }
            makePublisher(scheduler).subscribe(subscriber)
        }
        let subscriber = detector.withLock { $0 }!
        return (subscriber.values.withLock { $0 }, subscriber.overlapped.load(ordering: .relaxed))
    }

    @Test(
        "receive(on:) on a concurrent scheduler delivers one call at a time, in order",
        .timeLimit(.minutes(1)))
    func receiveOn() async {
        let (values, overlapped) = await deliver { Array(0..<2_000).publisher.receive(on: $0) }
        #expect(!overlapped)
        #expect(values == Array(0..<2_000))
    }

    @Test(
        "delay on a concurrent scheduler delivers one call at a time, in order",
        .timeLimit(.minutes(1)))
    func delay() async {
        let (values, overlapped) = await deliver {
            Array(0..<2_000).publisher.delay(for: .seconds(1), scheduler: $0)
        }
        #expect(!overlapped)
        #expect(values == Array(0..<2_000))
    }

    @Test(
        "flatMap of publishers that deliver on a concurrent scheduler calls one at a time, every value once",
        .timeLimit(.minutes(1)))
    func flatMap() async {
        let (values, overlapped) = await deliver { scheduler in
            Array(0..<2_000).publisher.flatMap { Just($0).receive(on: scheduler) }
        }
        #expect(!overlapped)
        #expect(values.sorted() == Array(0..<2_000))
    }

    @Test(
        "zip and combineLatest of two upstreams on a concurrent scheduler call one at a time",
        .timeLimit(.minutes(1)))
    func pairs() async {
        let (zipped, zipOverlapped) = await deliver { scheduler in
            Array(0..<1_000).publisher.receive(on: scheduler)
                .zip(Array(0..<1_000).publisher.receive(on: scheduler)) { $0 * 1_000 + $1 }
        }
        #expect(!zipOverlapped)
        #expect(zipped == (0..<1_000).map { $0 * 1_000 + $0 })

        let (combined, combinedOverlapped) = await deliver { scheduler in
            Array(0..<1_000).publisher.receive(on: scheduler)
                .combineLatest(Array(0..<1_000).publisher.receive(on: scheduler)) {
                    $0 * 1_000 + $1
                }
        }
        #expect(!combinedOverlapped)
        #expect(combined.last == 999_999)
    }

    @Test(
        "debounce and throttle whose work runs on a concurrent scheduler call one at a time, ending with the last value",
        .timeLimit(.minutes(1)))
    func timeOperators() async {
        let (debounced, debounceOverlapped) = await deliver { scheduler in
            Array(0..<2_000).publisher.receive(on: scheduler).debounce(
                for: .zero, scheduler: scheduler)
        }
        #expect(!debounceOverlapped)
        #expect(debounced == debounced.sorted())
        #expect(debounced.last == 1_999)

        let (throttled, throttleOverlapped) = await deliver { scheduler in
            Array(0..<2_000).publisher.receive(on: scheduler).throttle(
                for: .zero, scheduler: scheduler, latest: true)
        }
        #expect(!throttleOverlapped)
        #expect(throttled == throttled.sorted())
        #expect(throttled.last == 1_999)
    }
}
