import Synchronization

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
/// The scheduler is also a `TaskExecutor`. Async work that prefers it (a store made with
/// `taskExecutor: scheduler`, which a `TestStore` does for you, runs every `Effect.run` task
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
/// An advance runs the ready jobs first, then each piece of work that falls due, in order, and
/// after each one the jobs it made ready (a sleeper it woke, and whatever that task starts), until
/// none is left: when it returns, every task it woke has run until it waits again or ends. A
/// plain actor's code runs there too, with its caller. Work that leaves the scheduler (a call
/// into the main actor, or any actor with an executor of its own, or a wait for a real-time
/// timer) comes back as a job later, from another thread; it runs at the next advance.
///
/// Pending work is kept in a binary heap ordered by (due time, scheduling order), beside a slot
/// table that cancellation reaches through its handle. With n pieces of work pending, scheduling
/// costs O(log n), cancelling O(1) amortized, and running each piece O(log n), under one lock
/// taken once per piece; the heap holds at most 2n entries, and the table's length is the most
/// work ever pending at once (see `TimerHeap`). Ready jobs wait in a first-in, first-out queue:
/// O(1) to enqueue and to run each.
public final class TestScheduler: Scheduler {
    struct State {
        var now = Duration.zero
        /// Every piece of pending work; see the type's discussion for sizes and costs.
        var queue = TimerHeap<TimedWork>()
        /// The jobs of tasks on this executor that are ready to run, oldest first.
        var tasks = FIFOQueue<UnownedJob>()
        /// Told when a job arrives (for a test store waiting on work that left the scheduler).
        var taskObservers: [Int: @Sendable () -> Void] = [:]
        var nextObserverID = 0

        /// Takes the next piece of work due by `limit` (any if nil) and moves the clock to it.
        /// One-shot work leaves the queue; repeating work goes back in, due one interval later,
        /// before it runs, so that it can cancel itself and a later run inside the window runs
        /// in the same advance.
        mutating func takeNext(dueBy limit: Duration?) -> (@Sendable () -> Void)? {
            // Duration arithmetic is exact: adding the interval to the previous due time is the
            // first due time plus k intervals.
            guard
                let (work, due) = queue.takeFirst(
                    dueBy: limit, nextDue: { work, due in work.interval.map { due + $0 } })
            else { return nil }
            if due > now { now = due }
            return work.action
        }

        /// The next step of an advance: a ready job of an async task if there is one (they run
        /// before later work, so that a task woken by a piece of work runs on before the next),
        /// otherwise the next piece of work due by `limit`. One critical section per step.
        mutating func takeStep(dueBy limit: Duration?) -> Step? {
            if !tasks.isEmpty, let job = tasks.popFirst() { return .job(job) }
            // Not `.map(Step.work)`: an unoptimized build allocates a closure for the case.
            guard let work = takeNext(dueBy: limit) else { return nil }
            return .work(work)
        }

        /// Whether an advance to `limit` (a run, if nil) has nothing left to do once the step it
        /// just took has run, unless that step adds work: no job is ready, no work is pending,
        /// and the clock stands at `limit` already. (Work pending beyond `limit` would do too;
        /// it is not looked for, so that a step among many costs no look at the next.)
        func isSettled(at limit: Duration?) -> Bool {
            guard tasks.isEmpty, queue.isEmpty else { return false }
            return limit.map { $0 == now } ?? true
        }
    }

    /// One step of an advance or a run.
    enum Step {
        case job(UnownedJob)
        case work(@Sendable () -> Void)
    }

    let state = Lock(State())

    /// How many pieces of work and jobs have arrived, ever. Written only under the lock (a plain
    /// load and store, no atomic read-modify-write), read without it by an advance: a step that
    /// left the advance settled, and after which nothing arrived, is its last, and the advance
    /// ends without taking the lock again to find that out.
    let arrivals = Atomic<UInt64>(0)

    /// Makes a scheduler whose clock reads zero.
    public init() {}

    /// The virtual time: zero at the start, moved only by advancing.
    public var now: Duration {
        state.withLock { $0.now }
    }

    /// How many pieces of work are scheduled and not yet run or cancelled, ready jobs of async
    /// tasks included; repeating work counts as one until it is cancelled.
    ///
    /// A test ends by checking that this is zero. A task sleeping on ``Scheduler/clock`` counts as
    /// one piece of work, its wake-up.
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
    ///   It is a small value: making it allocates nothing.
    /// - Complexity: O(log n), n the pending work.
    @discardableResult
    public func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void)
        -> any Cancellable
    {
        TestSchedulerWork(scheduler: self, handle: enqueue(TimedWork(action), after: delay))
    }

    /// Schedules `action` at `now + delay`, then every `interval` after that, on exact virtual
    /// instants, until cancelled.
    ///
    /// An advance runs every run that falls due inside its window, each at its own instant and
    /// in order with other work; a run that falls due while advancing comes due again inside
    /// the same advance if the window reaches it. ``run()`` never ends while repeating work is
    /// pending: advance by a bounded amount instead.
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

    /// Moves the clock to `instant`, running all work due up to and including it.
    ///
    /// The ready jobs of async tasks run first; then each piece of work in turn, at its due time,
    /// followed by the jobs it made ready, until they are all waiting again.
    ///
    /// - Parameter instant: The time to move to; must not be before ``now``.
    /// - Complexity: O(log n) per piece of work run, n the pending work.
    public func advance(to instant: Duration) {
        runSteps(until: .to(instant))
    }

    /// Runs every piece of work, moving the clock to each one's due time, until none is left,
    /// and the async tasks it wakes until they wait again.
    ///
    /// Work that keeps scheduling more work, or repeating work, makes this loop forever; advance
    /// by a bounded amount instead in that case.
    public func run() {
        runSteps(until: nil)
    }

    /// How far an advance goes: read against the clock in its first critical section.
    private enum Horizon {
        case by(Duration)
        case to(Duration)

        /// The instant it names, from `now`.
        func instant(from now: Duration) -> Duration {
            switch self {
            case .by(let duration):
                // In attoseconds: `Duration`'s `+` is a call into the standard library.
                return Duration(attoseconds: now.attoseconds + duration.attoseconds)
            case .to(let instant):
                precondition(
                    instant.attoseconds >= now.attoseconds,
                    "TestScheduler.advance(to:) cannot move time backwards (from \(now) to \(instant))"
                )
                return instant
            }
        }
    }

    /// Runs ready jobs and due work, one step per lock, until neither is left; then, in that
    /// same last critical section, moves the clock to the horizon. An advance that runs one
    /// piece of work due at its horizon takes the lock once: the step that takes it finds the
    /// advance settled (see ``State/isSettled(at:)``), and if nothing arrives while it runs,
    /// there is nothing left to look for.
    private func runSteps(until horizon: Horizon?) {
        // Reached by pointer: variables that the locked closure captured and changed would be
        // boxed on the heap in an unoptimized build, and an advance is meant to allocate
        // nothing, in tests too.
        var progress = AdvanceProgress()
        withUnsafeMutablePointer(to: &progress) { progress in
            while let step = state.withLock({ state -> Step? in
                if !progress.pointee.hasLimit {
                    progress.pointee.limit = horizon?.instant(from: state.now)
                    progress.pointee.hasLimit = true
                }
                let limit = progress.pointee.limit
                guard let step = state.takeStep(dueBy: limit) else {
                    if let limit, limit.attoseconds > state.now.attoseconds { state.now = limit }
                    return nil
                }
                progress.pointee.settledAfter =
                    state.isSettled(at: limit) ? arrivals.load(ordering: .relaxed) : nil
                return step
            }) {
                // Consumed, not copied: the action is run and released without a retain of its
                // own.
                switch consume step {
                case .job(let job): job.runSynchronously(on: asUnownedTaskExecutor())
                case .work(let action): action()
                }
                if let settled = progress.pointee.settledAfter,
                    arrivals.load(ordering: .acquiring) == settled
                {
                    return
                }
            }
        }
    }

    /// Counts an arrival (under the lock).
    func noteArrival() {
        arrivals.store(arrivals.load(ordering: .relaxed) &+ 1, ordering: .releasing)
    }
}

/// Where an advance stands, between its critical sections.
private struct AdvanceProgress {
    /// Whether `limit` has been read against the clock (in the first critical section).
    var hasLimit = false
    /// The instant the advance runs to; nil for a run.
    var limit: Duration?
    /// The arrivals counted when the last step left the advance settled; nil if it did not.
    var settledAfter: UInt64?
}

extension TestScheduler: TimerQueue {
    /// Adds `work` at `now + delay`, a negative delay counting as zero.
    func enqueue(_ work: consuming TimedWork, after delay: Duration) -> TimerHandle {
        // Moved into the queue, not copied (a copy costs a retain and a release of what the work
        // captures). A closure cannot consume what it captures, and a captured variable is boxed
        // on the heap in an unoptimized build, so the locked closure reaches it by pointer.
        var pending = Optional(work)
        return withUnsafeMutablePointer(to: &pending) { pending in
            state.withLock { state in
                noteArrival()
                // In attoseconds: `Duration`'s `+` and `max` are calls into the standard library.
                return state.queue.insert(
                    pending.pointee.take()!,
                    due: Duration(attoseconds: state.now.attoseconds + max(delay.attoseconds, 0)))
            }
        }
    }

    /// Removes the work if it is still pending, and releases it outside the lock.
    func cancelTimer(_ handle: TimerHandle) {
        let removed = state.withLock { $0.queue.remove(handle) }
        // Released here, outside the lock: the action and what it captures.
        _ = removed
    }
}

/// The handle of work on a ``TestScheduler``: a reference and two integers, small enough to
/// sit inside an `any Cancellable` without a box of its own.
private struct TestSchedulerWork: Cancellable {
    let scheduler: TestScheduler
    let handle: TimerHandle

    func cancel() {
        scheduler.cancelTimer(handle)
    }
}
