import Synchronization

/// The running effects marked with ids, so that they can be cancelled by id.
///
/// A store owns one and passes it when it runs an effect. Entries are added when a
/// `.cancellable` effect starts and removed when it finishes or is cancelled, so the registry
/// holds only what is running.
@usableFromInline
package final class CancellationRegistry: Sendable {
    private let entries = Mutex<[EffectID: [ObjectIdentifier: any CancellableByID]]>([:])

    package init() {}

    /// How many registered effects are running, across all ids.
    package var count: Int {
        entries.withLock { $0.values.reduce(0) { $0 + $1.count } }
    }

    /// Registers a running effect under `id` until it is removed or cancelled.
    @usableFromInline
    package func insert(_ entry: some CancellableByID, id: EffectID) {
        entries.withLock { $0[id, default: [:]][ObjectIdentifier(entry)] = entry }
    }

    /// Forgets a running effect that finished. An emptied group is kept (ids are few and
    /// reused, such as a game's one timer), so the next insert allocates nothing.
    @usableFromInline
    package func remove(_ entry: some CancellableByID, id: EffectID) {
        entries.withLock { entries in
            _ = entries[id]?.removeValue(forKey: ObjectIdentifier(entry))
        }
    }

    /// Cancels every running effect registered under `id`.
    @usableFromInline
    package func cancel(id: EffectID) {
        let cancelled = entries.withLock { entries -> [any CancellableByID] in
            guard let group = entries[id], !group.isEmpty else { return [] }
            let members = Array(group.values)
            entries[id]?.removeAll(keepingCapacity: true)
            return members
        }
        for entry in cancelled {
            entry.cancelByID()
        }
    }

    /// Cancels every registered effect.
    package func cancelAll() {
        let cancelled = entries.withLock { entries in
            defer { entries = [:] }
            return entries
        }
        for group in cancelled.values {
            for entry in group.values {
                entry.cancelByID()
            }
        }
    }
}

/// A running effect that the registry can stop.
@usableFromInline
package protocol CancellableByID: AnyObject, Sendable {
    /// Stops the effect and tells whoever waits for it that it has finished.
    func cancelByID()
}

/// Sits between a `.cancellable` effect and its subscriber while it runs.
///
/// Cancelled by the downstream, it behaves like any subscription. Cancelled by id, it cancels
/// the effect *and* finishes the downstream, so that a merge or concatenation containing it goes
/// on, and the store that started it can let it go.
final class RegisteredSubscription<Downstream: Subscriber>: Subscriber, Subscription, CancellableByID {
    private struct State {
        var downstream: Downstream?
        var upstream: (any Subscription)?
    }

    private let state: Mutex<State>
    private let id: EffectID
    private let registry: CancellationRegistry

    init(downstream: Downstream, id: EffectID, registry: CancellationRegistry) {
        state = Mutex(State(downstream: downstream))
        self.id = id
        self.registry = registry
    }

    func receive(subscription: any Subscription) {
        let downstream = state.withLock { state -> Downstream? in
            guard state.downstream != nil, state.upstream == nil else { return nil }
            state.upstream = subscription
            return state.downstream
        }
        guard let downstream else {
            subscription.cancel()
            return
        }
        downstream.receive(subscription: self)
    }

    func receive(_ input: Downstream.Input) {
        state.withLock { $0.downstream }?.receive(input)
    }

    func receive(completion: Subscribers.Completion) {
        guard let downstream = terminate().downstream else { return }
        registry.remove(self, id: id)
        downstream.receive(completion: completion)
    }

    func cancel() {
        let (downstream, upstream) = terminate()
        guard downstream != nil else { return }
        registry.remove(self, id: id)
        upstream?.cancel()
    }

    func cancelByID() {
        let (downstream, upstream) = terminate()
        upstream?.cancel()
        downstream?.receive(completion: .finished)
    }

    private func terminate() -> (downstream: Downstream?, upstream: (any Subscription)?) {
        state.withLock { state in
            defer { state = State() }
            return (state.downstream, state.upstream)
        }
    }
}
