import Effects
import Redux

/// What the async steps of a test store wait on: whether any work is away from the test
/// scheduler, and the waiting itself, shared by the store and the tasks its sends return.
///
/// Work is *away* when something may still happen without the clock moving:
/// - a job of an async task is ready to run on the scheduler, or a task the scheduler counts is
///   awake (running, or waiting on another actor, a real timer, a continuation: see
///   `TestScheduler.awakeTaskCount`);
/// - the store is processing actions (on another thread);
/// - effects run and nothing at all waits on the test scheduler: they wait on something else
///   (a real scheduler, another thread).
///
/// Otherwise every piece of work left waits on the test scheduler's clock, and only an advance
/// can move it: the test store fails at once instead of waiting in real time.
final class WorkWatch: Sendable {
    let scheduler: TestScheduler
    let activity: Activity
    /// Whether the store is processing actions (see `Store.isProcessingActions`).
    private let isProcessingActions: @Sendable () -> Bool
    /// How many of the store's effects run.
    private let runningEffectCount: @Sendable () -> Int
    /// Returns once the store is idle (or the waiting task is cancelled).
    private let idle: @Sendable () async -> Void

    init<State: Sendable, Action: Sendable>(
        store: Store<State, Action>, scheduler: TestScheduler, activity: Activity
    ) {
        self.scheduler = scheduler
        self.activity = activity
        isProcessingActions = { store.isProcessingActions }
        runningEffectCount = { store.runningEffectCount }
        idle = { await store.idle() }
    }

    /// Whether work away from the test scheduler may still bring an action, end an effect or
    /// make a job ready (see the type's discussion).
    var isWorkAway: Bool {
        if scheduler.readyTaskCount > 0 || scheduler.awakeTaskCount > 0 { return true }
        if isProcessingActions() { return true }
        if runningEffectCount() == 0 { return false }
        return scheduler.pendingWorkCount == 0
    }

    /// How a wait ended.
    enum Outcome: Equatable {
        /// What was waited for happened.
        case done
        /// Nothing away from the scheduler is left: nothing more can happen before the clock
        /// moves (or ever, if the store is idle).
        case stuckOnTheClock
        /// The time allowed ran out, or the waiting task was cancelled, after `waited`.
        case timedOut(after: Duration)
    }

    /// Settles and checks `isDone`, again each time something happens away from the scheduler
    /// (an action logged, a job arriving, the store falling idle), until `isDone` holds, nothing
    /// is away any more, `limit` has passed in real time, or the waiting task is cancelled.
    ///
    /// The only real-time wait in the test store, and only while work is away: work that waits on
    /// the test scheduler's clock is never waited for.
    func wait(
        limit: Duration,
        settle: () -> Void,
        until isDone: () -> Bool
    ) async -> Outcome {
        let deadline = ContinuousClock.now + limit
        while true {
            // Read before settling, so that a signal that comes after the look is not missed.
            let generation = activity.generation
            settle()
            if isDone() { return .done }
            if !isWorkAway {
                // The reads above are not one snapshot: if anything happened while they were
                // made, look again rather than fail on a world that has moved.
                if activity.generation == generation { return .stuckOnTheClock }
                continue
            }
            if ContinuousClock.now >= deadline || Task.isCancelled {
                return .timedOut(after: limit)
            }
            await waitForActivity(after: generation, until: deadline)
        }
    }

    /// Suspends until something is logged, a job arrives at the scheduler, the store falls
    /// idle, something else signals the activity, or `deadline` passes.
    private func waitForActivity(after generation: Int, until deadline: ContinuousClock.Instant)
        async
    {
        let idle = idle, activity = activity
        let idleWatch = Task {
            await idle()
            if !Task.isCancelled { activity.signal() }
        }
        let timer = Task {
            guard (try? await ContinuousClock().sleep(until: deadline)) != nil else { return }
            activity.signal()
        }
        await activity.wait(after: generation)
        idleWatch.cancel()
        timer.cancel()
    }
}
