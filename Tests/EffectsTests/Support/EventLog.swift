import Effects

/// Short notes of what happened, in the order it happened, from any thread: the hooks of a
/// `handleEvents` chain, say, to check which upstream was cancelled first.
///
/// ```swift
/// let log = EventLog()
/// upstream.handleEvents(receiveCancel: { log.note("upstream cancelled") })
/// #expect(log.all == ["upstream cancelled"])
/// ```
final class EventLog: Sendable {
    private let entries = Lock<[String]>([])

    /// Adds `entry` at the end.
    func note(_ entry: String) {
        entries.withLock { $0.append(entry) }
    }

    /// Every note so far, oldest first.
    var all: [String] {
        entries.withLock { $0 }
    }
}

extension Publisher {
    /// This publisher, noting `name` in `log` when its subscriber cancels it: for checking which
    /// of several upstreams an operator cancels, and in what order.
    func notingCancel(as name: String, in log: EventLog) -> Publishers.HandleEvents<Self> {
        handleEvents(receiveCancel: { log.note(name) })
    }
}
