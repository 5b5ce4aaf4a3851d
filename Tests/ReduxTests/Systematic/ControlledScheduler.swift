import Dispatch
import Effects
import Foundation

// Debug builds only: release builds have no scheduling points (see `ScheduleTesting`).
#if DEBUG
/// Runs a scenario's threads one at a time, choosing at every point where one synchronizes which
/// runs next: one schedule of the scenario, CHESS-style, replayable from its choices.
///
/// Installed as the process's ``ScheduleTester`` for the run, it hears from the package's
/// `Lock`, `OneWayFlag` and the store's blocking waits (debug builds). Exactly one of its threads
/// holds the *baton* at a time; at each scheduling point the holder asks ``Bookkeeping/choose``
/// which thread runs next, and if that is another, hands the baton over and waits for it to come
/// back. A thread that would block is parked until what it waits for has happened (its semaphore
/// was signalled), and runs again only when it is chosen.
///
/// Scheduling points are the outermost lock a thread takes, an atomic flag it reads or writes,
/// a thread it wakes, and a wait. A lock taken while another is held is not one: the package's
/// nested locks are leaves guarding their own data (the send gate inside the store's lock), so
/// letting another thread run between the outer and the inner acquisition reaches no state that
/// running it before the outer one does not. With that, a controlled thread never finds a lock
/// held by another controlled thread: they all run their critical sections whole.
///
/// A choice is recorded only where more than one thread could run; the recorded choices are the
/// schedule, which a later run replays exactly (``run(_:replaying:)``).
final class ControlledScheduler: ScheduleTester {
    /// One point where more than one thread could run, and which one did.
    struct Decision: Sendable, Equatable {
        /// The thread that held the baton, or nil at the start.
        let current: Int?
        /// The threads that could run, in index order.
        let enabled: [Int]
        /// The thread that ran.
        let chosen: Int

        /// Whether the thread that ran is the one that runs when nobody chooses: the current
        /// one if it can go on, else the first that can.
        var isUsual: Bool {
            chosen == (current.flatMap { enabled.contains($0) ? $0 : nil } ?? enabled[0])
        }

        /// Whether running `thread` here takes the processor from a thread that could go on.
        func isPreemption(choosing thread: Int) -> Bool {
            guard let current, enabled.contains(current) else { return false }
            return thread != current
        }
    }

    /// How a run ended.
    enum Outcome: Sendable, Equatable {
        /// Every thread returned.
        case completed
        /// No thread could run, and these were blocked for good.
        case deadlocked(blocked: [Int])
    }

    /// What one run did.
    struct Run: Sendable {
        let decisions: [Decision]
        let outcome: Outcome
        /// Whether a replayed choice named a thread that could not run (the scenario is not
        /// deterministic under its schedule).
        let diverged: Bool
        /// How many scheduling points the threads passed, choices or not.
        let points: Int
    }

    /// Where a thread stands.
    enum Status {
        case runnable
        /// Waits until `isReady` answers true (it consumes the signal it reports).
        case blocked(@Sendable () -> Bool)
        case finished
    }

    /// The scheduler's own state, behind a lock that is not a scheduling point.
    struct Bookkeeping {
        var depth: [Int]
        var status: [Status]
        var decisions: [Decision] = []
        var points = 0
        var diverged = false
        let prefix: [Int]

        init(count: Int, prefix: [Int]) {
            depth = Array(repeating: 0, count: count)
            status = Array(repeating: .runnable, count: count)
            self.prefix = prefix
        }

        /// Who runs next, after `current` reached a point (nil at the start): the replayed
        /// choice while the prefix lasts, then `current` if it can go on, else the first that
        /// can. Nil if nobody can run.
        mutating func choose(after current: Int?) -> Int? {
            points += 1
            for index in status.indices {
                if case .blocked(let isReady) = status[index], isReady() {
                    status[index] = .runnable
                }
            }
            let enabled = status.indices.filter {
                if case .runnable = status[$0] { return true }
                return false
            }
            guard let first = enabled.first else { return nil }
            guard enabled.count > 1 else { return first }
            let usual = current.flatMap { enabled.contains($0) ? $0 : nil } ?? first
            var chosen = usual
            if decisions.count < prefix.count {
                chosen = prefix[decisions.count]
                if !enabled.contains(chosen) {
                    diverged = true
                    chosen = usual
                }
            }
            decisions.append(Decision(current: current, enabled: enabled, chosen: chosen))
            return chosen
        }

        var outcomeWhenStuck: Outcome {
            let blocked = status.indices.filter {
                if case .blocked = status[$0] { return true }
                return false
            }
            return blocked.isEmpty ? .completed : .deadlocked(blocked: blocked)
        }
    }

    private let bookkeeping: Lock<Bookkeeping>
    /// The threads' `pthread_self()`, by index, known before the scheduler is installed: a
    /// thread that is not one of them finds that out without a lock (and without allocating),
    /// as the rest of the process does at every lock while a run goes on.
    private let threadIDs: [UInt]
    private let batons: [DispatchSemaphore]
    private let ended = DispatchSemaphore(value: 0)
    private let outcome = Lock<Outcome?>(nil)

    private static let oneRunAtATime = DispatchSemaphore(value: 1)

    private init(threadIDs: [UInt], batons: [DispatchSemaphore], prefix: [Int]) {
        bookkeeping = Lock(Bookkeeping(count: threadIDs.count, prefix: prefix))
        self.threadIDs = threadIDs
        self.batons = batons
    }

    /// Runs `threads` under one schedule: the choices of `prefix`, then the usual ones (the
    /// running thread goes on while it can). Blocks the calling thread, which must not be one of
    /// the cooperative pool's, until every thread has returned or none can run.
    ///
    /// A run that deadlocks leaves its blocked threads parked for good (a failing test's price).
    static func run(_ threads: [@Sendable () -> Void], replaying prefix: [Int] = []) -> Run {
        // The tester is the process's: one run at a time, whichever suite explores.
        oneRunAtATime.wait()
        defer { oneRunAtATime.signal() }
        // The threads start and make themselves known before anyone schedules them.
        let batons = threads.map { _ in DispatchSemaphore(value: 0) }
        let ids = Lock(Array(repeating: UInt(0), count: threads.count))
        let registered = DispatchSemaphore(value: 0)
        let installed = Lock<ControlledScheduler?>(nil)
        for (index, body) in threads.enumerated() {
            let thread = Thread {
                ids.withLockUnscheduled { $0[index] = currentThread() }
                registered.signal()
                batons[index].wait()
                body()
                installed.withLockUnscheduled { $0 }?.finish(index)
            }
            thread.stackSize = 1 << 20
            thread.start()
        }
        for _ in threads {
            registered.wait()
        }
        let scheduler = ControlledScheduler(
            threadIDs: ids.withLockUnscheduled { $0 }, batons: batons, prefix: prefix)
        installed.withLockUnscheduled { $0 = scheduler }
        ScheduleTesting.install(scheduler)
        defer { ScheduleTesting.install(nil) }
        if let first = scheduler.bookkeeping.withLockUnscheduled({ $0.choose(after: nil) }) {
            batons[first].signal()
        }
        scheduler.ended.wait()
        let outcome = scheduler.outcome.withLockUnscheduled { $0 } ?? .completed
        return scheduler.bookkeeping.withLockUnscheduled {
            Run(decisions: $0.decisions, outcome: outcome, diverged: $0.diverged, points: $0.points)
        }
    }

    private func finish(_ index: Int) {
        let next = bookkeeping.withLockUnscheduled { book -> Int? in
            book.status[index] = .finished
            guard let next = book.choose(after: index) else {
                outcome.withLockUnscheduled { $0 = book.outcomeWhenStuck }
                return nil
            }
            return next
        }
        if let next {
            batons[next].signal()
        } else {
            ended.signal()
        }
    }

    /// The calling thread's index, and whether it holds no lock; nil for threads not ours (a
    /// finished thread's id may be taken by a new thread of the process).
    private func caller(enteringLock: Bool = false, leavingLock: Bool = false) -> (Int, Bool)? {
        // A plain loop: the generic search allocates in debug builds, on every lock of the
        // process, which the tests that count allocations would see.
        let thread = currentThread()
        var found: Int?
        for index in 0..<threadIDs.count where threadIDs[index] == thread {
            found = index
        }
        guard let index = found else { return nil }
        return bookkeeping.withLockUnscheduled { book in
            if case .finished = book.status[index] { return nil }
            if leavingLock { book.depth[index] -= 1 }
            let isOutermost = book.depth[index] == 0
            if enteringLock { book.depth[index] += 1 }
            return (index, isOutermost)
        }
    }

    /// A scheduling point of thread `index`: hands the baton on if another is chosen, and waits
    /// for it to come back.
    private func yield(_ index: Int) {
        let next = bookkeeping.withLockUnscheduled { $0.choose(after: index) }
        guard let next, next != index else { return }
        batons[next].signal()
        batons[index].wait()
    }

    func willTakeLock() {
        guard let (index, isOutermost) = caller(enteringLock: true), isOutermost else { return }
        yield(index)
    }

    func didReleaseLock() {
        _ = caller(leavingLock: true)
    }

    func willSynchronize() {
        guard let (index, isOutermost) = caller(), isOutermost else { return }
        yield(index)
    }

    func block(until isReady: @escaping @Sendable () -> Bool) -> Bool {
        guard let (index, isOutermost) = caller() else { return false }
        precondition(isOutermost, "a controlled thread blocks while it holds a lock")
        let next = bookkeeping.withLockUnscheduled { book -> Int? in
            book.status[index] = .blocked(isReady)
            guard let next = book.choose(after: index) else {
                outcome.withLockUnscheduled { $0 = book.outcomeWhenStuck }
                return nil
            }
            return next
        }
        guard let next else {
            // Nobody can run: the run is over, and this thread stays parked.
            ended.signal()
            batons[index].wait()
            return true
        }
        guard next != index else { return true }
        batons[next].signal()
        batons[index].wait()
        return true
    }
}

/// The calling thread, as `pthread_self()`.
#endif
