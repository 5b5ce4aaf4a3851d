import Effects
import Redux

/// One action that reached the reducer: the state right after it, and the task it belongs to.
struct LoggedAction<State: Sendable, Action: Sendable>: Sendable {
    let action: Action
    let state: State
    /// The task of the `send` it came from, if any.
    let task: StoreTask?
    /// Whether it is the action that `send` sent (rather than one that its effects sent).
    let isSentAction: Bool
}

/// Every action the store processed, with the state right after it, until the test store takes
/// them. Filled from whichever thread processes actions, hence the lock; each entry wakes the
/// test store if it waits.
///
/// Size: the entries logged since the test store last took them (it takes them at every step).
final class ActionLog<State: Sendable, Action: Sendable>: Sendable {
    private let entries = Lock<[LoggedAction<State, Action>]>([])
    private let activity: Activity

    init(activity: Activity) {
        self.activity = activity
    }

    func append(_ entry: LoggedAction<State, Action>) {
        entries.withLock { $0.append(entry) }
        activity.signal()
    }

    func takeAll() -> [LoggedAction<State, Action>] {
        entries.withLock { entries in
            defer { entries.removeAll() }
            return entries
        }
    }
}
