import Effects
import Redux
import Testing

extension TestStore {
    /// Runs an effect against the store, as ``/Redux/Store/run(_:)-(Effect<Action>)`` does (a
    /// thunk's effect), and lets the tasks it starts run until they wait; each action it sends
    /// then waits to be received.
    ///
    /// ```swift
    /// store.run(brew(seconds: 180, boilingFor: .seconds(90), clock: scheduler.clock))
    /// store.advance(by: .seconds(90))
    /// store.receive(.steep(seconds: 180)) { $0.secondsLeft = 180; $0.isSteeping = true }
    /// ```
    ///
    /// As with ``send(_:sourceLocation:_:)``, the actions received before must all have been
    /// asserted (when ``exhaustivity`` is `.on`), the effect must have ended by
    /// ``finish(sourceLocation:)``, and it returns a ``TestStoreTask``: ``TestStoreTask/cancel()``
    /// ends the effect, ``TestStoreTask/finish(timeout:sourceLocation:)`` asserts that it ends,
    /// and ``skipInFlightEffects()`` cancels it with the work of the actions sent.
    ///
    /// - Parameters:
    ///   - effect: The effect whose actions are dispatched.
    ///   - sourceLocation: Where a failure is reported; the caller's line by default.
    /// - Returns: The work the effect is, to cancel it or assert that it ends.
    @discardableResult
    public func run(_ effect: Effect<Action>, sourceLocation: SourceLocation = #_sourceLocation)
        -> TestStoreTask
    {
        checkNothingUnasserted(before: "Ran an effect", sourceLocation: sourceLocation)
        return track(store.run(effect), named: "store.run(…)")
    }

    /// Runs a thunk: calls it with a way to read the store's current state, then runs the effect
    /// it returns, as ``/Redux/Store/run(_:)-((()->State)->Effect<Action>)`` does.
    ///
    /// ```swift
    /// store.run { getState in
    ///     getState().isSteeping ? .none : .just(.steep(seconds: 60))
    /// }
    /// ```
    ///
    /// `getState` reads the state the store has reached, which may be ahead of what the test has
    /// asserted so far (``state``).
    ///
    /// - Parameters:
    ///   - sourceLocation: Where a failure is reported; the caller's line by default.
    ///   - thunk: Called at once with `getState`; returns the effect to run.
    /// - Returns: The work the thunk's effect is, to cancel it or assert that it ends.
    @discardableResult
    public func run(
        sourceLocation: SourceLocation = #_sourceLocation,
        _ thunk: (_ getState: @escaping @Sendable () -> State) -> Effect<Action>
    ) -> TestStoreTask {
        checkNothingUnasserted(before: "Ran a thunk", sourceLocation: sourceLocation)
        return track(store.run(thunk), named: "store.run { getState in … }")
    }

    /// Keeps the task of an effect run with the tasks of the actions sent (so that
    /// ``skipInFlightEffects()`` cancels it), lets it run until it waits, and gives the test its
    /// view of it.
    private func track(_ task: StoreTask, named name: String) -> TestStoreTask {
        tasks.removeAll { $0.isOver }
        tasks.append(task)
        settle()
        return TestStoreTask(task: task, watch: watch, timeout: timeout, actionName: name)
    }

    /// Runs the ready tasks and fails if received actions were not asserted (when exhaustive);
    /// then forgets them, as sending does.
    private func checkNothingUnasserted(before step: String, sourceLocation: SourceLocation) {
        settle()
        if !received.isEmpty, exhaustivity == .on {
            fail(
                "\(step) while \(received.count) received action(s) were not asserted:\n"
                    + received.map { "  \($0.action)" }.joined(separator: "\n"),
                sourceLocation: sourceLocation
            )
        }
        received.removeAll()
    }
}
