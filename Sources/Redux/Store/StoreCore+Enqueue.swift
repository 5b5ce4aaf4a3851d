import Effects

extension StoreCore {
    /// Sends `action` through the store from a task: as ``dispatch(_:)``, but where a thread
    /// would block (as the next drainer, or for room in the queue), the task suspends.
    @inlinable
    func enqueue(_ action: Action) async {
        await arriveSuspending(with: .action(action))
    }

    /// Arrives with `work` from a task, and does what the machine answers; the async twin of
    /// ``arrive(with:)``.
    ///
    /// The machine answers as it would a thread, except that the waiter it makes parks the task
    /// (``Waiter/suspend()``), so that no thread of the cooperative pool is held while the task
    /// waits (see ``resume(after:with:)``).
    @inlinable
    func arriveSuspending(with work: Work) async {
        guard let waiter = arriveAsTask(with: work) else { return }
        await resume(after: waiter, with: work)
    }

    /// Arrives with `work` from a task: carries out what the machine answers, unless that is
    /// to wait; then it returns the waiter the task must suspend on.
    @inlinable
    func arriveAsTask(with work: Work) -> Waiter? {
        let thread = ThreadID.current
        return withLoanStorage(for: State.self) { lent in
            let order = shared.withLock {
                arrival(of: work, from: thread, suspends: true, in: &$0, lendingTo: lent)
            }
            if case .wait(let waiter) = order { return waiter }
            carry(out: order, with: work, lendingTo: lent)
            return nil
        }
    }

    /// Dispatches `work` that `Effect.run`'s `send` is delivering (see `SendDelivery`): at once,
    /// as a task would, unless the machine says to wait, or an earlier value of the delivery had
    /// to; the waiting is then handed to the sending task, to do once the value has gone through
    /// the effect's operators.
    @inlinable
    func dispatch(_ work: Work, during delivery: SendDelivery) {
        // Behind work handed over already: the sender's values keep their order.
        if delivery.isHoldingWork, delivery.take({ [self] in await arriveSuspending(with: work) }) {
            return
        }
        guard let waiter = arriveAsTask(with: work) else { return }
        let rest: @Sendable () async -> Void = { [self] in await resume(after: waiter, with: work) }
        if !delivery.take(rest) {
            // Only a task made during another task's delivery, which inherited it, can find it
            // over: its waiting goes on in a task of its own.
            Task { await rest() }
        }
    }

    /// A task the machine told to wait, with its waiter: the one place where a store's caller
    /// suspends.
    ///
    /// Resumed, the task does what a thread would: without a home, it is the drainer now and
    /// drains, on whichever thread it resumed (work, not waiting); with a home, it arrives again,
    /// and may wait again. Shutting down resumes it too: it then finds its work dropped.
    @inlinable
    func resume(after first: Waiter, with work: Work) async {
        var waiter = first
        while true {
            await waiter.suspend()
            if home == nil {
                // Signalled as the successor (or because the store shut down).
                takeOver(with: work)
                return
            }
            // Signalled because the queue drained to half (or the store shut down): try again,
            // on the thread the task resumed on.
            guard let next = arriveAsTask(with: work) else { return }
            waiter = next
        }
    }
}
