import Dispatch
import Redux

extension Store {
    /// Blocks the calling thread until the store is idle (``Store/idle()``): no action waits or
    /// is being processed and no effect runs, so every delayed action has arrived and been
    /// drawn, every file has been read or written, and nothing more will happen until the next
    /// dispatch.
    ///
    /// Only the program uses it, from its main thread; tests move a `TestScheduler`.
    ///
    /// - Parameter timeout: How long to wait at most.
    /// - Returns: False if work was still going on when the time was up.
    @discardableResult
    func waitUntilIdle(timeout: Duration) -> Bool {
        let idle = DispatchSemaphore(value: 0)
        let waiter = Task {
            await self.idle()
            idle.signal()
        }
        let (seconds, attoseconds) = timeout.components
        let nanoseconds = Int(
            min(Double(seconds) * 1e9 + Double(attoseconds) / 1e9, Double(Int.max / 2)))
        guard idle.wait(timeout: .now() + .nanoseconds(nanoseconds)) == .success else {
            waiter.cancel()
            return false
        }
        return true
    }
}
