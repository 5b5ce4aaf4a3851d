import Redux

extension Store {
    /// Waits until the store is idle (``Store/idle()``): no action waits or is being processed
    /// and no effect runs, so every delayed action has arrived and been drawn, every file has
    /// been read or written, and nothing more will happen until the next dispatch. Gives up
    /// after `timeout`.
    ///
    /// The wait and a sleep of `timeout` race in a task group; whichever ends first decides,
    /// and the other is cancelled (`idle()` returns when its task is cancelled). Only the
    /// program uses it; tests move a `TestScheduler`.
    ///
    /// ```swift
    /// session.store.dispatch(.flipCard(id))
    /// await session.store.idle(timeout: .seconds(61))   // the mismatch has turned back
    /// ```
    ///
    /// - Parameter timeout: How long to wait at most.
    /// - Returns: False if work was still going on when the time was up.
    @discardableResult
    func idle(timeout: Duration) async -> Bool {
        await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                await self.idle()
                return true
            }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return false
            }
            let isIdle = await group.next() ?? false
            group.cancelAll()
            return isIdle
        }
    }
}
