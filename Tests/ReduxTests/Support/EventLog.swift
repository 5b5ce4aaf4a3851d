import Effects

/// A thread-safe list of what happened, in the order it happened, to compare whole at the end.
///
/// ```swift
/// let log = EventLog<String>()
/// let store = Store.counter(middlewares: [{ state, action in log.append("\(action)"); return .none }])
/// store.dispatch(.increment)
/// #expect(log.entries == ["increment"])
/// ```
final class EventLog<Entry: Sendable>: Sendable {
    private let storage = Lock<[Entry]>([])

    init() {}

    /// Every entry so far.
    var entries: [Entry] {
        storage.withLock { $0 }
    }

    /// How many entries there are.
    var count: Int {
        storage.withLock { $0.count }
    }

    func append(_ entry: Entry) {
        storage.withLock { $0.append(entry) }
    }

    /// Takes every entry so far, leaving the log empty.
    func removeAll() -> [Entry] {
        storage.withLock { entries in
            defer { entries.removeAll() }
            return entries
        }
    }
}
