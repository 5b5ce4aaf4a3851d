/// Where a combining subscription (a merge, a concatenation) stands: live with its state, or
/// over (finished or cancelled) with nothing kept.
///
/// Its owner keeps it behind a lock. Whatever a transition takes out of it (a downstream,
/// subscriptions, waiting values) goes back to the caller, to be released after the lock, since
/// releasing it may run code that calls back in.
enum LiveStage<Live> {
    case live(Live)
    case over

    var isOver: Bool {
        if case .over = self { true } else { false }
    }

    /// Runs `body` on the live state, moved out of the enum while it runs so that mutating it
    /// copies nothing; nil when over.
    mutating func withLive<Result>(_ body: (inout Live) -> Result) -> Result? {
        guard case .live(var live) = self else { return nil }
        self = .over
        defer { self = .live(live) }
        return body(&live)
    }

    /// Moves to over and hands the live state out; nil when it was over already.
    mutating func end() -> Live? {
        guard case .live(let live) = self else { return nil }
        self = .over
        return live
    }
}
