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
private let homeQueueKey = DispatchSpecificKey<ObjectIdentifier>()

/// A test for "the calling code runs on `queue`".
///
/// The main thread counts as on the main queue, inside a block or not (libdispatch binds it to
/// the main queue), so code run from the main thread's own loop is recognised too.
private func isRunning(on queue: DispatchQueue) -> @Sendable () -> Bool {
    let identity = ObjectIdentifier(queue)
    queue.setSpecific(key: homeQueueKey, value: identity)
    return { DispatchQueue.getSpecific(key: homeQueueKey) == identity }
}
