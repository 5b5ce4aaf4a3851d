import Effects

extension Store {
    /// Sends an action through the store, as ``dispatch(_:)`` does, and returns a task that
    /// follows the work it starts.
    ///
    /// The task covers every effect the action's middlewares start, every action those effects
    /// send, their effects in turn, and so on: ``StoreTask/finish()`` waits for all of it,
    /// ``StoreTask/cancel()`` cancels all of it.
    ///
    /// ```swift
    /// await store.send(.loadHighScores).finish()
    /// print(store.state.highScores)   // loaded, or the error that stopped it
    /// ```
    ///
    /// `dispatch` stays the fastest way to send an action whose work nobody waits for: following
    /// a task costs an object and a few uncontended locks per action and per effect of it.
    ///
    /// - Parameter action: The action to process.
    /// - Returns: The task, to await or cancel; it may be ignored.
    @discardableResult
    @inlinable
    public func send(_ action: Action) -> StoreTask {
        StoreTask(tracker: core.send(action))
    }

    /// Waits until the store has nothing left to do: no action waits in its queue or is being
    /// processed, and no effect runs.
    ///
    /// It returns at once if the store is idle already. Otherwise the thread that makes it idle
    /// (the one that processes the last action, or ends the last effect) resumes it; nothing
    /// polls. Work that arrives later (a new dispatch) is not waited for. It also returns if the
    /// waiting task is cancelled: check `Task.isCancelled` if that matters.
    ///
    /// ```swift
    /// store.dispatch(.flipCard(id))
    /// await store.idle()   // the mismatch has turned face down again, and been drawn
    /// ```
    ///
    /// On a `TestScheduler`, nothing moves while the test waits: move the clock instead.
    public func idle() async {
        await core.idle()
    }

    /// Whether the store has nothing left to do right now: no action queued or being processed,
    /// no effect running.
    package var isIdle: Bool {
        core.shared.withLock { $0.machine.isAtRest && !core.areEffectsRunning }
    }

    /// Whether actions are queued or being processed right now, on any thread. A test store
    /// reads it to tell whether another thread may still reduce an action.
    package var isProcessingActions: Bool {
        core.shared.withLock { !$0.machine.isAtRest }
    }

    /// Shuts the store down now, as releasing it would: running effects are cancelled, later
    /// dispatches are ignored. For a test store, which must run the cancelled tasks' last jobs
    /// after the store has let them go.
    package func shutDown() {
        core.shutDown()
    }
}
