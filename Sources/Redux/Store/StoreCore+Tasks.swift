import Effects

extension StoreCore {
    /// Sends `action` as the start of a new task: like ``dispatch(_:)``, and every effect it
    /// starts, and every action those effects send, is followed by the returned tracker.
    @inlinable
    func send(_ action: Action) -> TaskTracker {
        let tracker = TaskTracker(context: effects)
        // Fails only if the store is gone; the action is then dropped below, as any dispatch
        // to a store that is gone.
        _ = tracker.register()
        enter(action, TaskMembership(tracker: tracker, isSentAction: true))
        return tracker
    }

    /// Runs an effect as a task of its own: its work is followed and cancelled with the tracker
    /// returned, as a sent action's is. The task has no sent action, so it counts one as
    /// processed at once: it is over when the effect and what it led to are.
    func run(_ effect: Effect<Action>) -> TaskTracker {
        let tracker = TaskTracker(context: effects)
        if tracker.register() {
            start(effect, for: tracker)
        }
        tracker.actionProcessed(isSentAction: true)
        return tracker
    }

    /// Dispatches an action an effect of a task sent.
    @inlinable
    @inline(never)
    func dispatch(_ action: Action, in membership: TaskMembership) {
        // A cancelled task's effects send nothing more.
        guard membership.tracker.admitAction() else { return }
        enter(action, membership)
    }

    /// Dispatches an action an effect of a task sent through `Effect.run`'s `send` (see
    /// ``dispatch(_:during:)``).
    @inlinable
    @inline(never)
    func dispatch(action: Action, in membership: TaskMembership, during delivery: SendDelivery) {
        // A cancelled task's effects send nothing more.
        guard membership.tracker.admitAction() else { return }
        dispatch(.tracked(action, membership), during: delivery)
    }

    /// Hands a tracked action to the store's machine, as any dispatch (see `StoreMachine`).
    @inlinable
    func enter(_ action: Action, _ membership: TaskMembership) {
        arrive(with: .tracked(action, membership))
    }

    /// Processes a tracked action as any other, its effects marked as the task's; an action of
    /// a cancelled task is dropped. Either way the tracker hears that it is done.
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
