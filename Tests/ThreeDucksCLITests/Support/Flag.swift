import Effects

/// A flag set from any thread.
final class Flag: Sendable {
    private let value = Lock(false)

    var isSet: Bool {
        value.withLock { $0 }
    }

    func set() {
        value.withLock { $0 = true }
    }
}
