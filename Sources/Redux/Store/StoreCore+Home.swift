import Effects

extension StoreCore {
    /// Asks the home to drain the queue: one piece of work per batch of dispatches (the machine
    /// says when one is already on its way).
    @inlinable
    func scheduleOnHome() {
        guard let home else {
            preconditionFailure("a store without a home has nothing to schedule")
        }
        home.schedule { [self] in
            drainOnHome()
        }
    }

    /// The piece of work on the home: becomes the drainer, unless someone on the home has
    /// drained the queue meanwhile or the store was released.
    @inlinable
    func drainOnHome() {
        let thread = ThreadID.current
        let isDrainer = shared.withLock { $0.machine.homeRuns(on: thread) }
        guard isDrainer else { return }
        drain()
    }
}
