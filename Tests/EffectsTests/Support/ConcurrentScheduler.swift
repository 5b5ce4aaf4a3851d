import Dispatch
import Effects

/// A scheduler that runs every piece of work at once on a concurrent queue, so that two pieces
/// may run at the same time: for pinning that a relay still calls its downstream one call at a
/// time. Its clock stands still; delays are ignored.
struct ConcurrentScheduler: Scheduler {
    let queue = DispatchQueue(label: "ConcurrentScheduler", attributes: .concurrent)

    var now: Duration {
        .zero
    }

    func schedule(_ action: @escaping @Sendable () -> Void) {
        queue.async(execute: action)
    }

    func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void)
        -> any Cancellable
    {
        queue.async(execute: action)
        return Subscriptions.empty
    }
}
