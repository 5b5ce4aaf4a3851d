import Effects
import Synchronization

extension StoreCore {
    /// How many effects of this store are running.
    var runningEffectCount: Int {
        effects.runningCount
    }

    /// Runs an effect in the store's runtime: each value it sends is dispatched. With a tracker,
    /// the effect is the tracker's task's: counted, cancelled and followed with it.
    @inlinable
    func start(_ effect: Effect<Action>, for tracker: TaskTracker? = nil) {
        if let tracker {
            effects.start(tracker.marked(effect), sendingTo: StoreSink(core: self, tracker: tracker))
        } else {
            effects.start(effect, sendingTo: StoreSink(core: self))
        }
    }
}

/// Where a store's effects send their values: each one is dispatched.
///
/// A struct, so that starting an effect allocates nothing for it; what must be counted and
/// cancelled (the running effect) is the runtime's business. The runtime hands it a
/// subscription when a root of the effect starts and a completion when it ends: for an effect
/// of a `StoreTask`, the task counts them; for every effect, an end may leave the store idle.
@usableFromInline
struct StoreSink<State: Sendable, Action: Sendable>: Subscriber {
    @usableFromInline let core: StoreCore<State, Action>
    /// The task the effect belongs to, if the action that started it did.
    @usableFromInline let tracker: TaskTracker?

    @inlinable
    init(core: StoreCore<State, Action>, tracker: TaskTracker? = nil) {
        self.core = core
        self.tracker = tracker
    }

    @inlinable
    var effectContext: EffectContext? {
        core.effects
    }

    @inlinable
    func receive(subscription: any Subscription) {
        guard let tracker, !tracker.effectBegan() else { return }
        // The task was cancelled while this effect started: it stops at once.
        subscription.cancel()
        core.workEnded()
    }

    @inlinable
    func receive(_ input: Action) {
        if let tracker {
            core.dispatch(input, in: TaskMembership(tracker: tracker, isSentAction: false))
        } else {
            core.dispatch(input)
        }
    }

    @inlinable
    func receive(completion: Subscribers.Completion) {
        tracker?.effectEnded()
        core.workEnded()
    }
}
