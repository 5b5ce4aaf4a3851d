import Effects

extension StoreCore {
    /// Stops everything: queued work and observers are dropped, running effects are cancelled,
    /// later dispatches are ignored, and every thread or task waiting for the queue goes on.
    ///
    /// Whatever the store held is released after the lock is let go: a queued action's payload
    /// or an observer's closure may own something whose release calls back into the store.
    ///
    /// - Complexity: O(queued work + observers + running effects + waiting threads).
    func shutDown() {
        let (remains, observers, opened) = shared.withLock { shared in
            defer { shared.observers = ObserverList() }
            return (shared.machine.shutDown(), shared.observers, effects.gate.open())
        }
        effects.close()
        for waiter in remains.waiters {
            waiter.signal()
        }
        opened.resume()
        for continuation in remains.idleWaiters {
            continuation.resume()
        }
        _ = observers
    }
}
