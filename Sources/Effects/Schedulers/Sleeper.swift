/// One sleep on a ``SchedulerClock``: the suspended task's continuation and the wake-up it
/// scheduled, and the race between waking up and being cancelled.
///
/// Whichever of waking and cancelling moves the stage on first resumes the continuation (once);
/// the other finds nothing to do. Cancelling may come before the continuation arrives (the task
/// was cancelled as it went to sleep), or before the scheduler has returned the wake-up's handle;
/// both cases are stages of their own, so nothing is lost and nothing resumed twice.
final class Sleeper: Sendable {
    private enum Stage {
        /// Made; the continuation has not arrived.
        case starting
        /// Cancelled before the continuation arrived: it is resumed with the error as it comes.
        case cancelledEarly
        /// Suspended; the wake-up's handle arrives once the scheduler has returned it.
        case sleeping(UnsafeContinuation<Void, any Error>, (any Cancellable)?)
        /// Woken or cancelled.
        case over
    }

    private let stage = Lock(Stage.starting)

    /// Schedules the wake-up `delay` from now on `scheduler`, unless already cancelled.
    func sleep(
        _ continuation: UnsafeContinuation<Void, any Error>, for delay: Duration,
        on scheduler: any Scheduler
    ) {
        let wasCancelled = stage.withLock { stage -> Bool in
            guard case .starting = stage else {
                stage = .over
                return true
            }
            stage = .sleeping(continuation, nil)
            return false
        }
        if wasCancelled {
            continuation.resume(throwing: CancellationError())
            return
        }
        let handle = scheduler.schedule(after: delay) { self.wake() }
        let isStillSleeping = stage.withLock { stage -> Bool in
            guard case .sleeping(let continuation, nil) = stage else { return false }
            stage = .sleeping(continuation, handle)
            return true
        }
        // Woken meanwhile (an immediate scheduler) or cancelled meanwhile: release the work.
        // Cancelling work that has run is harmless.
        if !isStillSleeping { handle.cancel() }
    }

    /// Run by the scheduler when the deadline comes.
    private func wake() {
        // Scheduled only once the continuation is in: the stage is past `starting`.
        guard let (continuation, _) = end() else { return }
        continuation.resume()
    }

    /// Run when the sleeping task is cancelled: ends the sleep with `CancellationError` and
    /// removes the wake-up from the scheduler.
    func cancel() {
        guard let (continuation, handle) = end() else { return }
        handle?.cancel()
        continuation.resume(throwing: CancellationError())
    }

    /// Moves to `over` (to `cancelledEarly` if the continuation has not arrived); returns the
    /// continuation and the handle when this call ended the sleep.
    private func end() -> (UnsafeContinuation<Void, any Error>, (any Cancellable)?)? {
        stage.withLock { stage in
            switch stage {
            case .starting:
                stage = .cancelledEarly
                return nil
            case .sleeping(let continuation, let handle):
                stage = .over
                return (continuation, handle)
            case .cancelledEarly, .over:
                return nil
            }
        }
    }
}
