extension TestScheduler {
    /// How many counted tasks are awake: running, ready to run, or waiting on something this
    /// scheduler's clock does not drive (a call into another actor, a real timer, a
    /// continuation someone else resumes).
    ///
    /// A task is counted when a store that runs its async effects on this scheduler starts one
    /// (`Effect.run`, on systems with executor preference); it stops counting when its
    /// operation returns. A counted task that sleeps on ``Scheduler/clock`` is asleep until the
    /// sleep ends. When this is zero and no job is ready, nothing a counted task does can
    /// happen before the clock moves: a test store uses it to fail at once instead of waiting
    /// in real time.
    ///
    /// - Complexity: O(1).
    package var awakeTaskCount: Int {
        state.withLock { $0.census.awakeCount }
    }

    /// Counts the task that will run `operation`, from now (before the task is even made)
    /// until `operation` returns, and returns the operation to give the task.
    func counting(_ operation: @escaping @Sendable () async -> Void)
        -> @Sendable () async -> Void
    {
        let counted = CountedTask(scheduler: self, id: state.withLock { $0.census.taskStarted() })
        return {
            await CountedTask.$current.withValue(counted) { await operation() }
            counted.scheduler?.state.withLock { $0.census.taskEnded(counted.id) }
        }
    }
}

/// A task a ``TestScheduler`` counts, as its operation and its child tasks see it: a task-local
/// value, so that a sleep on the scheduler's clock knows whose it is.
struct CountedTask: Sendable {
    /// Weak, so that a task that never ends (asleep on a scheduler nobody advances any more)
    /// does not keep its scheduler, and what the scheduler holds, alive.
    weak var scheduler: TestScheduler?
    let id: Int

    /// The counted task the current task belongs to, if any.
    @TaskLocal static var current: CountedTask?

    /// The current task's entry, if it is counted by `scheduler` (a sleep on another
    /// scheduler's clock is no sleep on this one's).
    static func current(on scheduler: any Scheduler) -> CountedTask? {
        guard let counted = current, let testScheduler = scheduler as? TestScheduler,
            counted.scheduler === testScheduler
        else { return nil }
        return counted
    }

    func fellAsleep() {
        scheduler?.state.withLock { $0.census.fellAsleep(id) }
    }

    func wokeUp() {
        scheduler?.state.withLock { $0.census.wokeUp(id) }
    }
}
