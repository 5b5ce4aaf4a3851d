/// One sleep on a ``SchedulerClock``: whichever of waking and cancelling moves the stage on first
/// resumes the continuation, once. Cancelling may come before the continuation or the wake-up's
/// handle arrives; both are stages of their own.
final class Sleeper: Sendable {
    private enum Stage {
        case starting
        /// Cancelled before the continuation arrived: it is resumed with the error as it comes.
        case cancelledEarly
        case sleeping(UnsafeContinuation<Void, any Error>, (any Cancellable)?)
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
        // Woken (an immediate scheduler) or cancelled meanwhile: release the work.
        if !isStillSleeping { handle.cancel() }
    }

    private func wake() {
        guard let (continuation, _) = end() else { return }
        continuation.resume()
    }

    /// Ends the sleep with `CancellationError` and removes the wake-up.
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
