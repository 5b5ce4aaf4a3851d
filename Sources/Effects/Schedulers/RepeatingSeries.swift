/// Repeating work on a scheduler that only knows one-shot work: the default behind
/// ``Scheduler/schedule(after:interval:_:)``.
///
/// One run is scheduled at a time, the next when it runs; the pending run's closure holds this
/// object, and cancelling that run releases it.
final class RepeatingSeries<Base: Scheduler>: Cancellable {
    private enum Stage {
        /// A run is being handed to the base scheduler, or is running.
        case scheduling(action: @Sendable () -> Void)
        case waiting(action: @Sendable () -> Void, run: any Cancellable)
        /// Cancelled, or ran once on a scheduler that does not wait: nothing more will run.
        case finished
    }

    private let scheduler: Base
    private let firstDue: Duration
    private let interval: Duration
    private let stage: Lock<Stage>

    init(
        scheduler: Base, firstDue: Duration, interval: Duration,
        action: @escaping @Sendable () -> Void
    ) {
        self.scheduler = scheduler
        self.firstDue = firstDue
        self.interval = interval
        stage = Lock(.scheduling(action: action))
    }

    /// Schedules run number `index` (from zero), due at `firstDue + index × interval`.
    func scheduleRun(_ index: Int64) {
        let due = firstDue + interval * index
        let run = scheduler.schedule(after: due - scheduler.now) { self.run(index) }
        let stale = stage.withLock { stage -> (any Cancellable)? in
            switch stage {
            case .scheduling(let action):
                stage = .waiting(action: action, run: run)
                return nil
            case .finished:
                return run
            case .waiting:
                preconditionFailure("RepeatingSeries: two runs scheduled at once")
            }
        }
        // Cancelled meanwhile, or already run by a scheduler that does not wait.
        stale?.cancel()
    }

    func cancel() {
        let taken = stage.withLock { stage in
            defer { stage = .finished }
            return stage
        }
        if case .waiting(_, let run) = taken {
            run.cancel()
        }
        // `taken`, and the action it holds, is released here, outside the lock.
    }

    private func run(_ index: Int64) {
        let (action, scheduleNext) = stage.withLock { stage -> ((@Sendable () -> Void)?, Bool) in
            switch stage {
            case .scheduling(let action):
                // Ran before `schedule(after:_:)` returned: the scheduler does not wait, so a
                // series would never end. Run once, as such a scheduler runs any delayed work.
                stage = .finished
                return (action, false)
            case .waiting(let action, _):
                stage = .scheduling(action: action)
                return (action, true)
            case .finished:
                return (nil, false)
            }
        }
        action?()
        if scheduleNext, stage.withLock({ if case .scheduling = $0 { true } else { false } }) {
            scheduleRun(index + 1)
        }
    }
}
