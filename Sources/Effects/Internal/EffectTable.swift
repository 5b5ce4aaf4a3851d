/// What an ``EffectContext`` keeps, behind its lock: the effects running now, and which of them
/// answer to which cancellation id.
///
/// A plain value with mutating transitions that return what the caller must do (or release)
/// once the lock is let go; it never calls out itself.
///
/// Size and cost: `running` is a slot table with one slot per effect a store has started and
/// that has not ended, and free slots reused last freed first; each effect keeps its own slot
/// number, so beginning and ending one costs O(1) with no hashing. The table is as long as the
/// most effects ever running at once, and is emptied whenever none runs. `ids` holds one entry
/// per id that some running effect is marked with, removed when its last member ends (the
/// inline id alone stays, vacant: see `IDRegistry`). A root that is itself marked with an id (a
/// cancellable delayed value) is kept in its id's group only, not in a slot too, and counted
/// apart (`identifiedRoots`): one entry, one reference and one lookup for each of its beginning
/// and its end. Of the work that has ended, only two things stay: that vacant id, and `spare`,
/// one delivery kept for reuse. So everything is bounded by the work in flight, plus those two,
/// not by how much has come and gone. Every operation is O(1), except ``close()`` and taking a
/// group to cancel, which are O(members). ``close()`` hands the running effects back in slot order, which is roughly
/// the order they started in, and so the order they sit in memory.
@usableFromInline
struct EffectTable {
    /// Whether effects may still start.
    enum Stage {
        case open
        /// The store is gone: nothing new starts, nothing is kept.
        case closed
    }

    /// The members of one id. Most ids mark one effect at a time (a game's single timer), so
    /// that case is stored inline and costs no dictionary of its own.
    @usableFromInline
    enum Group: Sendable {
        case one(any CancellableByID)
        case many([ObjectIdentifier: any CancellableByID])
    }

    private(set) var stage = Stage.open
    /// The running effects by slot; nil for a free slot.
    private var running: [RunningEffect?] = []
    /// The free slots of `running`, a stack.
    private var freeSlots: [Int] = []
    private var ids = IDRegistry<Group>()
    /// How many of the members in `ids` are roots (see the type's discussion).
    private var identifiedRoots = 0
    /// The last delivery of a delayed value, started as a root, that ended by firing: kept so
    /// that the next delayed value of the same effect restarts it instead of making another
    /// (see `DelayedValue.takeSpare`). One object at most, given back on close.
    @usableFromInline var spare: DelayedDelivery?

    init() {}

    /// How many effects are running: the slots that are not free, and the roots kept under
    /// their ids.
    var runningCount: Int {
        running.count - freeSlots.count + identifiedRoots
    }

    var idCount: Int {
        ids.count
    }

    /// O(ids): for tests and diagnostics.
    var registeredCount: Int {
        ids.values.reduce(0) { count, group in
            switch group {
            case .one: count + 1
            case .many(let members): count + members.count
            }
        }
    }

    /// Keeps `delivery`, a root delivery that fired and ended, as the spare, unless the context
    /// is closed.
    ///
    /// - Returns: what the slot held before (or `delivery` itself, once closed), to be released
    ///   by the caller outside the lock.
    mutating func keepSpare(_ delivery: consuming DelayedDelivery) -> DelayedDelivery? {
        guard case .open = stage else { return delivery }
        defer { spare = delivery }
        return spare.take()
    }

    /// Counts `effect`, a root, as running, and registers it under `id` (there only).
    ///
    /// - Returns: false when the context is closed: the effect must not start.
    @usableFromInline
    mutating func begin(_ effect: RunningEffect & CancellableByID, id: EffectID) -> Bool {
        guard case .open = stage else { return false }
        insert(effect, id: id)
        identifiedRoots &+= 1
        return true
    }

    /// Counts `effect`, a root, as running and makes it the one member of `id`, in one lookup.
    ///
    /// - Returns: false when the context is closed (the effect must not start), and the members
    ///   it replaced, for the caller to cancel outside the lock.
    @usableFromInline
    mutating func begin(_ effect: RunningEffect & CancellableByID, replacingMembersOf id: EffectID)
        -> (admitted: Bool, replaced: Group?)
    {
        guard case .open = stage else { return (false, nil) }
        let replaced = ids.updateValue(.one(effect), forKey: id)
        identifiedRoots &+= 1
        if let replaced { identifiedRoots &-= replaced.rootCount }
        return (true, replaced)
    }

    /// Counts `effect` as running.
    @usableFromInline
    mutating func begin(_ effect: RunningEffect) -> Bool {
        guard case .open = stage else { return false }
        place(effect)
        return true
    }

    /// Forgets a root registered under `id` (see ``begin(_:id:)``) that ended; `effect` is its
    /// identity.
    ///
    /// - Returns: what was kept, to be released by the caller outside the lock; nil when the
    ///   root had left already (cancelled by id, replaced in flight, or the context closed).
    mutating func end(_ effect: ObjectIdentifier, id: EffectID) -> (any CancellableByID)? {
        let removed = remove(effect, id: id)
        if removed != nil { identifiedRoots &-= 1 }
        return removed
    }

    /// Forgets a running effect that ended.
    ///
    /// - Returns: what was kept, to be released by the caller outside the lock.
    mutating func end(_ effect: RunningEffect) -> RunningEffect? {
        let slot = effect.runningSlot
        // Ended twice, or after the table was closed and emptied: nothing to do.
        guard slot >= 0, slot < running.count, running[slot] === effect else { return nil }
        effect.runningSlot = -1
        var taken: RunningEffect? = nil
        swap(&taken, &running[slot])
        freeSlots.append(slot)
        if freeSlots.count == running.count {
            // Nothing runs: start afresh, keeping the capacity for the next burst.
            running.removeAllFromEnd()
            freeSlots.removeAllFromEnd()
        }
        return taken
    }

    /// Registers `member` under `id`.
    ///
    /// - Returns: false when the context is closed.
    mutating func register(_ member: any CancellableByID, id: EffectID) -> Bool {
        guard case .open = stage else { return false }
        insert(member, id: id)
        return true
    }

    /// Forgets `member`'s membership of `id`.
    ///
    /// - Returns: what was kept, to be released by the caller outside the lock.
    mutating func unregister(_ member: any CancellableByID, id: EffectID)
        -> (any CancellableByID)?
    {
        remove(ObjectIdentifier(member), id: id)
    }

    /// Takes every member of `id` out of the table, for the caller to cancel outside the lock.
    mutating func takeMembers(of id: EffectID) -> Group? {
        let group = ids.removeValue(forKey: id)
        if let group { identifiedRoots &-= group.rootCount }
        return group
    }

    /// Closes the context and takes everything it kept, for the caller to stop and release
    /// outside the lock.
    mutating func close() -> (running: [RunningEffect?], groups: [Group], spare: DelayedDelivery?) {
        stage = .closed
        freeSlots = []
        identifiedRoots = 0
        defer { running = [] }
        return (running, ids.removeAll(), spare.take())
    }

    /// Puts `effect` in a free slot, or a new one.
    private mutating func place(_ effect: RunningEffect) {
        if let slot = freeSlots.popLast() {
            running[slot] = effect
            effect.runningSlot = slot
        } else {
            effect.runningSlot = running.count
            running.append(effect)
        }
    }

    // Each of these costs one lookup in the common case (an id marking one effect), a comparison
    // of references when the id is the registry's inline one (see `IDRegistry`): the store does
    // them for every cancellable effect it runs.
    private mutating func insert(_ member: any CancellableByID, id: EffectID) {
        guard let previous = ids.updateValue(.one(member), forKey: id) else { return }
        let key = ObjectIdentifier(member)
        switch previous {
        case .one(let other):
            _ = ids.updateValue(.many([ObjectIdentifier(other): other, key: member]), forKey: id)
        case .many(var members):
            members[key] = member
            _ = ids.updateValue(.many(members), forKey: id)
        }
    }

    private mutating func remove(_ key: ObjectIdentifier, id: EffectID)
        -> (any CancellableByID)?
    {
        guard let group = ids.removeValue(forKey: id) else { return nil }
        switch group {
        case .one(let member):
            guard ObjectIdentifier(member) == key else {
                _ = ids.updateValue(group, forKey: id)
                return nil
            }
            return member
        case .many(var members):
            let removed = members.removeValue(forKey: key)
            switch members.count {
            case 0: break
            case 1: _ = ids.updateValue(.one(members.first!.value), forKey: id)
            default: _ = ids.updateValue(.many(members), forKey: id)
            }
            return removed
        }
    }
}

extension EffectTable.Group {
    /// How many of the members are roots registered only here (see ``EffectTable``).
    var rootCount: Int {
        switch self {
        case .one(let member): member.isIdentifiedRoot ? 1 : 0
        case .many(let members): members.values.reduce(0) { $0 + ($1.isIdentifiedRoot ? 1 : 0) }
        }
    }

    /// The members, in no particular order.
    var members: [any CancellableByID] {
        switch self {
        case .one(let member): [member]
        case .many(let members): Array(members.values)
        }
    }
}

/// An effect that a context counts as running until it ends; ``stop()`` ends it when the
/// context closes.
///
/// A class rather than a protocol, so that each effect can keep its place in its context's
/// table (`runningSlot`), where the context finds it again without hashing.
@usableFromInline
package class RunningEffect: @unchecked Sendable {   // `runningSlot`: under the table's lock
    // `runningSlot` is read and written only by the owning context's table, under its lock.
    /// The effect's slot in its context's running table; -1 when it is not in one.
    // Unchecked exclusivity: the context's lock is what makes access exclusive.
    @exclusivity(unchecked) @usableFromInline var runningSlot = -1

    @inlinable
    init() {}

    /// Stops the effect because its context closed: it delivers nothing more, and reports
    /// nothing (the context has already let it go). Subclasses override it.
    @usableFromInline
    func stop() {
        preconditionFailure("\(Self.self) must override RunningEffect.stop()")
    }
}

/// A running part of an effect, marked with an id, that ``EffectContext/cancel(id:)`` can end.
@usableFromInline
package protocol CancellableByID: AnyObject, Sendable {
    /// Stops the part and finishes its downstream, so that whatever contains it goes on. The
    /// context has already removed it from the id's group (and stopped counting it as running,
    /// if it is an identified root).
    func cancelByID()

    /// Whether this is a root its context counts as running through its id's group alone (see
    /// ``EffectTable``); false for a part of a larger effect.
    var isIdentifiedRoot: Bool { get }
}

extension CancellableByID {
    /// A part of a larger effect, by default.
    @usableFromInline
    package var isIdentifiedRoot: Bool {
        false
    }
}
