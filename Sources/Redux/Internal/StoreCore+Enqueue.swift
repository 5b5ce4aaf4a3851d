import Effects

extension StoreCore {
    /// Sends `action` through the store from a task: as ``dispatch(_:)``, but where a thread
    /// would block (as the next drainer, or for room in the queue), the task suspends.
    @inlinable
    func enqueue(_ action: Action) async {
        await arriveSuspending(with: .action(action))
    }

    /// Sends an action an effect of a task sent, from a task (see ``enqueue(_:)``).
    @inlinable
    func enqueue(_ action: Action, in membership: TaskMembership) async {
        // A cancelled task's effects send nothing more.
        guard membership.tracker.admitAction() else { return }
        await arriveSuspending(with: .tracked(action, membership))
    }

    /// Arrives with `work` from a task, and does what the machine answers; the async twin of
    /// ``arrive(with:)``, and the one place where a store's caller suspends.
    ///
    /// The machine answers as it would a thread, except that the waiter it makes parks the task
    /// (``Waiter/suspend()``), so that no thread of the cooperative pool is held while the task
    /// waits. Resumed, the task does what the thread would: without a home, it is the drainer
    /// now and drains, on whichever thread it resumed (work, not waiting); with a home, it
    /// arrives again. Shutting down resumes it too: it then finds its work dropped.
    @inlinable
    func arriveSuspending(with work: Work) async {
        while true {
            // Read after each suspension: the task may have moved to another thread.
            let thread = ThreadID.current
            let arrival = shared.withLock {
                arrive(with: work, from: thread, suspends: true, in: &$0)
            }
            guard case .wait(let waiter) = arrival else {
                proceed(after: arrival, with: work)
                return
            }
            await waiter.suspend()
            if home == nil {
                // Signalled as the successor (or because the store shut down).
                takeOver(with: work)
                return
            }
            // Signalled because the queue drained to half (or the store shut down): try again.
        }
    }
}
