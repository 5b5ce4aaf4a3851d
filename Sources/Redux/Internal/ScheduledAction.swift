import Effects
import Synchronization

/// A delayed action that a store runs as one call on a scheduler: the fast path for
/// `Effect.just(action).delay(for:scheduler:)`, optionally `.cancellable(id:)`, the most common
/// effect of all (un-flip the cards in a second, hide the toast in three).
///
/// It needs no publisher, subscriber or relay: the scheduler calls ``fire()``, which dispatches
/// the action. The store keeps it among its running effects (by `key`) and the registry under
/// `id`, until it fires or is cancelled, whichever comes first; `stage` decides that race.
@usableFromInline
final class ScheduledAction<State: Sendable, Action: Sendable>: RunningEffect, CancellableByID {
    @usableFromInline let core: StoreCore<State, Action>
    @usableFromInline let action: Action
    @usableFromInline let key: UInt64
    @usableFromInline let id: EffectID?
    @usableFromInline let stage = Mutex(ScheduledActionStage.waiting(nil))

    @inlinable
    init(core: StoreCore<State, Action>, action: Action, key: UInt64, id: EffectID?) {
        self.core = core
        self.action = action
        self.key = key
        self.id = id
    }

    /// Keeps the scheduler's handle, so that a cancel can stop the scheduled work.
    @inlinable
    func attach(_ handle: any Cancellable) {
        let alreadyOver = stage.withLock { stage -> Bool in
            guard case .waiting = stage else { return true }
            stage = .waiting(handle)
            return false
        }
        // Cancelled meanwhile: release the work now. (Fired meanwhile: cancelling is harmless.)
        // A cancel by a store shutting down can come between the store's `runningEffects` and
        // its registry: then this was registered after the registry let everything go, and
        // would stay there (holding the store's core) for good. Removing it twice is harmless.
        guard alreadyOver else { return }
        handle.cancel()
        if let id { core.registry.remove(self, id: id) }
    }

    /// Called by the scheduler: dispatches the action, unless cancelled first.
    @inlinable
    func fire() {
        guard end() != nil else { return }
        if let id { core.registry.remove(self, id: id) }
        // Dispatch first, then report the effect finished, as a subscribed effect does: a
        // caller that waits for `runningEffectCount == 0` must find the action already handled.
        core.dispatch(action)
        core.effectFinished(key)
    }

    /// Cancelled by the store (released, or shutting down).
    @inlinable
    func cancel() {
        guard let handle = end() else { return }
        if let id { core.registry.remove(self, id: id) }
        handle?.cancel()
    }

    /// Cancelled by id: the registry has already forgotten it.
    @inlinable
    func cancelByID() {
        guard let handle = end() else { return }
        handle?.cancel()
        core.effectFinished(key)
    }

    /// Moves to `.over`; returns the handle if this call did it (nil if it was over already).
    @inlinable
    func end() -> (any Cancellable)?? {
        stage.withLock { stage in
            guard case .waiting(let handle) = stage else { return nil }
            stage = .over
            return .some(handle)
        }
    }
}

/// Where a ``ScheduledAction`` stands; outside the generic class so that it is not generic.
@usableFromInline
enum ScheduledActionStage {
    /// Scheduled; the handle arrives once `schedule` has returned it.
    case waiting((any Cancellable)?)
    /// Fired or cancelled.
    case over
}
