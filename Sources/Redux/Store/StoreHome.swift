import Dispatch
import Effects

/// Where a store does all its work: reducing, interceptors, middlewares and observers.
///
/// A store made with a home runs every action there, one at a time; `dispatch` from anywhere
/// else queues the action and returns at once: what a user interface wants.
///
/// ```swift
/// let store = Store(initial: Game(), mutatingReducer: gameReducer, on: .mainActor)
/// let worker = DispatchQueueScheduler()
/// let store2 = Store(initial: Game(), mutatingReducer: gameReducer, on: .scheduler(worker))
/// ```
public struct StoreHome: Sendable {
    @usableFromInline let schedule: @Sendable (@escaping @Sendable () -> Void) -> Void

    /// Whether the calling code runs on the home; nil when the home cannot tell (a scheduler
    /// other than a ``/Effects/DispatchQueueScheduler``).
    @usableFromInline let isCurrent: (@Sendable () -> Bool)?

    /// The main actor (the main queue): where user interfaces update.
    ///
    /// The main thread must run its queue (a command-line program calls `dispatchMain()`). A
    /// dispatch made on the main actor while the store is not busy is processed at once.
    public static var mainActor: StoreHome {
        StoreHome(
            schedule: { DispatchQueue.main.async(execute: $0) },
            isCurrent: isRunning(on: .main)
        )
    }

    /// A serial scheduler, which runs the store's work one piece at a time.
    ///
    /// On a ``/Effects/DispatchQueueScheduler``, a dispatch made on its queue while the store is
    /// not busy is processed at once; a ``/Effects/TestScheduler`` runs the work as it advances.
    public static func scheduler(_ scheduler: some Scheduler) -> StoreHome {
        let queue = (scheduler as? DispatchQueueScheduler)?.queue
        return StoreHome(
            schedule: { scheduler.schedule($0) },
            isCurrent: queue.map(isRunning(on:))
        )
    }
}

private let homeQueueKey = DispatchSpecificKey<HomeQueueTag>()

private final class HomeQueueTag: Sendable {}

/// For the observers that ``Store/subscribe(onMainActor:)`` calls.
let isOnMainQueue = isRunning(on: .main)

/// Serializes the first tagging of a queue: two homes made at once on one queue share a tag.
private let homeQueueTagging = Lock(())

/// One tag per queue, shared by every home on it: two `DispatchQueue` wrappers can stand for one
/// queue (on Linux, each `DispatchQueue.main`).
private func isRunning(on queue: DispatchQueue) -> @Sendable () -> Bool {
    let tag = homeQueueTagging.withLock { _ -> HomeQueueTag in
        if let existing = queue.getSpecific(key: homeQueueKey) { return existing }
        let tag = HomeQueueTag()
        queue.setSpecific(key: homeQueueKey, value: tag)
        return tag
    }
    return { DispatchQueue.getSpecific(key: homeQueueKey) === tag }
}
