import Effects

/// Counts the work one ``StoreTask`` covers: an action until the store has processed it, an
/// effect until its root ends. An action's effects start while it still counts, and an effect's
/// actions are sent while it runs, so the count reaches zero only once all of it is over.
///
/// Every effect of the task is marked with the tracker's own cancellation id, under which the
/// tracker registers itself too: a store that closes cancels every id, which tells the tracker.
@usableFromInline
final class TaskTracker: CancellableByID, Sendable {
    private let state = Lock(TaskTrackerState())
    let context: EffectContext
    /// No id of the application's can equal it: its type is this file's, its number never reused.
    let trackerID: TrackerID
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

    /// Made when asked for: kept, it would keep the tracker alive.
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

    /// Counts an action or an effect of the task; false once the task is over.
    @usableFromInline
    func admit() -> Bool {
        state.withLock { $0.add() }
    }

    @usableFromInline
    func effectEnded() {
        settle(state.withLock { $0.remove(isSentAction: false) })
    }

    /// The store has processed one of the task's actions, or dropped it.
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

    /// Returns once every effect the task had started has been cancelled.
    func cancel() {
        guard let callbacks = state.withLock({ $0.cancel() }) else { return }
        // The tracker is a member of its id too; it finds itself cancelled already.
        context.cancel(id: effectID)
        for callback in callbacks {
            callback()
        }
    }

    /// Cancelled through its id: the store is closing, or ``cancel()`` is at work.
    @usableFromInline
    func cancelByID() {
        for callback in state.withLock({ $0.cancel() }) ?? [] {
            callback()
        }
    }

    /// Calls `callback` once the task is over (at once, on this thread, if it is).
    func whenOver(_ callback: @escaping @Sendable () -> Void) {
        if state.withLock({ $0.whenOver(callback) }) { callback() }
    }

    /// Calls `callback` once the sent action is processed or dropped (at once if it is).
    func whenSentActionProcessed(_ callback: @escaping @Sendable () -> Void) {
        if state.withLock({ $0.whenSentActionProcessed(callback) }) { callback() }
    }
}

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

struct TrackerID: Hashable, Sendable {
    let serial: UInt64
}

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

/// Where a ``TaskTracker``'s task stands, its transitions returning the callbacks owed. The
/// work and the sent action move on their own: a cancel leaves the action to be processed.
struct TaskTrackerState {
    typealias Callback = @Sendable () -> Void

    enum Work {
        /// `pending` actions and effects; `whenOver` is called as the stage leaves `running`.
        case running(pending: Int, whenOver: [Callback])
        case finished
        case cancelled
    }

    enum SentAction {
        case waiting(whenProcessed: [Callback])
        case processed
    }

    struct Settlement {
        var callbacks: [Callback] = []
        /// The task has just finished: it leaves the context's id table.
        var finished = false
    }

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

    /// False once the task is over.
    mutating func add() -> Bool {
        guard case .running(let pending, let whenOver) = work else { return false }
        work = .running(pending: pending + 1, whenOver: whenOver)
        return true
    }

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
            break
        }
        return settlement
    }

    /// The callbacks owed, or nil when it was over already.
    mutating func cancel() -> [Callback]? {
        guard case .running(_, let whenOver) = work else { return nil }
        work = .cancelled
        return whenOver
    }

    /// True when the task is over already: the caller calls `callback` at once.
    mutating func whenOver(_ callback: @escaping Callback) -> Bool {
        guard case .running(let pending, var whenOver) = work else { return true }
        whenOver.append(callback)
        work = .running(pending: pending, whenOver: whenOver)
        return false
    }

    /// True when the sent action is processed already: the caller calls `callback` at once.
    mutating func whenSentActionProcessed(_ callback: @escaping Callback) -> Bool {
        guard case .waiting(var whenProcessed) = sentAction else { return true }
        whenProcessed.append(callback)
        sentAction = .waiting(whenProcessed: whenProcessed)
        return false
    }
}
