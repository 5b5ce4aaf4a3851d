import Effects

extension StoreCore {
    /// Whether nothing is left to do: nobody drains or is about to (so the queue is empty) and no
    /// effect runs.
    ///
    /// Both are read at one moment: the effect count is read while the store's lock is held.
    var isIdle: Bool {
        shared.withLock { shared in
            shared.machine.isAtRest && effects.runningCount == 0
        }
    }

    /// Whether actions are queued or being processed (a drain is scheduled or running), on any
    /// thread.
    var isProcessingActions: Bool {
        shared.withLock { !$0.machine.isAtRest }
    }

    /// Suspends until the store is idle (at once if it is), or the waiting task is cancelled.
    ///
    /// The waiter is resumed by whichever thread makes the store idle: the drainer that empties
    /// the queue, or the effect that ends last. Each of them, after its own change, asks the
    /// machine under the store's lock, and so does the waiter as it starts to wait: one of them
    /// sees the other.
    func idle() async {
        let id = shared.withLock { $0.machine.makeIdleWaiterID() }
        await withTaskCancellationHandler {
            await withUnsafeContinuation { continuation in
                let resumed = shared.withLock { shared in
                    shared.machine.waitForIdle(
                        continuation, id: id, effectsRunning: effects.runningCount > 0)
                }
                for waiter in resumed {
                    waiter.resume()
                }
                if Task.isCancelled { stopWaitingForIdle(id) }
            }
        } onCancel: {
            stopWaitingForIdle(id)
        }
    }

    /// Called where work ends (a drain, an effect): resumes the waiters if the store is idle now.
    @inlinable
    func workEnded() {
        resume(shared.withLock { idleWaitersToResume(in: &$0) })
    }

    /// Resumes the tasks that waited in `idle()`, if any.
    @inlinable
    func resume(_ idleWaiters: [UnsafeContinuation<Void, Never>]?) {
        guard let idleWaiters else { return }
        for continuation in idleWaiters {
            continuation.resume()
        }
    }

    /// Under the lock, as some work ends: the tasks in `idle()` to resume, if the store is idle
    /// now; nil while none waits. The effect count is read (the store's lock, then the effect
    /// table's: never the other way round) only while a task waits.
    @inlinable
    func idleWaitersToResume(in shared: inout Shared) -> [UnsafeContinuation<Void, Never>]? {
        guard shared.machine.isIdleWatched else { return nil }
        return shared.machine.workEnded(effectsRunning: areEffectsRunning)
    }

    /// Whether any effect of the store runs now (for inlinable code, which cannot read the
    /// runtime's count).
    @usableFromInline
    var areEffectsRunning: Bool {
        effects.runningCount > 0
    }

    /// Resumes the waiter `id`, if it still waits (its task was cancelled).
    private func stopWaitingForIdle(_ id: Int) {
        let continuation = shared.withLock { $0.machine.stopWaitingForIdle(id: id) }
        continuation?.resume()
    }
}
