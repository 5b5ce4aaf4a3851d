import Effects

/// An upstream subscription for state-machine tests: an identity to compare, nothing to do.
final class FakeUpstream: Subscription {
    func cancel() {}
}

/// A scheduler's work handle for state-machine tests, named so a test can tell which came back.
struct FakeWork: Cancellable {
    let name: String
    func cancel() {}
}
