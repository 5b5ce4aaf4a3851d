/// A scheduler on virtual time, for tests: nothing runs until the test moves the clock.
///
/// The clock starts at zero. ``advance(by:)`` and ``advance(to:)`` run, in order, every piece
/// of work that falls due up to the target instant, including work scheduled *while* advancing
/// if it falls inside the window; ``run()`` runs everything. Work due at the same instant runs
/// in the order it was scheduled. ``pendingWorkCount`` tells a test whether anything is left.
///
/// ```swift
/// let scheduler = TestScheduler()
/// let cancellable = Just(1).delay(for: .seconds(1), scheduler: scheduler).sink { print($0) }
/// scheduler.advance(by: .milliseconds(999))   // nothing yet
/// scheduler.advance(by: .milliseconds(1))     // prints 1
/// #expect(scheduler.pendingWorkCount == 0)
/// ```
///
/// Work runs on the thread that advances the clock, never under the scheduler's lock, so work
/// may schedule more work or cancel other work (or itself). Repeating work
/// (``schedule(after:interval:_:)``) runs at exact virtual instants, as many times as it falls
/// due in the window an advance covers.
///
/// ## Async work on virtual time
///
/// From macOS 15, iOS 18, tvOS 18, watchOS 11 and visionOS 2 (where executor preference
/// begins; on Linux always), the scheduler is also a `TaskExecutor`. Async work that prefers it (a store made with
/// `taskExecutor: .preferring(scheduler)`, which a `TestStore` does for you, runs every `Effect.run` task
/// there; or `Task(executorPreference: scheduler) { … }`) does not run on its own: its jobs wait
/// in the scheduler, and the test runs them, on its own thread, whenever it moves the clock (or
/// calls ``runReadyTasks()``). Together with the scheduler's ``Scheduler/clock``, this makes
/// async code as deterministic as scheduled work:
///
/// ```swift
/// let task = Task(executorPreference: scheduler) {
///     try await scheduler.clock.sleep(for: .seconds(1))
///     print("woke")
/// }
/// scheduler.runReadyTasks()                  // the task starts, and sleeps
/// scheduler.advance(by: .milliseconds(999))  // nothing
/// scheduler.advance(by: .milliseconds(1))    // prints "woke" before advance returns
/// ```
///
/// An advance runs the ready jobs first, then each piece of work that falls due, each followed
/// by the jobs it made ready: when it returns, every task it woke has run until it waits again
/// or ends. Work that leaves the scheduler (the main actor, an actor with its own executor, a
/// real-time timer) comes back as a job from another thread, and runs at the next advance.
///
/// With n pieces of work pending, scheduling costs O(log n), cancelling O(1) amortized, and
/// running each piece O(log n); ready jobs cost O(1) each.
public final class TestScheduler: Scheduler {
    struct State {
        var now = Duration.zero
        var queue = TimerHeap<TimedWork>()
        /// Ready jobs of tasks on this executor, oldest first.
        var tasks = FIFOQueue<UnownedJob>()
        /// Told when a job arrives (a test store waiting on work that left the scheduler);
        /// usually none or one.
        var taskObservers: [Int: @Sendable () -> Void] = [:]
        var nextObserverID = 0
        var census = TaskCensus()

        /// The next step of an advance to `limit` (nil: a run): a ready job first, so a task a
        /// piece of work woke runs on before the next piece. Repeating work goes back in before
        /// it runs, so that it can cancel itself and a later run in the window runs too.
        mutating func takeStep(dueBy limit: Duration?) -> Step? {
            if !tasks.isEmpty, let job = tasks.popFirst() { return .job(job) }
            if let (work, due) = queue.takeFirst(
                dueBy: limit, nextDue: { work, due in work.interval.map { due + $0 } })
            {
                now = max(now, due)
                return .work(work.action)
            }
            if let limit { now = max(now, limit) }
            return nil
        }
    }

    enum Step {
        case job(UnownedJob)
        case work(@Sendable () -> Void)
    }

    let state = Lock(State())

    /// Makes a scheduler whose clock reads zero.
    public init() {}

    /// The virtual time: zero at the start, moved only by advancing.
    public var now: Duration {
        state.withLock { $0.now }
    }

    /// How many pieces of work are scheduled and not yet run or cancelled, ready jobs and
    /// sleeping tasks' wake-ups included; repeating work counts as one until it is cancelled.
    ///
    /// - Complexity: O(1).
    public var pendingWorkCount: Int {
        state.withLock { $0.queue.count + $0.tasks.count }
    }

    /// Schedules `action` at the current instant; it runs at the next advance (even by zero).
    ///
    /// - Complexity: O(log n), n the pending work.
    public func schedule(_ action: @escaping @Sendable () -> Void) {
        _ = enqueue(TimedWork(action), after: .zero)
    }

    /// Schedules `action` at `now + delay`, a negative delay counting as zero.
    ///
    /// - Returns: A cancellable that removes the work, and releases `action`, if it has not run.
    /// - Complexity: O(log n), n the pending work.
    @discardableResult
    public func schedule(
        after delay: Duration, _ action: consuming @escaping @Sendable () -> Void
    )
        -> any Cancellable
    {
        TestSchedulerWork(scheduler: self, handle: enqueue(TimedWork(action), after: delay))
    }

    /// Schedules `action` at `now + delay`, then every `interval` after that, on exact virtual
    /// instants, until cancelled.
    ///
    /// An advance runs every run that falls due inside its window, each at its own instant.
    /// ``run()`` never ends while repeating work is pending: advance by a bounded amount instead.
    ///
    /// ```swift
    /// let ticking = scheduler.schedule(after: .seconds(1), interval: .seconds(2)) { tick() }
    /// scheduler.advance(by: .seconds(5))   // ticks at 1 s, 3 s and 5 s
    /// ticking.cancel()
    /// ```
    ///
    /// - Parameters:
    ///   - delay: How long to wait for the first run; a negative delay counts as zero.
    ///   - interval: The time between two runs; must be above zero.
    ///   - action: The work to run each time.
    /// - Returns: A cancellable that stops the runs and releases `action` at once.
    /// - Complexity: O(log n) to schedule, and per run; n the pending work.
    @discardableResult
    public func schedule(
        after delay: Duration,
        interval: Duration,
        _ action: @escaping @Sendable () -> Void
    ) -> any Cancellable {
        checkRepeatingInterval(interval)
        return TestSchedulerWork(
            scheduler: self,
            handle: enqueue(TimedWork(action, repeatingEvery: interval), after: delay))
    }

    /// Moves the clock forward by `duration`, running all work that falls due on the way, and the
    /// async tasks it wakes until they wait again.
    ///
    /// - Parameter duration: How far to move; must not be negative.
    /// - Complexity: O(log n) per piece of work run, n the pending work.
    public func advance(by duration: Duration = .zero) {
        precondition(
            duration >= .zero,
            "TestScheduler.advance(by:) cannot move time backwards (asked for \(duration))"
        )
        runSteps(until: .by(duration))
    }

    /// Moves the clock to `instant`, running all work due up to and including it, and the async
    /// tasks it wakes until they wait again.
    ///
    /// - Parameter instant: The time to move to; must not be before ``now``.
    /// - Complexity: O(log n) per piece of work run, n the pending work.
    public func advance(to instant: Duration) {
        runSteps(until: .to(instant))
    }

    /// Runs every piece of work, moving the clock to each one's due time, until none is left,
    /// and the async tasks it wakes until they wait again.
    ///
    /// Work that keeps scheduling more work, or repeating work, makes this loop forever.
    public func run() {
        runSteps(until: nil)
    }

    /// Read against the clock as the advance starts.
    private enum Horizon {
        case by(Duration)
        case to(Duration)

        func instant(from now: Duration) -> Duration {
            switch self {
            case .by(let duration):
                return now + duration
            case .to(let instant):
                precondition(
                    instant >= now,
                    "TestScheduler.advance(to:) cannot move time backwards (from \(now) to \(instant))"
                )
                return instant
            }
        }
    }

    /// One critical section per step: take it, unlock, run it.
    private func runSteps(until horizon: Horizon?) {
        var limit: Duration?
        var isFirstStep = true
        while true {
            let next = state.withLock { state -> Step? in
                if isFirstStep {
                    limit = horizon?.instant(from: state.now)
                    isFirstStep = false
                }
                return state.takeStep(dueBy: limit)
            }
            guard let step = next else { return }
            switch consume step {
            case .job(let job): runJob(job)
            case .work(let action): action()
            }
        }
    }
}

extension TestScheduler {
    func enqueue(_ work: consuming TimedWork, after delay: Duration) -> TimerHandle {
        var pending = Optional(work)
        return state.withLock { state in
            state.queue.insert(pending.take()!, due: state.now + max(delay, .zero))
        }
    }

    func cancelTimer(_ handle: TimerHandle) {
        let removed = state.withLock { $0.queue.remove(handle) }
        // Released outside the lock.
        _ = removed
    }
}

/// Small enough to sit inside an `any Cancellable` without a box.
private struct TestSchedulerWork: Cancellable {
    let scheduler: TestScheduler
    let handle: TimerHandle

    func cancel() {
        scheduler.cancelTimer(handle)
    }
}
