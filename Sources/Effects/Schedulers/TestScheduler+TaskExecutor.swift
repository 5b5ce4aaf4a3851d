// Before executor preference (macOS 15, iOS 18, ...) no job ever arrives; the rest works alike.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
extension TestScheduler: TaskExecutor {
    /// Keeps the job of a task that prefers this scheduler; it runs at the next advance,
    /// ``run()`` or ``runReadyTasks()``, on the thread that calls it.
    ///
    /// - Complexity: O(1), plus one call per observer a test store registered.
    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let observers = state.withLock { state -> [@Sendable () -> Void]? in
            state.tasks.append(job)
            return state.taskObservers.isEmpty ? nil : Array(state.taskObservers.values)
        }
        for observer in observers ?? [] {
            observer()
        }
    }
}

extension TestScheduler {
    /// Runs the ready jobs of the async tasks on this scheduler, oldest first, until none is
    /// ready, without moving the clock: each task runs until it waits again (on the clock, for
    /// another task, …) or ends.
    ///
    /// Every advance does this before and after each piece of work it runs; call it yourself to
    /// start tasks that were just created, or to finish tasks that were just cancelled.
    ///
    /// ```swift
    /// let task = Task(executorPreference: scheduler) { await work() }
    /// scheduler.runReadyTasks()   // work() runs until it first waits
    /// ```
    ///
    /// A task that never waits on anything but `Task.yield()` keeps this running forever. Before
    /// macOS 15 / iOS 18 there is never a job to run.
    ///
    /// - Complexity: O(1) per job, besides what the job itself does.
    public func runReadyTasks() {
        while let job = state.withLock({ $0.tasks.popFirst() }) {
            runJob(job)
        }
    }

    func runJob(_ job: UnownedJob) {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) else {
            preconditionFailure(
                "TestScheduler: a task's job arrived on a system without executor preference")
        }
        job.runSynchronously(on: asUnownedTaskExecutor())
    }

    /// How many jobs of async tasks are ready to run.
    package var readyTaskCount: Int {
        state.withLock { $0.tasks.count }
    }

    /// Calls `observer`, outside the lock, whenever a job arrives, until the handle is cancelled:
    /// a test store waiting for work that left the scheduler wakes up so.
    package func observeTaskArrivals(_ observer: @escaping @Sendable () -> Void) -> any Cancellable
    {
        let id = state.withLock { state in
            defer { state.nextObserverID += 1 }
            state.taskObservers[state.nextObserverID] = observer
            return state.nextObserverID
        }
        return TaskArrivalObservation(scheduler: self, id: id)
    }

    fileprivate func stopObserving(_ id: Int) {
        let removed = state.withLock { $0.taskObservers.removeValue(forKey: id) }
        // Released outside the lock.
        _ = removed
    }
}

/// Stops a ``TestScheduler/observeTaskArrivals(_:)``.
private struct TaskArrivalObservation: Cancellable {
    let scheduler: TestScheduler
    let id: Int

    func cancel() {
        scheduler.stopObserving(id)
    }
}
