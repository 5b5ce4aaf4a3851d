extension Interceptor {
    /// An interceptor that logs every action and what it changed (redux-logger): one entry per
    /// action to `sink`, printed by default:
    ///
    /// ```text
    /// action flipCard(id: 3)
    ///   cards[3].isFlipped: false → true
    ///   moves: 0 → 1
    /// ```
    ///
    /// Put it first among the interceptors to see every action as dispatched.
    public static func logging(to sink: @escaping @Sendable (String) -> Void = { print($0) })
        -> Interceptor
    {
        Interceptor { action, context, next in
            let before = context.state
            next(action)
            let diff = StateDiff(from: before, to: context.state)
            var entry = "action \(action)"
            if diff.isEmpty {
                entry += "\n  (no change)"
            } else {
                for change in diff.changes {
                    entry +=
                        "\n  \(change.path.isEmpty ? "(state)" : change.path): \(change.old) → \(change.new)"
                }
            }
            sink(entry)
        }
    }
}
