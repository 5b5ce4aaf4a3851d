/// Names a piece of work in a scheduler's timer queue for as long as it is pending: what the
/// `any Cancellable` that ``TestScheduler`` and ``DispatchQueueScheduler`` hand back for
/// scheduled work keeps, to take that work back.
typealias TimerHandle = TimerHeap<TimedWork>.Handle
