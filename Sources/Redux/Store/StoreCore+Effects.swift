import Effects

/// What the store starts and follows: effects in its runtime, and the tasks of ``Store/send(_:)``
/// and ``Store/run(_:)-(Effect<Action>)``.
extension StoreCore {
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

    /// Each part of the effect that runs on its own is marked with the task's id, so that
    /// cancelling the task reaches it.
    @inlinable
    @inline(never)
    func start(_ effect: Effect<Action>, _ tracker: TaskTracker) {
        let marked = effect.marked(with: tracker.effectID)
        effects.start(marked, sendingTo: StoreSink(core: self, tracker: tracker))
    }

    /// Sends `action` as the start of a new task, which follows every effect it starts and
    /// every action those effects send.
    @inlinable
    func send(_ action: Action) -> TaskTracker {
        let tracker = TaskTracker(context: effects)
        // Fails only if the store is gone; the action is then dropped, as any dispatch to it.
        _ = tracker.register()
        arrive(with: .tracked(action, TaskMembership(tracker: tracker, isSentAction: true)))
        return tracker
    }

    /// Runs an effect as a task of its own. The task has no sent action, so it counts one as
    /// processed at once: it is over when the effect and what it led to are.
    func run(_ effect: Effect<Action>) -> TaskTracker {
        let tracker = TaskTracker(context: effects)
        if tracker.register() {
            start(effect, for: tracker)
        }
        tracker.actionProcessed(isSentAction: true)
        return tracker
    }

    /// Dispatches an action an effect of a task sent (through `Effect.run`'s `send` if there is
    /// a `delivery`); a cancelled task's effects send nothing.
    @inlinable
    @inline(never)
    func dispatch(_ action: Action, in membership: TaskMembership, during delivery: SendDelivery?) {
        guard membership.tracker.admit() else { return }
        if let delivery {
            dispatch(.tracked(action, membership), during: delivery)
        } else {
            arrive(with: .tracked(action, membership))
        }
    }

    /// Processes a task's action as any other, its effects marked as the task's; a cancelled
    /// task's action is dropped. Either way the tracker hears that it is done.
    @inlinable
    @inline(never)
    func process(_ action: Action, _ membership: TaskMembership) {
        if !membership.tracker.isCancelled {
            if interceptors.isEmpty {
                apply(action, in: membership)
            } else {
                intercept(action, from: 0, in: membership)
            }
        }
        membership.tracker.actionProcessed(isSentAction: membership.isSentAction)
    }
}

/// Where a store's effects send their values: each one is dispatched (by the sending task,
/// which suspends rather than blocks, if it comes from `Effect.run`'s `send`). A completion may
/// leave the store idle.
///
/// With a tracker, the effect is a `StoreTask`'s: its values are dispatched as the task's, and
/// the task counts each root of the effect from its subscription to its completion, cancelling
/// at once a root that starts after the task was cancelled.
///
/// The runtime calls it through `Subscriber`, whose witnesses run unspecialized: `dispatch` is
/// made where the store's types are known, so that the store's specialized code dispatches.
@usableFromInline
struct StoreSink<State: Sendable, Action: Sendable>: Subscriber {
    @usableFromInline let core: StoreCore<State, Action>
    @usableFromInline let tracker: TaskTracker?
    @usableFromInline let dispatch:
        @Sendable (StoreCore<State, Action>, Action, TaskTracker?, SendDelivery?) -> Void

    @inlinable
    init(core: StoreCore<State, Action>, tracker: TaskTracker? = nil) {
        self.core = core
        self.tracker = tracker
        dispatch = { core, action, tracker, delivery in
            if let tracker {
                core.dispatch(
                    action, in: TaskMembership(tracker: tracker, isSentAction: false),
                    during: delivery)
            } else if let delivery {
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
    func receive(subscription: any Subscription) {
        guard let tracker, !tracker.admit() else { return }
        subscription.cancel()
        core.workEnded()
    }

    @inlinable
    func receive(_ input: Action) {
        dispatch(core, input, tracker, SendDelivery.current)
    }

    @inlinable
    func receive(completion: Subscribers.Completion) {
        tracker?.effectEnded()
        core.workEnded()
    }
}
