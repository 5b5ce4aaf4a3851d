import Effects
import Synchronization

/// A subscriber that only counts what it receives, so that receiving allocates nothing.
///
/// Allocation tests use it instead of ``Recorder``, whose history grows on the heap.
final class CountingSubscriber<Input: Sendable>: Subscriber, Sendable {
    private let valueCounter = Atomic(0)
    private let completionCounter = Atomic(0)

    init() {}

    /// How many values arrived.
    var valueCount: Int {
        valueCounter.load(ordering: .acquiring)
    }

    /// How many completions arrived.
    var completionCount: Int {
        completionCounter.load(ordering: .acquiring)
    }

    func receive(subscription: any Subscription) {}

    func receive(_ input: Input) {
        valueCounter.add(1, ordering: .acquiringAndReleasing)
    }

    func receive(completion: Subscribers.Completion) {
        completionCounter.add(1, ordering: .acquiringAndReleasing)
    }
}
