import Effects
import Synchronization

extension StoreCore {
    /// Stops everything: queued work and observers are dropped, running effects are cancelled,
    /// later dispatches are ignored.
    ///
    /// Whatever the store held is released after the lock is let go: a queued action's payload
    /// or an observer's closure may own something whose release calls back into the store.
    ///
    /// - Complexity: O(queued work + observers + running effects).
    func shutDown() {
        let (queue, observers) = shared.withLock { shared in
            shared.phase = .shutDown
            defer {
                shared.queue = FIFOQueue()
                shared.observers = ObserverList()
            }
            return (shared.queue, shared.observers)
        }
        effects.close()
        resumeAllIdleWaiters()
        _ = queue
        _ = observers
    }
}
