import Effects
import Redux
import Testing

/// The work one ``TestStore`` send started, to assert that it ends or to end it.
///
/// Each `send` returns one. It follows what the action's middlewares start, the actions those
/// effects send, their effects in turn, and so on (a `StoreTask`, seen from a test).
/// ``finish(timeout:sourceLocation:)`` fails the test, instead of waiting forever, when that
/// work does not end; ``cancel()`` ends it, as a view that goes away ends the work it started:
///
/// ```swift
/// let listening = await store.send(.listen)
/// feed.yield(1)
/// await store.receive(.heard(1)) { $0.heard = [1] }
/// listening.cancel()   // the view that listened went away
/// await store.finish()
/// ```
///
/// Two values are equal when they stand for the same send.
public struct TestStoreTask: Hashable, Sendable {
    /// The store's task for the send.
    let task: StoreTask
    let watch: WorkWatch
    /// How long ``finish(timeout:sourceLocation:)`` waits by default: the test store's
    /// ``TestStore/timeout`` when it sent the action.
    let timeout: Duration
    /// The sent action, as a failure names it.
    let actionName: String

    /// Asserts that the work the action started ends, waiting for it only while some of it is
    /// away from the test scheduler.
    ///
    /// The async tasks that are ready run first. If the work is not over then and everything
    /// left of the store's work waits on the test scheduler's clock (a delay, a sleep on
    /// `TestScheduler`'s `clock`), nothing can end it before the clock moves: the test
    /// fails at once, and the message says to advance the scheduler. If some work is away (a task
    /// in a call to the main actor, an effect on a real scheduler), this waits for it, in real
    /// time, up to `timeout`, and fails if the work is still not over.
    ///
    /// ```swift
    /// let beeping = await store.send(.beepLater)
    /// store.advance(by: .seconds(1))
    /// await store.receive(.beep) { $0.beeps = 1 }
    /// await beeping.finish()
    /// ```
    ///
    /// The actions the work sent still wait to be received; the task's end does not assert them.
    ///
    /// - Parameters:
    ///   - timeout: How long to wait, at most, for work away from the scheduler; the test
    ///     store's ``TestStore/timeout`` when it sent the action by default.
    ///   - sourceLocation: Where a failure is reported; the caller's line by default.
    public func finish(
        timeout: Duration? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        let limit = timeout ?? self.timeout
        let task = task, activity = watch.activity
        task.whenOver { activity.signal() }
        let outcome = await watch.wait(
            limit: limit, settle: watch.scheduler.runReadyTasks, until: { task.isOver })
        let scheduled = watch.scheduler.pendingWorkCount
        switch outcome {
        case .done:
            return
        case .stuckOnTheClock:
            Issue.record(
                Comment(
                    rawValue:
                        "The work \(actionName) started is still in flight, and cannot end before the "
                        + "test scheduler moves: \(scheduled) piece(s) of work are scheduled on it. "
                        + "Advance the scheduler, or cancel the task."),
                sourceLocation: sourceLocation)
        case .timedOut(let waited):
            Issue.record(
                Comment(
                    rawValue:
                        "The work \(actionName) started is still in flight after \(waited). "
                        + "Wait longer (timeout:), advance the scheduler, or cancel the task."),
                sourceLocation: sourceLocation)
        }
    }

    /// Ends the work the action started: its running effects are cancelled (an `Effect.run` task
    /// among them), the actions it still had queued are dropped, and so is anything it sends
    /// from now on.
    ///
    /// The cancelled tasks' last jobs run before this returns, so a task that waits on the test
    /// scheduler (a sleep on its `clock`) has ended, and its effect with it. A task away from the
    /// scheduler (in a call to the main actor) ends when it comes back; the store no longer
    /// counts its effect as running from now on. Cancelling twice, or after the work has ended,
    /// does nothing.
    ///
    /// ```swift
    /// let ticking = await store.send(.tickLater)   // an Effect.run asleep on the test clock
    /// ticking.cancel()
    /// #expect(store.scheduler.pendingWorkCount == 0)
    /// ```
    public func cancel() {
        task.cancel()
        watch.scheduler.runReadyTasks()
    }

    /// Whether the work was cancelled: by ``cancel()``, by ``TestStore/skipInFlightEffects()``,
    /// or by the test store's release.
    public var isCancelled: Bool {
        task.isCancelled
    }

    /// Two tasks are equal when they stand for the same send.
    public static func == (lhs: TestStoreTask, rhs: TestStoreTask) -> Bool {
        lhs.task == rhs.task
    }

    /// Hashes the send's identity.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(task)
    }
}
