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
/// may schedule more work or cancel other work.
public final class TestScheduler: Scheduler {
    private struct Work {
        let due: Duration
        let sequence: UInt64
        let action: @Sendable () -> Void
    }

    private struct State {
        var now = Duration.zero
        var nextSequence: UInt64 = 0
        /// Sorted by (due, sequence), earliest first, from `head` on; entries before `head`
        /// have run. New work is usually due last, so inserting is usually appending.
        var queue: [Work] = []
        var head = 0

        var pendingCount: Int {
            queue.count - head
        }

        mutating func insert(_ work: Work) {
            if head < queue.count, let last = queue.last, Self.runsBefore(work, last) {
                var low = head, high = queue.count
                while low < high {
                    let middle = (low + high) / 2
                    let other = queue[middle]
                    if Self.runsBefore(other, work) {
                        low = middle + 1
                    } else {
                        high = middle
                    }
                }
                queue.insert(work, at: low)
            } else {
                queue.append(work)
            }
        }

        static func runsBefore(_ first: Work, _ second: Work) -> Bool {
            (first.due, first.sequence) < (second.due, second.sequence)
        }

        mutating func takeNext(dueBy limit: Duration?) -> Work? {
            guard head < queue.count else { return nil }
            let next = queue[head]
            if let limit, next.due > limit { return nil }
            head += 1
            if head == queue.count {
                queue.removeAll(keepingCapacity: true)
                head = 0
            } else if head >= 256, head * 2 >= queue.count {
                queue.removeFirst(head)
                head = 0
            }
            now = max(now, next.due)
            return next
        }

        mutating func remove(sequence: UInt64) -> Work? {
            guard let index = queue[head...].firstIndex(where: { $0.sequence == sequence }) else { return nil }
            return queue.remove(at: index)
        }
    }

    private let state = Mutex(State())

    /// Makes a scheduler whose clock reads zero.
    public init() {}

    /// The virtual time: zero at the start, moved only by advancing.
    public var now: Duration {
        state.withLock { $0.now }
    }

    /// How many pieces of work are scheduled and not yet run or cancelled.
    ///
    /// A test ends by checking that this is zero.
    public var pendingWorkCount: Int {
        state.withLock { $0.pendingCount }
    }

    /// Schedules `action` at the current instant; it runs at the next advance (even by zero).
    public func schedule(_ action: @escaping @Sendable () -> Void) {
        _ = enqueue(after: .zero, action)
    }

    /// Schedules `action` at `now + delay`, a negative delay counting as zero.
    ///
    /// - Returns: A cancellable that removes the work, and releases `action`, if it has not run.
    @discardableResult
    public func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> any Cancellable {
        let sequence = enqueue(after: delay, action)
        return ScheduledWork(scheduler: self, sequence: sequence)
    }

    /// Moves the clock forward by `duration`, running all work that falls due on the way.
    ///
    /// - Parameter duration: How far to move; must not be negative.
    public func advance(by duration: Duration = .zero) {
        precondition(
            duration >= .zero,
            "TestScheduler.advance(by:) cannot move time backwards (asked for \(duration))"
        )
        advance(to: now + duration)
    }

    /// Moves the clock to `instant`, running all work due up to and including it.
    ///
    /// - Parameter instant: The time to move to; must not be before ``now``.
    public func advance(to instant: Duration) {
        let start = now
        precondition(
            instant >= start,
            "TestScheduler.advance(to:) cannot move time backwards (from \(start) to \(instant))"
        )
        while let work = state.withLock({ $0.takeNext(dueBy: instant) }) {
            work.action()
        }
        state.withLock { $0.now = max($0.now, instant) }
    }

    /// Runs every piece of work, moving the clock to each one's due time, until none is left.
    ///
    /// Work that keeps scheduling more work makes this loop forever; advance by a bounded
    /// amount instead in that case.
    public func run() {
        while let work = state.withLock({ $0.takeNext(dueBy: nil) }) {
            work.action()
        }
    }

    private func enqueue(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> UInt64 {
        state.withLock { state in
            let sequence = state.nextSequence
            state.nextSequence += 1
            state.insert(Work(due: state.now + max(delay, .zero), sequence: sequence, action: action))
            return sequence
        }
    }

    fileprivate func cancelWork(_ sequence: UInt64) {
        let removed = state.withLock { $0.remove(sequence: sequence) }
        // Release the action (and what it captures) outside the lock.
        _ = removed
    }
}

private struct ScheduledWork: Cancellable {
    let scheduler: TestScheduler
    let sequence: UInt64

    func cancel() {
        scheduler.cancelWork(sequence)
    }
}
