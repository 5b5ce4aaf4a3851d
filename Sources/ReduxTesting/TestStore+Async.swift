import Effects
import Redux
import Testing

extension TestStore {
    /// Sends `action`, lets the async work it starts run until it waits, and asserts the state
    /// the action led to.
    ///
    /// If another thread is processing the store's actions at that moment (an effect on a real
    /// scheduler), this waits for that thread to reduce the test's action.
    ///
    /// - Parameters:
    ///   - action: The action to dispatch.
    ///   - update: Changes the previous state into the expected one; omit it when the action
    ///     must change nothing.
    ///   - sourceLocation: Where a failure is reported; the caller's line by default.
    /// - Returns: The task of the work the action started, to cancel it or wait for it.
    @discardableResult
    public func send(
        _ action: Action,
        assert update: ((inout State) throws -> Void)? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async -> StoreTask {
        let task = startSending(action, sourceLocation: sourceLocation)
        await withUnsafeContinuation { continuation in
            task.whenActionProcessed { continuation.resume() }
        }
        finishSending(action, task, update, sourceLocation: sourceLocation)
        return task
    }

    /// Asserts that the next action an effect sent is `action`, and the state it led to,
    /// waiting for it if an effect that left the scheduler may still send it.
    ///
    /// The tasks that are ready run first; then, if the action has not arrived and the store
    /// still has work in flight, this waits (in real time, up to `timeout`) for an action to
    /// arrive or a job to come back to the scheduler. On virtual time nothing arrives without
    /// the clock moving: advance it first.
    ///
    /// - Parameters:
    ///   - action: The action expected next.
    ///   - timeout: How long to wait at most; ``timeout`` by default.
    ///   - update: Changes the previous state into the expected one; omit it when the action
    ///     must change nothing.
    ///   - sourceLocation: Where a failure is reported; the caller's line by default.
    public func receive(
        _ action: Action,
        timeout: Duration? = nil,
        assert update: ((inout State) throws -> Void)? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        await receive(Expectation(action), timeout: timeout, update, sourceLocation: sourceLocation)
    }

    /// Asserts that the next action an effect sent is one that `matches` accepts, and the state
    /// it led to, waiting for it as ``receive(_:timeout:assert:sourceLocation:)`` does.
    ///
    /// ```swift
    /// await store.receive(where: { if case .highScoresLoaded = $0 { true } else { false } }) {
    ///     $0.highScores = [12, 15]
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - matches: Whether an action is the one expected.
    ///   - timeout: How long to wait at most; ``timeout`` by default.
    ///   - update: Changes the previous state into the expected one; omit it when the action
    ///     must change nothing.
    ///   - sourceLocation: Where a failure is reported; the caller's line by default.
    public func receive(
        where matches: @escaping (Action) -> Bool,
        timeout: Duration? = nil,
        assert update: ((inout State) throws -> Void)? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        await receive(
            Expectation(matches), timeout: timeout, update, sourceLocation: sourceLocation)
    }

    /// Waits, if the store still has work in flight, until every effect has ended (in real
    /// time, up to `timeout`), then asserts as ``finish(sourceLocation:)`` does.
    ///
    /// - Parameters:
    ///   - timeout: How long to wait at most; ``timeout`` by default.
    ///   - sourceLocation: Where a failure is reported; the caller's line by default.
    public func finish(timeout: Duration? = nil, sourceLocation: SourceLocation = #_sourceLocation)
        async
    {
        isFinished = true
        if exhaustivity == .on {
            _ = await waitUntil(timeout: timeout) { $0.store.isIdle }
        } else {
            settle()
        }
        checkFinished(sourceLocation: sourceLocation)
    }

    private func receive(
        _ expectation: Expectation,
        timeout: Duration?,
        _ update: ((inout State) throws -> Void)?,
        sourceLocation: SourceLocation
    ) async {
        let waited = await waitUntil(timeout: timeout) { store in
            store.index(meeting: expectation) != nil
        }
        receive(expectation, update, waited: waited, sourceLocation: sourceLocation)
    }

    /// Runs the ready tasks and collects what was logged until `isDone`, or until nothing more
    /// can happen without the clock moving (the store is idle), or until `timeout` has passed,
    /// or the test's task is cancelled.
    ///
    /// - Returns: nil when `isDone` held or could no longer change; how long it waited when the
    ///   time ran out (or the waiting was cancelled).
    private func waitUntil(timeout: Duration?, _ isDone: (TestStore) -> Bool) async -> Duration? {
        let limit = timeout ?? self.timeout
        let deadline = ContinuousClock.now + limit
        while true {
            let generation = activity.generation
            settle()
            if isDone(self) { return nil }
            // Nothing queued, nothing running, no job ready: nothing can arrive.
            if store.isIdle, scheduler.readyTaskCount == 0 { return nil }
            if ContinuousClock.now >= deadline || Task.isCancelled { return limit }
            await waitForActivity(after: generation, until: deadline)
        }
    }

    /// Suspends until something is logged, a job arrives at the scheduler, the store falls
    /// idle, or `deadline` passes.
    private func waitForActivity(after generation: Int, until deadline: ContinuousClock.Instant)
        async
    {
        let store = store, activity = activity
        let idle = Task {
            await store.idle()
            if !Task.isCancelled { activity.signal() }
        }
        let timer = Task {
            // The only real-time wait in the test store, and only when work is off the
            // scheduler: an effect on virtual time is never waited for.
            guard (try? await ContinuousClock().sleep(until: deadline)) != nil else { return }
            activity.signal()
        }
        await activity.wait(after: generation)
        idle.cancel()
        timer.cancel()
    }
}
