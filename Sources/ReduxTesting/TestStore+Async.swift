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
    /// - Returns: The work the action started, to cancel it or assert that it ends.
    @discardableResult
    public func send(
        _ action: Action,
        assert update: ((inout State) throws -> Void)? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async -> TestStoreTask {
        let task = startSending(action, sourceLocation: sourceLocation)
        await withUnsafeContinuation { continuation in
            task.whenActionProcessed { continuation.resume() }
        }
        finishSending(action, task, update, sourceLocation: sourceLocation)
        return testTask(task, sending: action)
    }

    /// Asserts that the next action an effect sent is `action`, and the state it led to,
    /// waiting for it only while work away from the test scheduler may still send it.
    ///
    /// The tasks that are ready run first. If the action has not arrived then:
    /// - and everything left of the store's work waits on the test scheduler's clock (a delay,
    ///   a sleep on its `clock`), or nothing is left, nothing can arrive before the clock moves:
    ///   this fails at once, without waiting in real time (advance the clock first);
    /// - and some work is away from the scheduler (an `Effect.run` task that is running or
    ///   waiting on another actor, a real timer or a continuation; actions processed on another
    ///   thread; effects that run while nothing waits on the test scheduler, as on a real
    ///   scheduler), this waits for that work, in real time, up to `timeout`: each action it
    ///   sends and each job it brings back is looked at as it comes, without polling.
    ///
    /// When effects wait on the test scheduler and, at the same time, on something the store
    /// cannot see (a real scheduler, a thread of the test's own), only the first are counted:
    /// await the real work another way, or pass it the test scheduler. Likewise an `Effect.run`
    /// task counts as asleep while any of its child tasks (`async let`, a task group) sleeps on
    /// the clock, even if another child is away.
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

    /// Waits while work is away from the test scheduler, until every effect has ended (in real
    /// time, up to `timeout`), then asserts as ``finish(sourceLocation:)`` does.
    ///
    /// Work that waits on the test scheduler's clock is not waited for: it cannot end before the
    /// clock moves, so the assertion fails at once. What counts as away is said at
    /// ``receive(_:timeout:assert:sourceLocation:)``.
    ///
    /// - Parameters:
    ///   - timeout: How long to wait at most; ``timeout`` by default.
    ///   - sourceLocation: Where a failure is reported; the caller's line by default.
    public func finish(timeout: Duration? = nil, sourceLocation: SourceLocation = #_sourceLocation)
        async
    {
        isFinished = true
        if exhaustivity == .on {
            _ = await watch.wait(limit: timeout ?? self.timeout, settle: settle) { store.isIdle }
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
        let outcome = await watch.wait(limit: timeout ?? self.timeout, settle: settle) {
            index(meeting: expectation) != nil
        }
        let waited: Duration? =
            if case .timedOut(let waited) = outcome { waited } else { nil }
        receive(expectation, update, waited: waited, sourceLocation: sourceLocation)
    }
}
