import Effects

extension StoreCore: ObserverHost {
    /// Subscribes `observer`: it is welcomed with the current state now, or, while another
    /// thread drains (or on the home), by the drainer before the next action.
    @usableFromInline
    func attach(_ observer: Observer<State>) {
        arrive(with: .attach(observer))
    }

    /// Unsubscribes `observer`; a notification already under way skips it.
    ///
    /// - Complexity: O(1) amortized.
    @usableFromInline
    func detach(_ observer: Observer<State>) {
        observer.unsubscribe()
        let removed = shared.withLock { $0.observers.remove(observer) }
        // Release it (and what its closure captures) outside the lock.
        _ = removed
    }

    @usableFromInline
    func welcome(_ observer: Observer<State>) {
        // Checked under the lock: `detach` turns the flag off, then removes under the lock, so an
        // observer unsubscribed while it waited in the queue is never added (and never kept);
        // nor is one the drainer took just before the store shut down.
        let state = shared.withLock { shared -> State? in
            guard observer.isSubscribed, !shared.machine.isShutDown else { return nil }
            shared.observers.append(observer)
            return shared.state
        }
        guard let state else { return }
        observer.notify(state)
    }
}
