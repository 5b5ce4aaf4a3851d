import Effects

/// A subscriber that only counts what it receives, so that receiving allocates nothing.
///
/// Allocation tests use it instead of ``Recorder``, whose history grows on the heap. Its counts
/// are stored inline, behind the package's lock: making one is one allocation.
final class CountingSubscriber<Input: Sendable>: Subscriber, Sendable {
    private let counts = Lock((values: 0, completions: 0))

    init() {}

    /// How many values arrived.
    var valueCount: Int {
        counts.withLock { $0.values }
    }

    /// How many completions arrived.
    var completionCount: Int {
        counts.withLock { $0.completions }
    }

    func receive(subscription: any Subscription) {}

    func receive(_ input: Input) {
        counts.withLock { $0.values += 1 }
    }

    func receive(completion: Subscribers.Completion) {
        counts.withLock { $0.completions += 1 }
    }
}
