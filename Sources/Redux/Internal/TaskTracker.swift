import Effects
import Synchronization

/// Follows the work one ``Store/send(_:)`` started: the sent action, the effects its middlewares
/// start, the actions those effects send, their effects, and so on.
///
/// It counts that work as it goes (`pending`): an action counts from the moment it is sent until
/// the store has processed it (reduced it, started its effects, notified the observers); an
/// effect from the moment the runtime hands its root a subscription until the root ends. An
/// action's effects start while the action still counts, and an effect's actions are sent while
/// the effect still runs, so the count reaches zero only once all of it is over.
///
/// Every effect of the task is marked with the tracker's own cancellation id, under which the
/// tracker registers itself too: cancelling the task cancels that id, and a store that closes
/// cancels every id, which tells the tracker. The tracker registers while the task runs and
/// leaves when it is over, so the store's id table keeps nothing for finished tasks.
///
/// All its state is in ``State`` behind one lock; the callbacks it owes are taken out under the
/// lock and called after.
@usableFromInline
final class TaskTracker: CancellableByID, Sendable {
    /// Where the task stands.
    enum Stage {
        /// Work remains: `pending` actions waiting or being processed, plus running effects.
        case running(pending: Int)
        /// Everything the task started has ended.
        case finished
        /// Cancelled (by its `StoreTask`, or by the store's release): its effects are cancelled,
        /// its waiting actions dropped, what its effects send dropped.
        case cancelled
    }

    struct State {
        var stage = Stage.running(pending: 1)
        var isSentActionProcessed = false
        /// Called once the sent action has been processed (or dropped).
        var whenSentActionProcessed: [@Sendable () -> Void] = []
        /// Called once the task is over, finished or cancelled.
        var whenOver: [@Sendable () -> Void] = []

        /// Takes the callbacks owed when the stage leaves `running`.
        mutating func end(as stage: Stage) -> [@Sendable () -> Void] {
            self.stage = stage
            defer { whenOver = [] }
            return whenOver
        }
    }

    private let state = Lock(State())
    /// The runtime the task's effects run in.
    let context: EffectContext
    /// The value behind the task's id. Its type is private to this file, so no id of the
    /// application's can equal it; its number is never reused.
    let trackerID: TrackerID
    /// Its hash, computed once (see ``EffectIdentity``).
    let trackerIDHash: Int

    @usableFromInline
    init(context: EffectContext) {
        self.context = context
        trackerID = TrackerID(serial: trackerSerials.add(1, ordering: .relaxed).newValue)
        trackerIDHash = trackerID.hashValue
    }

    /// The id every effect of the task is marked with: the tracker is its own identity, so that
    /// a task costs no allocation for its id. Made when asked for, not kept: kept, it would keep
    /// the tracker alive.
    @usableFromInline
    var effectID: EffectID {
        EffectID(identity: self)
    }

    /// Joins the context's id table; false if the store is gone (the task is then cancelled).
    @usableFromInline
    func register() -> Bool {
        if context.register(self, id: effectID) { return true }
        cancelByID()
        return false
    }

    @usableFromInline
    var isCancelled: Bool {
        state.withLock { state in
            if case .cancelled = state.stage { return true }
            return false
        }
    }

    var isOver: Bool {
        state.withLock { state in
            if case .running = state.stage { return false }
            return true
        }
    }

    // MARK: Counting the work

    /// Counts an action an effect of the task sends; false once the task is over (the action
    /// is then dropped).
    @usableFromInline
    func admitAction() -> Bool {
        add()
    }

    /// Counts an effect of the task that starts; false once the task is over (the caller then
    /// cancels it).
    @usableFromInline
    func effectBegan() -> Bool {
        add()
    }

    /// An effect of the task ended.
    @usableFromInline
    func effectEnded() {
        settle(remove(isSentAction: false))
    }

    /// The store has processed one of the task's actions (or dropped it).
    @usableFromInline
    func actionProcessed(isSentAction: Bool) {
        settle(remove(isSentAction: isSentAction))
    }

    private func add() -> Bool {
        state.withLock { state in
            guard case .running(let pending) = state.stage else { return false }
            state.stage = .running(pending: pending + 1)
            return true
        }
    }

    /// Uncounts one piece of work; returns the callbacks now owed, and whether the task has just
    /// finished.
    private func remove(isSentAction: Bool) -> (callbacks: [@Sendable () -> Void], finished: Bool) {
        state.withLock { state in
            var callbacks: [@Sendable () -> Void] = []
            if isSentAction {
                state.isSentActionProcessed = true
                callbacks = state.whenSentActionProcessed
                state.whenSentActionProcessed = []
            }
            guard case .running(let pending) = state.stage else { return (callbacks, false) }
            guard pending > 1 else { return (callbacks + state.end(as: .finished), true) }
            state.stage = .running(pending: pending - 1)
            return (callbacks, false)
        }
    }

    private func settle(_ outcome: (callbacks: [@Sendable () -> Void], finished: Bool)) {
        if outcome.finished {
            context.unregister(self, id: effectID)
        }
        for callback in outcome.callbacks {
            callback()
        }
    }

    // MARK: Cancelling

    /// Cancels the task: its effects, its waiting actions, what its effects send. Returns once
    /// every effect it had started has been cancelled; then the task is over.
    func cancel() {
        let callbacks = state.withLock { state -> [@Sendable () -> Void]? in
            guard case .running = state.stage else { return nil }
            return state.end(as: .cancelled)
        }
        guard let callbacks else { return }
        // Every running effect of the task is a member of its id, and so is the tracker (which
        // finds itself cancelled already).
        context.cancel(id: effectID)
        for callback in callbacks {
            callback()
        }
    }

    /// Cancelled through its id: the store is closing (the context cancels every id), or the
    /// task's own ``cancel()`` is at work. The context has taken it out of the id's group.
    @usableFromInline
    func cancelByID() {
        let callbacks = state.withLock { state -> [@Sendable () -> Void] in
            guard case .running = state.stage else { return [] }
            return state.end(as: .cancelled)
        }
        for callback in callbacks {
            callback()
        }
    }

    // MARK: Waiting

    /// Calls `callback` once the task is over (at once, on this thread, if it is).
    func whenOver(_ callback: @escaping @Sendable () -> Void) {
        let isOver = state.withLock { state -> Bool in
            guard case .running = state.stage else { return true }
            state.whenOver.append(callback)
            return false
        }
        if isOver { callback() }
    }

    /// Calls `callback` once the store has processed the sent action, or dropped it (at once,
    /// on this thread, if it has).
    func whenSentActionProcessed(_ callback: @escaping @Sendable () -> Void) {
        let isProcessed = state.withLock { state -> Bool in
            if state.isSentActionProcessed { return true }
            state.whenSentActionProcessed.append(callback)
            return false
        }
        if isProcessed { callback() }
    }

    // MARK: Marking the task's effects

    /// Marks each part of `effect` that will run on its own with the task's id, so that
    /// cancelling the task reaches it. Values and cancels run at once and need no mark; the
    /// parts of a merge are marked one by one, so that they still run, and count, on their own.
    @inlinable
    func marked<Output>(_ effect: Effect<Output>) -> Effect<Output> {
        switch effect.operation {
        case .none, .just, .cancel:
            effect
        case .merge(let parts):
            Effect(operation: .merge(parts.map(marked)))
        case .publisher, .delayed, .concatenate, .cancellable, .debounced, .throttled:
            effect.cancellable(id: effectID)
        }
    }
}

/// Which task an action belongs to while the store carries it, and whether it is the action the
/// task was made for or one its effects sent.
@usableFromInline
struct TaskMembership: Sendable {
    @usableFromInline let tracker: TaskTracker
    @usableFromInline let isSentAction: Bool

    @inlinable
    init(tracker: TaskTracker, isSentAction: Bool) {
        self.tracker = tracker
        self.isSentAction = isSentAction
    }
}

/// The identity behind a tracker's cancellation id.
struct TrackerID: Hashable, Sendable {
    let serial: UInt64
}

/// Numbers the trackers, so that no two (alive or gone) share an id.
private let trackerSerials = Atomic<UInt64>(0)

extension TaskTracker: EffectIdentity {
    @usableFromInline
    var idValue: any Hashable & Sendable {
        trackerID
    }

    @usableFromInline
    var idType: ObjectIdentifier {
        ObjectIdentifier(TrackerID.self)
    }

    @usableFromInline
    var idHash: Int {
        trackerIDHash
    }
}
