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
    /// asserted (when ``exhaustivity`` is `.on`), and the effect must have ended by
    /// ``finish(sourceLocation:)``. The effect belongs to no sent action, so
    /// ``skipInFlightEffects()`` does not cancel it; releasing the test store does.
    ///
    /// - Parameters:
    ///   - effect: The effect whose actions are dispatched.
    ///   - sourceLocation: Where a failure is reported; the caller's line by default.
    public func run(_ effect: Effect<Action>, sourceLocation: SourceLocation = #_sourceLocation) {
        checkNothingUnasserted(before: "Ran an effect", sourceLocation: sourceLocation)
        store.run(effect)
        settle()
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
    public func run(
        sourceLocation: SourceLocation = #_sourceLocation,
        _ thunk: (_ getState: @escaping @Sendable () -> State) -> Effect<Action>
    ) {
        checkNothingUnasserted(before: "Ran a thunk", sourceLocation: sourceLocation)
        store.run(thunk)
        settle()
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
