/// Where a combining subscription (a merge, a concatenation) stands: live with its state, or
/// over (finished or cancelled) with nothing kept.
///
/// Whatever a transition takes out goes back to the caller, to be released after its lock.
enum LiveStage<Live> {
    case live(Live)
    case over

    var isOver: Bool {
        if case .over = self { true } else { false }
    }

    /// Moved out of the enum while `body` runs, so that it changes in place; nil when over.
    mutating func withLive<Result>(_ body: (inout Live) -> Result) -> Result? {
        guard case .live(var live) = self else { return nil }
        self = .over
        defer { self = .live(live) }
        return body(&live)
    }

    mutating func end() -> Live? {
        guard case .live(let live) = self else { return nil }
        self = .over
        return live
    }
}
