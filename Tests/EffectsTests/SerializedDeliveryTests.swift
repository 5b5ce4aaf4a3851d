import Effects
import Synchronization
import Testing

/// `delay` and `receive(on:)` call their downstream one call at a time and in order, even on a
/// scheduler that runs their deliveries on several threads at once.
@Suite struct SerializedDeliveryTests {
    /// Records values, notices any two calls that overlap, and resumes when finished.
    final class OverlapDetector: Subscriber, Sendable {
        let inside = Atomic(0)
        let overlapped = Atomic(false)
        let values = Mutex<[Int]>([])
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
        let detector = Mutex<OverlapDetector?>(nil)
        await withCheckedContinuation { continuation in
            let subscriber = OverlapDetector { continuation.resume() }
            detector.withLock { $0 = subscriber }
            makePublisher(scheduler).subscribe(subscriber)
        }
        let subscriber = detector.withLock { $0 }!
        return (subscriber.values.withLock { $0 }, subscriber.overlapped.load(ordering: .relaxed))
    }

    @Test("receive(on:) on a concurrent scheduler delivers one call at a time, in order", .timeLimit(.minutes(1)))
    func receiveOn() async {
        let (values, overlapped) = await deliver { Array(0..<2_000).publisher.receive(on: $0) }
        #expect(!overlapped)
        #expect(values == Array(0..<2_000))
    }

    @Test("delay on a concurrent scheduler delivers one call at a time, in order", .timeLimit(.minutes(1)))
    func delay() async {
        let (values, overlapped) = await deliver { Array(0..<2_000).publisher.delay(for: .seconds(1), scheduler: $0) }
        #expect(!overlapped)
        #expect(values == Array(0..<2_000))
    }
}
