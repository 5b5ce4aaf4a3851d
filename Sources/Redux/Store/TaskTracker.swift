import Effects

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
/// All its state is one ``TaskTrackerState`` behind one lock; the callbacks it owes are taken
/// out under the lock and called after.
@usableFromInline
final class TaskTracker: CancellableByID, Sendable {
    private let state = Lock(TaskTrackerState())
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
        trackerID = TrackerID(
            serial: trackerSerials.withLock { serial in
                serial &+= 1
                return serial
            })
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
        state.withLock { $0.isCancelled }
    }

    var isOver: Bool {
        state.withLock { $0.isOver }
    }

    // MARK: Counting the work

    /// Counts an action an effect of the task sends; false once the task is over (the action
    /// is then dropped).
    @usableFromInline
    func admitAction() -> Bool {
        state.withLock { $0.add() }
    }

    /// Counts an effect of the task that starts; false once the task is over (the caller then
    /// cancels it).
    @usableFromInline
    func effectBegan() -> Bool {
        state.withLock { $0.add() }
    }

    /// An effect of the task ended.
    @usableFromInline
    func effectEnded() {
        settle(state.withLock { $0.remove(isSentAction: false) })
    }

    /// The store has processed one of the task's actions (or dropped it).
    @usableFromInline
    func actionProcessed(isSentAction: Bool) {
        settle(state.withLock { $0.remove(isSentAction: isSentAction) })
    }

    private func settle(_ settlement: TaskTrackerState.Settlement) {
        if settlement.finished {
            context.unregister(self, id: effectID)
        }
        for callback in settlement.callbacks {
            callback()
        }
    }

    // MARK: Cancelling

    /// Cancels the task: its effects, its waiting actions, what its effects send. Returns once
    /// every effect it had started has been cancelled; then the task is over.
    func cancel() {
        guard let callbacks = state.withLock({ $0.cancel() }) else { return }
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
        for callback in state.withLock({ $0.cancel() }) ?? [] {
            callback()
        }
    }

    // MARK: Waiting

    /// Calls `callback` once the task is over (at once, on this thread, if it is).
    func whenOver(_ callback: @escaping @Sendable () -> Void) {
        if state.withLock({ $0.whenOver(callback) }) { callback() }
    }

    /// Calls `callback` once the store has processed the sent action, or dropped it (at once,
    /// on this thread, if it has).
    func whenSentActionProcessed(_ callback: @escaping @Sendable () -> Void) {
        if state.withLock({ $0.whenSentActionProcessed(callback) }) { callback() }
    }

    // MARK: Marking the task's effects

    /// Marks each part of `effect` that will run on its own with the task's id, so that
    /// cancelling the task reaches it. Values and cancels run at once and need no mark; the
    /// parts of a merge are marked one by one, so that they still run, and count, on their own.
    @inlinable
    func marked<Output>(_ effect: Effect<Output>) -> Effect<Output> {
        effect.marked(with: effectID)
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
private let trackerSerials = Lock<UInt64>(0)

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

/// Where a ``TaskTracker``'s task stands: a pure state machine, driven under the tracker's lock,
/// whose transitions return the callbacks now owed, for the tracker to call after the lock.
///
/// Two stages move on their own: the work (counted while it runs, then finished or cancelled),
/// and the sent action (waiting, then processed, which a cancel does not change: the store still
/// processes or drops it).
struct TaskTrackerState {
    typealias Callback = @Sendable () -> Void

    enum Work {
        /// Work remains: `pending` actions waiting or being processed, plus running effects;
        /// `whenOver` is called once the stage leaves `running`.
        case running(pending: Int, whenOver: [Callback])
        /// Everything the task started has ended.
        case finished
        /// Cancelled (by its `StoreTask`, or by the store's release): its effects are cancelled,
        /// its waiting actions dropped, what its effects send dropped.
        case cancelled
    }

    enum SentAction {
        /// Not processed yet: what to call once it is.
        case waiting(whenProcessed: [Callback])
        case processed
    }

    /// What the tracker must do after uncounting a piece of work.
    struct Settlement {
        /// Callbacks now owed.
        var callbacks: [Callback] = []
        /// Whether the task has just finished (it then leaves the context's id table).
        var finished = false
    }

    /// A new task counts its sent action.
    private(set) var work = Work.running(pending: 1, whenOver: [])
    private(set) var sentAction = SentAction.waiting(whenProcessed: [])

    var isCancelled: Bool {
        if case .cancelled = work { return true }
        return false
    }

    var isOver: Bool {
        if case .running = work { return false }
        return true
    }

    /// Counts a piece of work (an action or an effect); false once the task is over.
    mutating func add() -> Bool {
        guard case .running(let pending, let whenOver) = work else { return false }
        work = .running(pending: pending + 1, whenOver: whenOver)
        return true
    }

    /// Uncounts a piece of work; `isSentAction` when it is the sent action, processed.
    mutating func remove(isSentAction: Bool) -> Settlement {
        var settlement = Settlement()
        if isSentAction {
            guard case .waiting(let whenProcessed) = sentAction else {
                preconditionFailure("a task's sent action was processed twice")
            }
            sentAction = .processed
            settlement.callbacks = whenProcessed
        }
        switch work {
        case .running(let pending, let whenOver) where pending > 1:
            work = .running(pending: pending - 1, whenOver: whenOver)
        case .running(_, let whenOver):
            work = .finished
            settlement.callbacks += whenOver
            settlement.finished = true
        case .finished:
            preconditionFailure("a finished task's work ended again")
        case .cancelled:
            // Work of a cancelled task ends as it is dropped: nothing is counted any more.
            break
        }
        return settlement
    }

    /// Cancels the task; the callbacks owed, or nil when it was over already.
    mutating func cancel() -> [Callback]? {
        guard case .running(_, let whenOver) = work else { return nil }
        work = .cancelled
        return whenOver
    }

    /// Keeps `callback` for when the task is over; true when it is over already (the caller
    /// calls it at once).
    mutating func whenOver(_ callback: @escaping Callback) -> Bool {
        guard case .running(let pending, var whenOver) = work else { return true }
        whenOver.append(callback)
        work = .running(pending: pending, whenOver: whenOver)
        return false
    }

    /// Keeps `callback` for when the sent action is processed; true when it is already (the
    /// caller calls it at once).
    mutating func whenSentActionProcessed(_ callback: @escaping Callback) -> Bool {
        guard case .waiting(var whenProcessed) = sentAction else { return true }
        whenProcessed.append(callback)
        sentAction = .waiting(whenProcessed: whenProcessed)
        return false
    }
}
