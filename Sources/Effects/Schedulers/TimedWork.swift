/// A piece of work a timer queue holds: what to run, and how often if it repeats.
///
/// The schedulers keep these in a ``TimerHeap`` behind their lock and run `action` only after
/// unlocking.
struct TimedWork: Sendable {
    /// The work to run.
    let action: @Sendable () -> Void

    /// The time between two runs of repeating work; nil for work that runs once.
    let interval: Duration?

    /// Makes work that runs once, or every `interval` if one is given.
    init(_ action: @escaping @Sendable () -> Void, repeatingEvery interval: Duration? = nil) {
        self.action = action
        self.interval = interval
    }
}

/// Names a piece of work in a scheduler's timer queue for as long as it is pending: what the
/// `any Cancellable` that ``TestScheduler`` and ``DispatchQueueScheduler`` hand back for
/// scheduled work keeps, to take that work back.
typealias TimerHandle = TimerHeap<TimedWork>.Handle
