import Synchronization

/// The runtime a store's effects run in: which effects are running, and which of them answer
/// to which cancellation id.
///
/// A store owns one and starts every effect in it. The context travels with the subscription
/// (``Subscriber/effectContext``), through every operator, to each ``Effect`` in the chain, so
/// that ``Effect/cancellable(id:cancelInFlight:)`` registers here and ``Effect/cancel(id:)``
/// cancels here wherever they sit. Outside a store (a plain `sink`), there is no context and
/// ids mean nothing.
///
/// An id is kept only while an effect marked with it runs, and a running effect only until it
/// ends, so the context's memory follows the work in flight, never the work that has come and
/// gone. All of it is behind one lock; nothing is called, and nothing released, while it is
/// held.
public final class EffectContext: Sendable {
    let table = Mutex(EffectTable())

    /// Where the async work of these effects waits before it sends while the store's queue is
    /// full (see ``Send``); the store opens and closes it.
    package let gate = SendGate()

    /// Makes an empty, open context.
    package init() {}

    /// How many effects started in this context are running.
    package var runningCount: Int {
        table.withLock { $0.runningCount }
    }

    /// How many running parts are registered under ids, all ids together.
    package var registeredCount: Int {
        table.withLock { $0.registeredCount }
    }

    /// How many distinct ids mark running effects.
    package var idCount: Int {
        table.withLock { $0.idCount }
    }

    /// Starts `effect`, sending what it produces to `downstream`, and counts it as running until
    /// it ends.
    ///
    /// The shapes a store meets most are specializations of the one path, not a second one:
    /// nothing (nothing to do), a value (handed over at once: a synchronous effect has nothing
    /// to count), a merge (each part runs, and is counted, on its own: nobody waits for the
    /// whole), a cancel, and a delayed value, cancellable or not (one object that is at once the
    /// scheduled work, the running effect and the id's member). Everything else is subscribed to
    /// through a ``RootSubscriber``.
    ///
    /// - Parameters:
    ///   - effect: The effect to run.
    ///   - downstream: Receives the effect's values; its subscription and completion calls
    ///     carry no meaning for a root and may be ignored.
    @inlinable
    package func start<Downstream: Subscriber>(_ effect: Effect<Downstream.Input>, sendingTo downstream: Downstream) {
        switch effect.operation {
        case .none:
            return
        case .just(let value):
            downstream.receive(value)
        case .merge(let effects):
            for effect in effects {
                start(effect, sendingTo: downstream)
            }
        case .cancel(let id):
            cancel(id: id)
        case .delayed(let node):
            guard case .just(let value) = node.effect.operation else {
                startRoot(effect, sendingTo: downstream)
                return
            }
            DelayedValue(value, to: downstream, context: self, id: nil, isRoot: true)
                .start(after: node.interval, on: node.scheduler)
        case .cancellable(let node):
            guard case .delayed(let delayed) = node.effect.operation,
                case .just(let value) = delayed.effect.operation
            else {
                startRoot(effect, sendingTo: downstream)
                return
            }
            if node.cancelInFlight {
                cancel(id: node.id)
            }
            DelayedValue(value, to: downstream, context: self, id: node.id, isRoot: true)
                .start(after: delayed.interval, on: delayed.scheduler)
        case .publisher, .concatenate:
            startRoot(effect, sendingTo: downstream)
        }
    }

    @usableFromInline
    func startRoot<Downstream: Subscriber>(_ effect: Effect<Downstream.Input>, sendingTo downstream: Downstream) {
        let root = RootSubscriber(downstream: downstream, context: self)
        guard table.withLock({ $0.begin(root) }) else { return }
        effect.subscribe(root, context: self)
    }

    /// Cancels every running effect marked with `id`: each stops, and finishes whatever
    /// contains it.
    ///
    /// - Parameter id: The id given to ``Effect/cancellable(id:cancelInFlight:)``.
    /// - Complexity: O(1) to find the group, then O(members).
    @usableFromInline
    package func cancel(id: EffectID) {
        guard let group = table.withLock({ $0.takeMembers(of: id) }) else { return }
        switch group {
        case .one(let member):
            member.cancelByID()
        case .many(let members):
            for member in members.values {
                member.cancelByID()
            }
        }
    }

    /// Closes the context: every running effect stops, later effects do not start.
    ///
    /// - Complexity: O(running effects), every stop and release outside the lock.
    package func close() {
        let (running, ids) = table.withLock { $0.close() }
        for effect in running.values {
            effect.stop()
        }
        // A member inside a root has stopped with it (cancelling it again does nothing); one
        // subscribed to outside a store's roots is cancelled here.
        for group in ids.values {
            for member in group.members {
                member.cancelByID()
            }
        }
    }

    // MARK: Bookkeeping for the running parts

    /// Counts a root as running, and registers it under `id`.
    @usableFromInline
    func begin(_ effect: any RunningEffect & CancellableByID, id: EffectID?) -> Bool {
        table.withLock { $0.begin(effect, id: id) }
    }

    /// Forgets a root that ended, and its id.
    @usableFromInline
    func end(_ effect: any RunningEffect, id: EffectID?) {
        let ended = table.withLock { $0.end(effect, id: id) }
        _ = ended
    }

    /// Registers a running part under `id`; false when the context is closed.
    @usableFromInline
    func register(_ member: any CancellableByID, id: EffectID) -> Bool {
        table.withLock { $0.register(member, id: id) }
    }

    /// Forgets a part's membership of `id`.
    @usableFromInline
    func unregister(_ member: any CancellableByID, id: EffectID) {
        let removed = table.withLock { $0.unregister(member, id: id) }
        _ = removed
    }
}
