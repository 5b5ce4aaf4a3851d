import Effects

/// A publisher that the test drives by hand: ``send(_:)`` delivers a value to every current
/// subscriber, ``finish()`` completes them all.
///
/// It also counts subscriptions, so that a test can tell when an operator subscribes to it and
/// when it cancels.
final class TestSubject<Output: Sendable>: Publisher, Sendable {
    private struct Entry {
        let receive: @Sendable (Output) -> Void
        let finish: @Sendable () -> Void
    }

    private struct State {
        var entries: [Int: Entry] = [:]
        var nextID = 0
        var cancellationCount = 0
    }

    private let state = Lock(State())

    init() {}

    /// How many subscribers have ever attached.
    var subscriptionCount: Int {
        state.withLock { $0.nextID }
    }

    /// How many subscribers are attached now (neither finished nor cancelled).
    var subscriberCount: Int {
        state.withLock { $0.entries.count }
    }

    /// How many subscriptions were cancelled by their subscriber.
    var cancellationCount: Int {
        state.withLock { $0.cancellationCount }
    }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            state.entries[state.nextID] = Entry(
                receive: { subscriber.receive($0) },
                finish: { subscriber.receive(completion: .finished) }
            )
            return state.nextID
        }
        subscriber.receive(subscription: SubjectSubscription(subject: self, id: id))
    }

    /// Sends `value` to every attached subscriber, on the calling thread.
    func send(_ value: Output) {
        let entries = state.withLock { Array($0.entries.values) }
        for entry in entries {
            entry.receive(value)
        }
    }

    /// Finishes every attached subscriber and detaches it.
    func finish() {
        let entries = state.withLock { state in
            defer { state.entries = [:] }
            return Array(state.entries.values)
        }
        for entry in entries {
            entry.finish()
        }
    }

    fileprivate func cancel(id: Int) {
        let removed = state.withLock { state -> Entry? in
            guard let entry = state.entries.removeValue(forKey: id) else { return nil }
            state.cancellationCount += 1
            return entry
        }
        // Release the subscriber outside the lock.
        _ = removed
    }
}

private final class SubjectSubscription<Output: Sendable>: Subscription {
    let subject: TestSubject<Output>
    let id: Int

    init(subject: TestSubject<Output>, id: Int) {
        self.subject = subject
        self.id = id
    }

    func cancel() {
        subject.cancel(id: id)
    }
}
