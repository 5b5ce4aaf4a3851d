import Dispatch
import Effects

/// Where a store does all its work: reducing, interceptors, middlewares and observers.
///
/// A store made with a home (`Store(…, on: .mainActor)`) runs every action there, one at a time;
/// `dispatch` from anywhere else queues the action, asks the home to run the queue, and returns
/// at once. This is what a user interface wants: observers (and ``ObservableStore``'s changes)
/// always on the main actor, whichever thread or effect sent the action.
///
/// ```swift
/// let store = Store(initial: Game(), mutatingReducer: gameReducer, on: .mainActor)
/// let worker = DispatchQueueScheduler()
/// let store2 = Store(initial: Game(), mutatingReducer: gameReducer, on: .scheduler(worker))
/// ```
///
/// A store without a home (the default) has its callers do the work instead; ``Store`` compares
/// the two, and <doc:Threading> tells which thread runs what in each.
public struct StoreHome: Sendable {
    /// Runs a piece of the store's work on the home, later.
    @usableFromInline let schedule: @Sendable (@escaping @Sendable () -> Void) -> Void

    /// Tells whether the calling code runs on the home; nil when the home cannot tell (a
    /// scheduler other than the main queue or a ``/Effects/DispatchQueueScheduler``).
    @usableFromInline let isCurrent: (@Sendable () -> Bool)?

    /// The main actor (the main queue): where user interfaces update.
    ///
    /// The main thread must run its queue (an app does; a command-line program calls
    /// `dispatchMain()` or uses `async` code). A dispatch made on the main actor while the store
    /// is not busy is processed before `dispatch` returns, as it would be without a home.
    public static var mainActor: StoreHome {
        StoreHome(
            schedule: { DispatchQueue.main.async(execute: $0) },
            isCurrent: isRunning(on: .main)
        )
    }

    /// A serial scheduler: the store's work runs in the pieces of work it schedules there.
    ///
    /// With a ``/Effects/DispatchQueueScheduler`` (the main queue's included), a dispatch made on its
    /// queue while the store is not busy is processed before `dispatch` returns. A
    /// ``/Effects/TestScheduler`` runs the store's work when the test advances it, which makes a home's
    /// behaviour deterministic to test.
    ///
    /// - Parameter scheduler: Runs the store's work; one piece at a time.
    /// - Returns: The home.
    public static func scheduler(_ scheduler: some Scheduler) -> StoreHome {
        let queue = (scheduler as? DispatchQueueScheduler)?.queue
        return StoreHome(
            schedule: { scheduler.schedule($0) },
            isCurrent: queue.map(isRunning(on:))
        )
    }
}

/// Marks each queue a home runs on with its own identity: `getSpecific` then tells, from inside
/// any piece of work, which queue (of those marked) runs it.
private let homeQueueKey = DispatchSpecificKey<HomeQueueTag>()

/// What marks a dispatch queue that is some store's home, so that code can tell it runs there.
private final class HomeQueueTag: Sendable {}

/// Whether the calling code runs on the main queue (and so on the main actor): for the observers
/// that ``Store/subscribe(onMainActor:)`` calls.
let isOnMainQueue = isRunning(on: .main)

/// Serializes the first tagging of a queue: two homes made at once on one queue share a tag.
private let homeQueueTagging = Lock(())

/// Whether the calling code runs on `queue`.
///
/// The tag is set on the queue once and shared by every home on it: a `DispatchQueue` value is a
/// wrapper, and two wrappers can stand for one queue (on Linux, each `DispatchQueue.main` is a
/// new one), so a tag per wrapper would leave only the last home able to tell.
private func isRunning(on queue: DispatchQueue) -> @Sendable () -> Bool {
    let tag = homeQueueTagging.withLock { _ -> HomeQueueTag in
        if let existing = queue.getSpecific(key: homeQueueKey) { return existing }
        let tag = HomeQueueTag()
        queue.setSpecific(key: homeQueueKey, value: tag)
        return tag
    }
    return { DispatchQueue.getSpecific(key: homeQueueKey) === tag }
}
