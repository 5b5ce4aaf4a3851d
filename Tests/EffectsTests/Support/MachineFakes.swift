@testable import Effects

/// An upstream subscription for state-machine tests: an identity to compare, nothing to do.
final class FakeUpstream: Subscription {
    func cancel() {}
}

/// A scheduler's work handle for state-machine tests, named so a test can tell which came back.
struct FakeWork: Cancellable {
    let name: String
    func cancel() {}
}

extension SerialOutbox where Value == String {
    /// Pops everything the outbox holds, in order, as text: each value, and `finished`.
    mutating func popAllAsText() -> [String] {
        var events: [String] = []
        while let event = pop() {
            switch event {
            case .value(let value): events.append(value)
            case .finished: events.append("finished")
            }
        }
        return events
    }
}
