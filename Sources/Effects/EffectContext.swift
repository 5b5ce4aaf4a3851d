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
/// held. Throttled ids (``Effect/throttle(id:for:scheduler:latest:)``) are remembered apart,
/// behind a lock of their own, while their windows are open (see `ThrottleMemory`).
///
/// A context may name the executor that the tasks of its async effects
/// (``Effect/run(priority:operation:)``) prefer: a ``TestScheduler`` in tests, so that async work
/// moves only with virtual time.
public final class EffectContext: Sendable {
    @usableFromInline let table = Lock(EffectTable())
    /// When each throttled id last let a value through; see ``ThrottleMemory`` (its own lock:
    /// nothing ties it to the table of running effects).
    let throttles = ThrottleMemory()

    /// Where the tasks of the context's async effects prefer to run; nil for the global
    /// concurrent executor.
    package let taskExecutor: (any TaskExecutor)?

    /// Where the async work of these effects waits before it sends while the store's queue is
    /// full (see ``Send``); the store opens and closes it.
    package let gate = SendGate()

    /// Makes an empty, open context.
    ///
    /// - Parameter taskExecutor: Where the tasks of its async effects prefer to run.
    package init(taskExecutor: (any TaskExecutor)? = nil) {
        self.taskExecutor = taskExecutor
    }

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

    /// How many throttled ids are remembered (their windows may still be open).
    package var throttledIDCount: Int {
        throttles.count
    }

    /// Starts `effect`, sending what it produces to `downstream`, and counts it as running until
    /// it ends.
    ///
    /// The shapes a store meets most are specializations of the one path, not a second one:
    /// nothing (nothing to do), a value (handed over at once: a synchronous effect has nothing
    /// to count), a merge (each part runs, and is counted, on its own: nobody waits for the
    /// whole), a cancel, and a delayed value, cancellable or not (one object that is at once the
    /// scheduled work, the running effect and the id's member, and that the next delayed value
    /// of the same effect restarts once it has fired: see `EffectTable.spare`). Everything else is
    /// subscribed to through a ``RootSubscriber``.
    ///
    /// Each part the context counts as running (a root) first hands `downstream` a subscription,
    /// which stops that root when cancelled, and ends with a completion, whether it finished or
    /// was cancelled by id: a downstream that needs to follow the running work (a store's
    /// `StoreTask`) counts them. There is no completion for a root the downstream cancelled
    /// itself, nor when the context closes. Parts that run at once (a value, a cancel) hand
    /// over neither.
    ///
    /// - Parameters:
    ///   - effect: The effect to run.
    ///   - downstream: Receives the effect's values, and a subscription and a completion for
    ///     each root.
    @inlinable
    package func start<Downstream: Subscriber>(
        _ effect: Effect<Downstream.Input>, sendingTo downstream: Downstream
    ) {
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
            guard let value = node.value else {
                startRoot(effect, sendingTo: downstream)
                return
            }
            beginRoot(delivering: value, to: downstream, identified: nil, replacingInFlight: false)?
                .scheduleFiring(after: node.interval, on: node.target)
        case .cancellable:
            // Borrowed from the effect, which the caller holds, rather than bound with `let`: a
            // binding retains the node for the call, and this is the shape a game's delayed
            // action takes on every move.
            effect.cancellableNode.unsafelyUnwrapped._withUnsafeGuaranteedRef { node in
                guard node.delayed?.value != nil else {
                    startRoot(effect, sendingTo: downstream)
                    return
                }
                Unmanaged.passUnretained(node.delayed.unsafelyUnwrapped)._withUnsafeGuaranteedRef {
                    delayed in
                    beginRoot(
                        delivering: delayed.value.unsafelyUnwrapped, to: downstream,
                        identified: node, replacingInFlight: node.cancelInFlight
                    )?
                    .scheduleFiring(after: delayed.interval, on: delayed.target)
                }
            }
        case .debounced(let node):
            // A debounced value: the same one object as a delayed value that cancels in flight.
            guard case .just(let value) = node.effect.operation else {
                startRoot(effect, sendingTo: downstream)
                return
            }
            beginRoot(delivering: value, to: downstream, identified: node, replacingInFlight: true)?
                .scheduleFiring(after: node.interval, onAny: node.scheduler)
        case .publisher, .concatenate, .throttled:
            startRoot(effect, sendingTo: downstream)
        }
    }

    /// Registers the delivery of a delayed value as a root, and announces it to `downstream`:
    /// the context's spare delivery, restarted, if it can serve, taken and registered in one
    /// critical section; otherwise a new one, made outside the lock and registered in a second.
    ///
    /// - Returns: The delivery, for the caller to schedule; nil when there is nothing to schedule
    ///   (the context is closed, or the downstream cancelled on arrival).
    @inlinable
    func beginRoot<Downstream: Subscriber>(
        delivering value: Downstream.Input, to downstream: Downstream,
        identified: IdentifiedEffect?, replacingInFlight: Bool
    ) -> DelayedValue<Downstream.Input, Downstream>? {
        // The node is borrowed for the critical section (see `withTable(idOf:)`).
        let node = identified.map { Unmanaged.passUnretained($0) }
        let restarted = table.withLock {
            table -> (DelayedValue<Downstream.Input, Downstream>, RootAdmission)? in
            guard
                let delivery = DelayedValue.takeSpare(
                    &table.spare, value: value, to: downstream, context: self,
                    identified: identified)
            else { return nil }
            guard node != nil else {
                return (delivery, RootAdmission(admitted: table.begin(delivery)))
            }
            return node.unsafelyUnwrapped._withUnsafeGuaranteedRef { node in
                guard replacingInFlight else {
                    return (delivery, RootAdmission(admitted: table.begin(delivery, id: node.id)))
                }
                let (admitted, replaced) = table.begin(delivery, replacingMembersOf: node.id)
                return (delivery, RootAdmission(admitted: admitted, replaced: replaced))
            }
        }
        switch consume restarted {
        case .none:
            let delivery = DelayedValue(
                value, to: downstream, context: self, identified: identified, isRoot: true)
            return delivery.begin(replacingInFlight: replacingInFlight) ? delivery : nil
        case .some(let (delivery, admission)):
            if let replaced = admission.replaced { cancel(replaced) }
            return admission.admitted && delivery.announce() ? delivery : nil
        }
    }

    @usableFromInline
    func startRoot<Downstream: Subscriber>(
        _ effect: Effect<Downstream.Input>, sendingTo downstream: Downstream
    ) {
        let root = RootSubscriber(downstream: downstream, context: self)
        guard table.withLock({ $0.begin(root) }) else { return }
        downstream.receive(subscription: root)
        // Cancelled by the downstream on arrival (the work it belongs to was cancelled).
        if root.hasEnded { return }
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
        cancel(group)
    }

    /// Cancels the members taken out of an id's group, outside the lock.
    @usableFromInline
    func cancel(_ group: EffectTable.Group) {
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
        throttles.removeAll()
        // The spare delivery holds its downstream (for a store, the store): it goes too.
        let (running, groups, spare) = table.withLock { $0.close() }
        _ = spare
        for case let effect? in running {
            effect.stop()
        }
        // A root kept under its id stops as the others did. A member inside a root has stopped
        // with it (cancelling it again does nothing); one subscribed to outside a store's roots
        // is cancelled here.
        for group in groups {
            for member in group.members {
                if member.isIdentifiedRoot, let root = member as? RunningEffect {
                    root.stop()
                } else {
                    member.cancelByID()
                }
            }
        }
    }

    // MARK: Bookkeeping for the running parts

    /// Counts a root as running, and registers it under the id `identified` carries, if any
    /// (then there only: see ``EffectTable``).
    @usableFromInline
    func begin(_ effect: RunningEffect & CancellableByID, identified: IdentifiedEffect?) -> Bool {
        guard identified != nil else { return table.withLock { $0.begin(effect) } }
        return withTable(idOf: identified.unsafelyUnwrapped) { table, id in
            table.begin(effect, id: id)
        }
    }

    /// Counts a root as running and makes it the one member of the id `identified` carries,
    /// cancelling the effects it replaces under that id (`cancelInFlight`) before it returns:
    /// one critical section and one lookup where a cancel and a registration took two of each.
    @usableFromInline
    func begin(
        _ effect: RunningEffect & CancellableByID, replacingInFlightOf identified: IdentifiedEffect
    ) -> Bool {
        let (admitted, replaced) = withTable(idOf: identified) { table, id in
            table.begin(effect, replacingMembersOf: id)
        }
        if let replaced { cancel(replaced) }
        return admitted
    }

    /// Forgets a root that ended, and its membership of the id `identified` carries, if any.
    @usableFromInline
    func end(_ effect: RunningEffect, identified: IdentifiedEffect?) {
        // What the table kept is released here, outside the lock.
        guard identified != nil else {
            let ended = table.withLock { $0.end(effect) }
            _ = ended
            return
        }
        let member = ObjectIdentifier(effect)
        let ended = withTable(idOf: identified.unsafelyUnwrapped) { table, id in
            table.end(member, id: id)
        }
        _ = ended
    }

    /// Runs `body` under the table's lock with the id `identified` carries.
    ///
    /// The node is borrowed from the caller, who holds it, and its id read under the lock:
    /// bound with `let` or captured as is, the node would be retained for the critical section,
    /// and copied out, the id would be retained too. This runs for every cancellable effect a
    /// store starts and ends. (Callers test an optional node and unwrap it rather than bind it,
    /// for the same reason.)
    @inline(__always)
    private func withTable<Result: Sendable>(
        idOf identified: IdentifiedEffect, _ body: @Sendable (inout EffectTable, EffectID) -> Result
    ) -> Result {
        let node = Unmanaged.passUnretained(identified)
        return table.withLock { table in
            node._withUnsafeGuaranteedRef { body(&table, $0.id) }
        }
    }

    /// Forgets a delivery of a delayed value, a root, that ended, and its membership of the id
    /// `identified` carries, if any; one that fired becomes the spare (see `EffectTable.spare`),
    /// and the one it replaces is released here, outside the lock.
    @usableFromInline
    func end(delivery: DelayedDelivery, identified: IdentifiedEffect?) {
        let isSpent = delivery.isSpent
        guard identified != nil else {
            let released = table.withLock { table -> DelayedDelivery? in
                guard let ended = table.end(delivery) else { return nil }
                let taken = unsafeDowncast(consume ended, to: DelayedDelivery.self)
                return isSpent ? table.keepSpare(taken) : taken
            }
            _ = released
            return
        }
        let member = ObjectIdentifier(delivery)
        let released = withTable(idOf: identified.unsafelyUnwrapped) {
            table, id -> DelayedDelivery? in
            guard let ended = table.end(member, id: id) else { return nil }
            let taken = unsafeDowncast(consume ended as AnyObject, to: DelayedDelivery.self)
            return isSpent ? table.keepSpare(taken) : taken
        }
        _ = released
    }

    /// Registers a running part under `id`; false when the context is closed.
    @usableFromInline
    package func register(_ member: any CancellableByID, id: EffectID) -> Bool {
        table.withLock { $0.register(member, id: id) }
    }

    /// Forgets a part's membership of `id`.
    @usableFromInline
    package func unregister(_ member: any CancellableByID, id: EffectID) {
        let removed = table.withLock { $0.unregister(member, id: id) }
        _ = removed
    }
}

/// How a root's registration went: whether the context admitted it, and what it replaced under
/// its id, for the caller to cancel outside the lock.
@usableFromInline
struct RootAdmission: Sendable {
    @usableFromInline let admitted: Bool
    @usableFromInline let replaced: EffectTable.Group?

    @inlinable
    init(admitted: Bool, replaced: EffectTable.Group? = nil) {
        self.admitted = admitted
        self.replaced = replaced
    }
}
