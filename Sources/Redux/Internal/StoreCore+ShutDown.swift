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
        let (queue, observers, waiters, opened) = shared.withLock { shared in
            settleDeparture(&shared)
            shared.phase = .shutDown
            defer {
                shared.queue = FIFOQueue()
                shared.observers = ObserverList()
                shared.successors = FIFOQueue()
                shared.roomWaiters = []
                shared.isGateClosed = false
            }
            return (
                shared.queue, shared.observers, Array(shared.successors) + shared.roomWaiters,
                effects.gate.open()
            )
        }
        effects.close()
        for waiter in waiters {
            waiter.signal()
        }
        opened.resume()
        resumeAllIdleWaiters()
        _ = queue
        _ = observers
    }
}
