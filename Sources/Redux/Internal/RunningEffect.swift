import Effects

/// An effect a store has started and keeps until it finishes or is cancelled.
@usableFromInline
protocol RunningEffect: AnyObject, Sendable {
    /// Stops the effect; it sends nothing more.
    func cancel()
}
