import Effects

/// The work one ``Store/send(_:)`` started, to wait for or to cancel.
///
/// It covers the sent action, every effect its middlewares started, every action those effects
/// send, their own effects, and so on, however many threads the work runs on.
///
/// ```swift
/// let task = store.send(.loadHighScores)
/// await task.finish()   // the scores are loaded (or failed to), and reduced
/// ```
///
/// In a SwiftUI `.task` or any structured code, awaiting ``finish()`` ties the work to the
/// waiting task: cancelling the waiting task cancels the work.
///
/// <!-- not compiled: a SwiftUI view modifier -->
/// ```swift
/// .task { await store.send(.startListening).finish() }   // stops listening when the view goes
/// ```
///
/// Two values are equal when they stand for the same ``Store/send(_:)``.
public struct StoreTask: Hashable, Sendable {
    @usableFromInline let tracker: TaskTracker

    @inlinable
    init(tracker: TaskTracker) {
        self.tracker = tracker
    }

    /// Waits until every effect the action started, and every effect started by the actions
    /// they sent, has ended, and those actions have all been processed; or until the work is
    /// cancelled.
    ///
    /// Waiting does not poll: the thread that ends the last piece of work resumes the waiter.
    /// If the task awaiting this is cancelled, the work is cancelled (``cancel()``), and this
    /// returns.
    public func finish() async {
        let tracker = tracker
        await withTaskCancellationHandler {
            await withUnsafeContinuation { continuation in
                tracker.whenOver { continuation.resume() }
            }
        } onCancel: {
            tracker.cancel()
        }
    }

    /// Cancels the work: every running effect of it is cancelled (an `Effect.run` task among
    /// them), its actions still waiting in the store's queue are dropped, and anything its
    /// effects send from now on is dropped. Waiters in ``finish()`` return.
    ///
    /// Cancelling twice, or after the work has finished, does nothing.
    public func cancel() {
        tracker.cancel()
    }

    /// Whether the work was cancelled, by ``cancel()``, by the cancellation of a task waiting in
    /// ``finish()``, or by the store's release.
    public var isCancelled: Bool {
        tracker.isCancelled
    }

    /// Whether the work is over: finished, or cancelled.
    public var isOver: Bool {
        tracker.isOver
    }

    /// Calls `callback` once the store has processed the sent action (reduced it, started its
    /// effects and notified the observers), or dropped it; at once, on this thread, if it has.
    ///
    /// A test store uses it to tell the sent action's reduction from others whichever thread
    /// processes it.
    package func whenActionProcessed(_ callback: @escaping @Sendable () -> Void) {
        tracker.whenSentActionProcessed(callback)
    }

    /// Calls `callback` once the work is over; at once, on this thread, if it is.
    package func whenOver(_ callback: @escaping @Sendable () -> Void) {
        tracker.whenOver(callback)
    }

    /// Two tasks are equal when they stand for the same send.
    public static func == (lhs: StoreTask, rhs: StoreTask) -> Bool {
        lhs.tracker === rhs.tracker
    }

    /// Hashes the send's identity.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(tracker))
    }
}
