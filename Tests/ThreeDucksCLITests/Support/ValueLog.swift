import Effects

/// Values recorded from any thread, in order.
final class ValueLog: Sendable {
    private let storage = Lock<[Int]>([])

    var values: [Int] {
        storage.withLock { $0 }
    }

    func record(_ value: Int) {
        storage.withLock { $0.append(value) }
    }
}
