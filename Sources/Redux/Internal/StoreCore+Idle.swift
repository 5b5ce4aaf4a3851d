import Effects
import Synchronization

extension StoreCore {
    /// Whether nothing is left to do: nobody drains or is about to (so the queue is empty) and no
    /// effect runs.
    ///
    /// Both are read at one moment: the effect count is read while the store's lock is held.
    var isIdle: Bool {
        shared.withLock { shared in
            settleDeparture(&shared)
            switch shared.phase {
            case .draining, .scheduled: return false
            case .idle, .away, .shutDown: return effects.runningCount == 0
            }
        }
    }

    /// Suspends until the store is idle (at once if it is), or the waiting task is cancelled.
    ///
    /// The waiter is resumed by whichever thread makes the store idle: the drainer that empties
    /// the queue, or the effect that ends last. Each of them, after its own change, checks the
    /// flag that says someone waits; a waiter sets the flag before it checks the store itself.
    /// So one of the two always sees the other: the drainer's or the effect's check finds the
    /// waiter, or the waiter's own check finds the store idle.
    func idle() async {
        let id = idleWaiters.list.withLock { $0.makeID() }
        await withTaskCancellationHandler {
            await withUnsafeContinuation { continuation in
                idleWaiters.list.withLock { waiters in
                    waiters.add(continuation, id: id)
                    idleWaiters.isWatched.store(true, ordering: .relaxed)
                }
                resumeIdleWaitersIfIdle()
                if Task.isCancelled { stopWaitingForIdle(id) }
            }
        } onCancel: {
            stopWaitingForIdle(id)
        }
    }

    /// Called where work ends (a drain, an effect): resumes the waiters if the store is idle now.
    /// Costs one relaxed load while nobody waits.
    @inlinable
    func workEnded() {
        if idleWaiters.isWatched.load(ordering: .relaxed) {
            resumeIdleWaitersIfIdle()
        }
    }

    /// Resumes every waiter if the store is idle, or gone; decided under the store's lock, with
    /// the effect count read inside it (the store's lock, then the effect table's, then the
    /// waiters': never the other way round).
    @usableFromInline
    func resumeIdleWaitersIfIdle() {
        let waiting = shared.withLock { shared -> [UnsafeContinuation<Void, Never>] in
            settleDeparture(&shared)
            switch shared.phase {
            case .draining, .scheduled:
                return []
            case .idle, .away:
                guard effects.runningCount == 0 else { return [] }
            case .shutDown:
                break
            }
            return idleWaiters.list.withLock { waiters in
                defer { idleWaiters.isWatched.store(!waiters.isEmpty, ordering: .relaxed) }
                return waiters.takeAll()
            }
        }
        for continuation in waiting {
            continuation.resume()
        }
    }

    /// Resumes the waiter `id`, if it still waits (its task was cancelled).
    private func stopWaitingForIdle(_ id: Int) {
        let continuation = idleWaiters.list.withLock { waiters in
            defer { idleWaiters.isWatched.store(!waiters.isEmpty, ordering: .relaxed) }
            return waiters.remove(id)
        }
        continuation?.resume()
    }

    /// Resumes every waiter: the store is shutting down.
    func resumeAllIdleWaiters() {
        let waiting = idleWaiters.list.withLock { waiters in
            defer { idleWaiters.isWatched.store(false, ordering: .relaxed) }
            return waiters.takeAll()
        }
        for continuation in waiting {
            continuation.resume()
        }
    }
}

/// The tasks waiting for a store to be idle, and whether there are any.
///
/// A class of its own, not generic, so that the store's hot paths read the flag through one
/// reference and nothing of it is specialized into them.
@usableFromInline
final class IdleWaiters: Sendable {
    /// The waiters, behind their lock.
    let list = Lock(IdleWaiterList())
    /// Whether any task waits: read without a lock where work ends, so that the store pays for
    /// waiting only while someone waits.
    @usableFromInline let isWatched = Atomic(false)

    @usableFromInline
    init() {}
}

/// The tasks waiting for a store to be idle, by id (so that a cancelled one can leave).
///
/// Size: one entry per task waiting now; entries leave as they are resumed. Every operation is
/// O(1) (hashing) but taking all, O(waiters).
struct IdleWaiterList {
    private var waiting: [Int: UnsafeContinuation<Void, Never>] = [:]
    private var nextID = 0

    var isEmpty: Bool {
        waiting.isEmpty
    }

    mutating func makeID() -> Int {
        defer { nextID += 1 }
        return nextID
    }

    mutating func add(_ continuation: UnsafeContinuation<Void, Never>, id: Int) {
        waiting[id] = continuation
    }

    mutating func remove(_ id: Int) -> UnsafeContinuation<Void, Never>? {
        waiting.removeValue(forKey: id)
    }

    mutating func takeAll() -> [UnsafeContinuation<Void, Never>] {
        defer { waiting = [:] }
        return Array(waiting.values)
    }
}
