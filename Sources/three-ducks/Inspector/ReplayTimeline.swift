import Redux
import ReduxRecording
import ThreeDucks

/// A recorded game as a sequence of steps to look at one by one: for each action, the state
/// before and after it, its time, and what it changed.
///
/// ```swift
/// let timeline = ReplayTimeline(recording)
/// let step = timeline.step(5)          // the fifth action
/// print(step.action, step.diff.changes.count)
/// ```
///
/// The states are those the reducer alone makes from a new game's state, one action after
/// the other: what `Replayer` replays, since a log holds the actions the middlewares sent
/// too. To go anywhere in a long log without keeping every state, the timeline keeps one state
/// every ``checkpointInterval`` actions and reduces forward from the nearest.
///
/// - Complexity: Building it is O(*n*) in the actions and keeps *n* / 64 states; a step is at
///   most 64 reductions and the diff of two states.
struct ReplayTimeline: Sendable {
    /// One action of the log, with the states around it.
    struct Step: Sendable {
        /// Its place, from 1.
        var number: Int
        /// When it was dispatched, counted from the first action of the log.
        var time: Duration
        /// The action.
        var action: ThreeDucksAction
        /// The state before it.
        var before: ThreeDucksState
        /// The state after it.
        var after: ThreeDucksState

        /// What the action changed, field by field: the diff the logging interceptor prints.
        var diff: StateDiff {
            StateDiff(from: before, to: after)
        }
    }

    /// How many actions apart the kept states are.
    static let checkpointInterval = 64

    /// The actions, in order.
    let entries: [RecordedAction<ThreeDucksAction>]

    /// The state after 0, 64, 128… actions.
    private let checkpoints: [ThreeDucksState]

    /// The timeline of `recording`, replayed from `initial`.
    init(_ recording: Recording<ThreeDucksAction>, initial: ThreeDucksState = ThreeDucksState()) {
        entries = recording.entries
        var checkpoints = [initial]
        var state = initial
        for (index, entry) in entries.enumerated() {
            threeDucksReducer(&state, entry.action)
            if (index + 1) % Self.checkpointInterval == 0 {
                checkpoints.append(state)
            }
        }
        self.checkpoints = checkpoints
    }

    /// The number of actions.
    var count: Int {
        entries.count
    }

    /// The state after the first `actions` actions.
    ///
    /// - Parameter actions: From 0 (the state before the first) to ``count``.
    func state(after actions: Int) -> ThreeDucksState {
        let actions = min(max(actions, 0), count)
        let checkpoint = actions / Self.checkpointInterval
        var state = checkpoints[checkpoint]
        for entry in entries[(checkpoint * Self.checkpointInterval)..<actions] {
            threeDucksReducer(&state, entry.action)
        }
        return state
    }

    /// The step of action `number`.
    ///
    /// - Parameter number: From 1 to ``count``.
    func step(_ number: Int) -> Step {
        precondition((1...count).contains(number), "no action \(number) in a log of \(count)")
        let before = state(after: number - 1)
        var after = before
        let entry = entries[number - 1]
        threeDucksReducer(&after, entry.action)
        return Step(
            number: number, time: entry.time - entries[0].time, action: entry.action,
            before: before, after: after)
    }

    /// Calls `body` with every step, in order, reducing each action once.
    ///
    /// - Complexity: O(*n*) reductions, and a diff per step when `body` asks for it.
    func forEachStep(_ body: (Step) -> Void) {
        guard let first = entries.first else { return }
        var state = checkpoints[0]
        for (index, entry) in entries.enumerated() {
            let before = state
            threeDucksReducer(&state, entry.action)
            body(
                Step(
                    number: index + 1, time: entry.time - first.time, action: entry.action,
                    before: before, after: state))
        }
    }
}
