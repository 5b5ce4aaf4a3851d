import Effects

/// The work one ``Store/send(_:)`` started, to wait for or to cancel: the sent action, the
/// effects its middlewares started, the actions those effects send, their effects, and so on,
/// on whichever threads.
///
/// ```swift
/// let task = store.send(.loadHighScores)
/// await task.finish()   // the scores are loaded (or failed to), and reduced
/// ```
///
public struct StoreTask: Hashable, Sendable {
    @usableFromInline let tracker: TaskTracker

    @inlinable
    init(tracker: TaskTracker) {
        self.tracker = tracker
    }

    /// Waits until all of the work has ended, or is cancelled; cancelling the awaiting task
    /// cancels the work.
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

    /// Cancels the work: its running effects are cancelled, its queued actions and whatever its
    /// effects send from now on are dropped, and waiters in ``finish()`` return.
    public func cancel() {
        tracker.cancel()
    }

    /// Whether the work was cancelled: by ``cancel()``, a cancelled ``finish()``, or the store's
    /// release.
    public var isCancelled: Bool {
        tracker.isCancelled
    }

    /// Whether the work is over: finished, or cancelled.
    public var isOver: Bool {
        tracker.isOver
    }

    /// Calls `callback` once the store has processed the sent action (reduced it, started its
    /// effects, notified the observers) or dropped it; at once, on this thread, if it has.
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
