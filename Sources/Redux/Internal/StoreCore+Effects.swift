import Effects
import Synchronization

extension StoreCore {
    /// How many effects of this store are running.
    var runningEffectCount: Int {
        effects.runningCount
    }

    /// Runs an effect in the store's runtime: each value it sends is dispatched.
    @inlinable
    func start(_ effect: Effect<Action>) {
        effects.start(effect, sendingTo: StoreSink(core: self))
    }
}

/// Where a store's effects send their values: each one is dispatched.
///
/// A struct, so that starting an effect allocates nothing for it; what must be counted and
/// cancelled (the running effect) is the runtime's business.
@usableFromInline
struct StoreSink<State: Sendable, Action: Sendable>: Subscriber {
    @usableFromInline let core: StoreCore<State, Action>

    @inlinable
    init(core: StoreCore<State, Action>) {
        self.core = core
    }

    @inlinable
    var effectContext: EffectContext? {
        core.effects
    }

    @inlinable
    func receive(subscription: any Subscription) {}

    @inlinable
    func receive(_ input: Action) {
        core.dispatch(input)
    }

    @inlinable
    func receive(completion: Subscribers.Completion) {}
}
