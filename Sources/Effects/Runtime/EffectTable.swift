/// What an ``EffectContext`` keeps, behind its lock: the effects running now (its roots), and
/// which running parts answer to which cancellation id.
///
/// A pure state machine: each transition returns what the caller must do (or release) once the
/// lock is let go; it never calls out. `open` carries the books; `closed` keeps nothing, and
/// nothing starts in it again.
///
/// A root marked with an id is kept in its id's group only (and counted in `roots`): the group is
/// what cancelling and closing reach it through. A root started in a scoped view of the context
/// is kept in the group of each scope it runs in as well, so that cancelling the scope reaches it
/// in one step; stopping a root twice does nothing.
///
/// Size and cost: `roots` holds one entry per running root without an id, and `ids` one entry
/// per id that some running part is marked with, so both follow the work in flight. Beginning
/// and ending a root, registering and unregistering a member, are O(1); taking an id's members
/// to cancel is O(members), and closing O(roots + members).
enum EffectTable {
    case open(roots: Roots, ids: [EffectID: Members])
    /// The store is gone: nothing new starts, nothing is kept.
    case closed

    /// The running parts registered under one id: usually one, which needs no dictionary.
    enum Members {
        case one(any CancellableByID)
        case many([ObjectIdentifier: any CancellableByID])
    }

    /// How a root's beginning went.
    enum Admission {
        /// The context is closed: the root must not start.
        case refused
        /// Counted as running; with the members it replaced under its id (`replacingInFlight`),
        /// for the caller to cancel outside the lock.
        case admitted(replaced: Members?)
    }

    init() {
        self = .open(roots: Roots(), ids: [:])
    }

    /// How many roots are running.
    var runningCount: Int {
        guard case .open(let roots, _) = self else { return 0 }
        return roots.count
    }

    /// The running roots without an id, in slots numbered in the order they started (a freed
    /// slot is reused), so that closing stops them in about that order; and how many roots with
    /// an id run (kept in their id's group).
    ///
    /// Size and cost: `slots` is as long as the most roots ever running at once, and emptied
    /// whenever none runs; `slotOf` holds one entry per running root. Inserting and removing are
    /// O(1).
    struct Roots {
        private var slots: [(any RunningEffect)?] = []
        private var slotOf: [ObjectIdentifier: Int] = [:]
        private var freeSlots: [Int] = []
        /// How many roots with an id have begun and not ended (whether or not their id's group
        /// still holds them: one taken out to be cancelled runs until it ends).
        var marked = 0

        var count: Int {
            slotOf.count + marked
        }

        /// Takes every running root out, in slot order, and hands each to `body`, leaving the
        /// books empty.
        ///
        /// Each root is taken out of its slot before `body` sees it, so that a root nothing else
        /// holds is freed as `body` returns, not in a second pass over all of them.
        mutating func removeAll(_ body: (any RunningEffect) -> Void) {
            for slot in slots.indices {
                guard let root = slots[slot].take() else { continue }
                body(root)
            }
            self = Roots()
        }

        mutating func insert(_ root: any RunningEffect) {
            let slot = freeSlots.popLast() ?? slots.count
            if slot == slots.count {
                slots.append(root)
            } else {
                slots[slot] = root
            }
            slotOf[ObjectIdentifier(root)] = slot
        }

        /// Removes the root with identity `key`; returns it, or nil when it was not there.
        mutating func remove(_ key: ObjectIdentifier) -> (any RunningEffect)? {
            guard let slot = slotOf.removeValue(forKey: key) else { return nil }
            var removed: (any RunningEffect)? = nil
            swap(&removed, &slots[slot])
            if slotOf.isEmpty {
                // Nothing runs: start afresh, keeping the capacity for the next burst.
                slots.removeAll(keepingCapacity: true)
                freeSlots.removeAll(keepingCapacity: true)
            } else {
                freeSlots.append(slot)
            }
            return removed
        }
    }

    /// How many distinct ids mark running parts.
    var idCount: Int {
        guard case .open(_, let ids) = self else { return 0 }
        return ids.count
    }

    /// How many running parts are registered under ids, all ids together. O(ids).
    var registeredCount: Int {
        guard case .open(_, let ids) = self else { return 0 }
        return ids.values.reduce(0) { $0 + $1.all.count }
    }

    /// Counts `root` as running, and registers it under `id`, if any (then its id's group is
    /// where it is kept); with `replacingInFlight`, it becomes the id's one member and the
    /// members it replaces are handed back.
    ///
    /// A root started in a scoped view of the context is registered under its `scope` and each
    /// of `outerScopes` too, so that cancelling any of them reaches it in one step; O(1) per
    /// scope.
    mutating func begin(
        _ root: any RunningEffect, id: EffectID?, scope: EffectID? = nil,
        outerScopes: [EffectID] = [], replacingInFlight: Bool
    ) -> Admission {
        withOpen { roots, ids in
            var replaced: Members? = nil
            if let id {
                roots.marked += 1
                if replacingInFlight {
                    replaced = ids.updateValue(.one(root), forKey: id)
                } else {
                    ids.insert(root, under: id)
                }
            } else if scope == nil {
                roots.insert(root)
            } else {
                roots.marked += 1
            }
            // The members replaced leave the scopes' groups as the root joins them: an element
            // whose one effect replaces its previous one keeps a group of one throughout.
            if let scope {
                ids.insert(root, under: scope, replacing: replaced)
                for outer in outerScopes {
                    ids.insert(root, under: outer, replacing: replaced)
                }
            }
            return .admitted(replaced: replaced)
        } ?? .refused
    }

    /// Forgets a root that ended, and its membership of `id`, if any.
    ///
    /// - Returns: what was kept, to be released by the caller outside the lock (a root without
    ///   an id as `root`, one with an id as its group's `member`); nothing when the root had
    ///   left already (the context closed, or its id's group was taken to be cancelled).
    mutating func end(
        _ root: any RunningEffect, id: EffectID?, scope: EffectID? = nil,
        outerScopes: [EffectID] = []
    ) -> (root: (any RunningEffect)?, member: (any CancellableByID)?) {
        withOpen { roots, ids in
            let key = ObjectIdentifier(root)
            // The entries under its scopes are references to `root`, which the caller holds:
            // dropping them here cannot end its life inside the lock.
            if let scope {
                _ = ids.remove(key, from: scope)
                for outer in outerScopes {
                    _ = ids.remove(key, from: outer)
                }
            }
            guard let id else {
                guard scope == nil else {
                    precondition(roots.marked > 0, "a scoped root ended more often than it began")
                    roots.marked -= 1
                    return (nil, nil)
                }
                return (roots.remove(key), nil)
            }
            precondition(roots.marked > 0, "a root with an id ended more often than it began")
            roots.marked -= 1
            return (nil, ids.remove(key, from: id))
        } ?? (nil, nil)
    }

    /// Registers `member`, a running part inside some root, under `id`.
    ///
    /// - Returns: false when the context is closed: the part must not start.
    mutating func register(_ member: any CancellableByID, id: EffectID) -> Bool {
        withOpen { _, ids in
            ids.insert(member, under: id)
            return true
        } ?? false
    }

    /// Forgets `member`'s membership of `id`.
    ///
    /// - Returns: what was kept, to be released by the caller outside the lock.
    mutating func unregister(_ member: any CancellableByID, id: EffectID)
        -> (any CancellableByID)?
    {
        withOpen { _, ids in ids.remove(ObjectIdentifier(member), from: id) } ?? nil
    }

    /// Takes every member of `id` out of the table, for the caller to cancel outside the lock.
    /// A root among them stays counted as running until it ends.
    mutating func takeMembers(of id: EffectID) -> Members? {
        withOpen { _, ids in ids.removeValue(forKey: id) } ?? nil
    }

    /// Closes the context and takes everything it kept, for the caller to stop and release
    /// outside the lock: the roots without an id, then every registered member (the roots with
    /// an id among them). Nil when it was closed already.
    mutating func close() -> (roots: Roots, members: [any CancellableByID])? {
        guard case .open(let roots, let ids) = self else { return nil }
        self = .closed
        return (roots, ids.values.flatMap(\.all))
    }

    /// Runs `body` on the open books, moved out of the enum while it runs; nil when closed.
    private mutating func withOpen<Result>(
        _ body: (inout Roots, inout [EffectID: Members]) -> Result
    ) -> Result? {
        guard case .open(var roots, var ids) = self else { return nil }
        self = .closed
        defer { self = .open(roots: roots, ids: ids) }
        return body(&roots, &ids)
    }
}

extension EffectTable.Members {
    /// The members, in no particular order.
    var all: [any CancellableByID] {
        switch self {
        case .one(let member): [member]
        case .many(let members): Array(members.values)
        }
    }
}

extension EffectTable.Members {
    /// Whether `key` is one of the members.
    func contains(_ key: ObjectIdentifier) -> Bool {
        switch self {
        case .one(let member): ObjectIdentifier(member) == key
        case .many(let members): members[key] != nil
        }
    }

    /// Adds `member` to `group` (or starts it), after removing those of `replaced` it holds.
    static func insert(
        _ member: any CancellableByID, into group: inout Self?, replacing replaced: Self?
    ) {
        // Taken out, so that a group of many is changed in place, not copied.
        switch group.take() {
        case .none:
            group = .one(member)
        case .one(let other):
            if let replaced, replaced.contains(ObjectIdentifier(other)) {
                group = .one(member)
            } else {
                group = .many([ObjectIdentifier(other): other, ObjectIdentifier(member): member])
            }
        case .many(var members):
            switch replaced {
            case .none: break
            case .one(let gone): members.removeValue(forKey: ObjectIdentifier(gone))
            case .many(let gone): for key in gone.keys { members.removeValue(forKey: key) }
            }
            members[ObjectIdentifier(member)] = member
            group = members.count == 1 ? .one(member) : .many(members)
        }
    }

    /// Removes the member with identity `key` from `group`, leaving nil once it is empty;
    /// returns it, or nil when it was not there (the group is then left as it was).
    static func remove(_ key: ObjectIdentifier, from group: inout Self?) -> (any CancellableByID)? {
        switch group.take() {
        case .none:
            return nil
        case .one(let member):
            guard ObjectIdentifier(member) == key else {
                // Not this member's group any more (it was replaced): left as it is.
                group = .one(member)
                return nil
            }
            return member
        case .many(var members):
            let removed = members.removeValue(forKey: key)
            group = members.count == 1 ? .one(members.first!.value) : .many(members)
            return removed
        }
    }
}

extension Dictionary where Key == EffectID, Value == EffectTable.Members {
    /// Adds `member` to the group of `id` (or starts one), after removing the members of
    /// `replaced` it holds.
    fileprivate mutating func insert(
        _ member: any CancellableByID, under id: EffectID,
        replacing replaced: EffectTable.Members? = nil
    ) {
        EffectTable.Members.insert(member, into: &self[id], replacing: replaced)
    }

    /// Removes the member with identity `key` from the group of `id`, removing the group once
    /// empty; returns it, or nil when it was not there.
    fileprivate mutating func remove(_ key: ObjectIdentifier, from id: EffectID)
        -> (any CancellableByID)?
    {
        EffectTable.Members.remove(key, from: &self[id])
    }
}

/// A root a context counts as running until it ends; ``stop()`` ends it when the context
/// closes.
@usableFromInline
package protocol RunningEffect: CancellableByID {
    /// Stops the effect because its context closed: it delivers nothing more, and reports
    /// nothing (the context has let it go already).
    func stop()
}

/// A running part of an effect, marked with an id, that ``EffectContext/cancel(id:)`` can end.
@usableFromInline
package protocol CancellableByID: AnyObject, Sendable {
    /// Stops the part and finishes its downstream, so that whatever contains it goes on. The
    /// context has already removed it from the id's group.
    func cancelByID()
}
