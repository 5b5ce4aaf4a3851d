extension TestScheduler {
    /// How many counted tasks (a store's `Effect.run` tasks on this scheduler) are awake: not
    /// asleep on ``Scheduler/clock``. When this is zero and no job is ready, nothing they do can
    /// happen before the clock moves: a test store then fails at once instead of waiting.
    ///
    /// - Complexity: O(1).
    package var awakeTaskCount: Int {
        state.withLock { $0.census.awakeCount }
    }

    /// Counts the task that will run the returned operation, from now until `operation` returns.
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

/// A task-local, so that a sleep on the scheduler's clock knows whose task it is.
struct CountedTask: Sendable {
    /// Weak: a task asleep on a scheduler nobody advances must not keep it alive.
    weak var scheduler: TestScheduler?
    let id: Int

    @TaskLocal static var current: CountedTask?

    /// The current task's entry, if `scheduler` counts it.
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
