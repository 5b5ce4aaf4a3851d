import Effects

extension StoreCore {
    /// How many effects of this store are running.
    var runningEffectCount: Int {
        effects.runningCount
    }

    /// Runs an effect in the store's runtime: each value it sends is dispatched. With a tracker,
    /// the effect is the tracker's task's: counted, cancelled and followed with it.
    @inlinable
    func start(_ effect: consuming Effect<Action>, for tracker: TaskTracker? = nil) {
        if let dependencies {
            startBinding(dependencies, effect, for: tracker)
        } else if let tracker {
            start(effect, tracker)
        } else {
            effects.start(effect, sendingTo: StoreSink(core: self))
        }
    }

    /// ``start(_:for:)`` with the store's dependencies bound, so that the tasks the effect
    /// creates as it starts inherit them.
    @inlinable
    @inline(never)
    func startBinding(
        _ dependencies: Dependencies, _ effect: Effect<Action>, for tracker: TaskTracker?
    ) {
        Dependencies.binding(dependencies) {
            if let tracker {
                start(effect, tracker)
            } else {
                effects.start(effect, sendingTo: StoreSink(core: self))
            }
        }
    }

    /// The tracked path of ``start(_:for:)``.
    @inlinable
    @inline(never)
    func start(_ effect: Effect<Action>, _ tracker: TaskTracker) {
        effects.start(tracker.marked(effect), sendingTo: TaskSink(core: self, tracker: tracker))
    }
}

/// Where a store's effects send their values: each one is dispatched, by the sending task (which
/// suspends rather than blocks) if it comes from `Effect.run`'s `send`. A completion may leave
/// the store idle.
///
/// The runtime calls it through `Subscriber`, whose witnesses for a generic type run
/// unspecialized: `dispatch` is a function made where the store's types are known, so that an
/// action is dispatched by the store's specialized code (with the delivery of `Effect.run`'s
/// `send` it comes in, if any: see `SendDelivery`).
@usableFromInline
struct StoreSink<State: Sendable, Action: Sendable>: Subscriber {
    @usableFromInline let core: StoreCore<State, Action>
    @usableFromInline let dispatch:
        @Sendable (StoreCore<State, Action>, Action, SendDelivery?) -> Void

    @inlinable
    init(core: StoreCore<State, Action>) {
        self.core = core
        dispatch = { core, action, delivery in
            if let delivery {
                core.dispatch(.action(action), during: delivery)
            } else {
                core.dispatch(action)
            }
        }
    }

    @inlinable
    var effectContext: EffectContext? {
        core.effects
    }

    @inlinable
    func receive(subscription: any Subscription) {}

    @inlinable
    func receive(_ input: Action) {
        dispatch(core, input, SendDelivery.current)
    }

    @inlinable
    func receive(completion: Subscribers.Completion) {
        core.workEnded()
    }
}

/// Where the effects of a `StoreTask` send their values, as ``StoreSink`` does: each one is
/// dispatched as the task's. The task counts each root of the effect from its subscription to
/// its completion, and cancels at once a root that starts after the task was cancelled.
@usableFromInline
struct TaskSink<State: Sendable, Action: Sendable>: Subscriber {
    @usableFromInline let core: StoreCore<State, Action>
    @usableFromInline let tracker: TaskTracker
    @usableFromInline let dispatch:
        @Sendable (StoreCore<State, Action>, Action, TaskMembership, SendDelivery?) -> Void

    @inlinable
    init(core: StoreCore<State, Action>, tracker: TaskTracker) {
        self.core = core
        self.tracker = tracker
        dispatch = { core, action, membership, delivery in
            if let delivery {
                core.dispatch(action: action, in: membership, during: delivery)
            } else {
                core.dispatch(action, in: membership)
            }
        }
    }

    @inlinable
    var effectContext: EffectContext? {
        core.effects
    }

    @inlinable
    func receive(subscription: any Subscription) {
        guard !tracker.effectBegan() else { return }
        subscription.cancel()
        core.workEnded()
    }

    @inlinable
    func receive(_ input: Action) {
        dispatch(
            core, input, TaskMembership(tracker: tracker, isSentAction: false),
            SendDelivery.current)
    }

    @inlinable
    func receive(completion: Subscribers.Completion) {
        tracker.effectEnded()
        core.workEnded()
    }
}
