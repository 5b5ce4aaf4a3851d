/// The runtime a store's effects run in: which effects are running, and which of them answer
/// to which cancellation id.
///
/// A store owns one and starts every effect in it. The context travels with the subscription
/// (``Subscriber/effectContext``) to each ``Effect`` in the chain, so that
/// ``Effect/cancellable(id:cancelInFlight:)`` and ``Effect/cancel(id:)`` act here wherever they
/// sit. Outside a store (a plain `sink`), there is no context and ids mean nothing. An id is
/// kept only while an effect marked with it runs.
///
/// A context may name the executor that the tasks of its async effects
/// (``Effect/run(priority:operation:)-9qce4``) prefer: a ``TestScheduler`` in tests, so that
/// async work moves only with virtual time (from macOS 15, iOS 18, tvOS 18, watchOS 11 and
/// visionOS 2; before, the global concurrent executor).
///
/// ## Scopes
///
/// An effect scoped to an element (``Effect/scoped(to:)``, which `forEach` and `ifLet` apply)
/// runs in a *view* of its store's context, where every id means the pair (scope, id), so two
/// elements using the same id never meet. Cancelling the scope's id cancels every effect of the
/// element, in O(k) for its k roots.
public final class EffectContext: Sendable {
    /// Shared with its scoped views.
    let books: Books
    /// The scope every id used through this context belongs to; nil for a store's own context.
    @usableFromInline let scope: EffectID?
    /// The scopes around `scope`, which this context's roots belong to as well.
    let outerScopes: [EffectID]

    /// An `any TaskExecutor`, erased because that type exists only from macOS 15 / iOS 18 (see
    /// ``taskExecutor``); nil for the global concurrent executor.
    package let preferredExecutor: (any Sendable)?

    /// Where async work waits to send while the store's queue is full (see ``Send``).
    package let gate: SendGate

    /// Makes an empty, open context.
    ///
    /// - Parameter preferredExecutor: An `any TaskExecutor`, or nil; anything else, and any
    ///   executor on a system without executor preference, is ignored.
    package init(preferredExecutor: (any Sendable)? = nil) {
        books = Books()
        scope = nil
        outerScopes = []
        gate = SendGate()
        self.preferredExecutor = preferredExecutor
    }

    private init(viewOf base: EffectContext, scope: EffectID) {
        books = base.books
        self.scope = scope
        outerScopes = base.scopesAround
        preferredExecutor = base.preferredExecutor
        gate = base.gate
    }

    private var scopesAround: [EffectID] {
        scope.map { outerScopes + [$0] } ?? []
    }

    /// A view of this context in which every id means the pair (`scope`, id); a view of a view
    /// nests its scope inside the outer one.
    package func scoped(to scope: EffectID) -> EffectContext {
        EffectContext(viewOf: self, scope: resolved(scope))
    }

    /// What `id`, used through this context, means in the store's books: itself in a store's
    /// own context, the pair (scope, id) in a view.
    @inlinable
    package func resolved(_ id: EffectID) -> EffectID {
        guard let scope else { return id }
        return EffectID(ScopedEffectID(scope: scope, id: id))
    }

    /// What `id` means in the store's books when used in `inner`, a scope inside this context's
    /// as the books name it (through this context itself when nil).
    @inlinable
    package func resolved(_ id: EffectID, in inner: EffectID?) -> EffectID {
        guard let inner else { return resolved(id) }
        return EffectID(ScopedEffectID(scope: inner, id: id))
    }

    var table: Lock<EffectTable> {
        _read { yield books.table }
    }

    var throttles: ThrottleMemory {
        books.throttles
    }

    /// Makes an empty, open context whose async effects' tasks prefer `taskExecutor` (nil: the
    /// global concurrent executor).
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    package convenience init(taskExecutor: (any TaskExecutor)?) {
        self.init(preferredExecutor: taskExecutor)
    }

    /// Where the tasks of the context's async effects prefer to run; nil for the global
    /// concurrent executor.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    package var taskExecutor: (any TaskExecutor)? {
        preferredExecutor as? any TaskExecutor
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
    /// Each root (a merge's parts are roots of their own) first hands `downstream` a
    /// subscription that stops it, and ends with a completion, whether it finished or was
    /// cancelled by id; none for a root the downstream cancelled itself, nor when the context
    /// closes. Parts that run at once (a value, a cancel) hand over neither.
    ///
    /// - Parameters:
    ///   - effect: The effect to run.
    ///   - downstream: Receives the effect's values, and a subscription and a completion for
    ///     each root.
    @inlinable
    package func start<Downstream: Subscriber>(
        _ effect: consuming Effect<Downstream.Input>, sendingTo downstream: consuming Downstream
    ) {
        let operation = (consume effect).operation
        switch consume operation {
        case .none:
            return
        case .just(let value):
            downstream.receive(value)
        case .node(let node):
            // Started here, where the downstream's type is known (see `DelayedValueStart`).
            if let delayed = node.delayedValue {
                delayed.start(in: self, sendingTo: downstream)
            } else {
                node.start(in: self, sendingTo: downstream, id: nil, replacingInFlight: false)
            }
        }
    }

    /// Starts one root: counts it as running (registered under `id`, if any), hands `downstream`
    /// its subscription, then runs `body`, which subscribes the root to the effect.
    func startRoot<Downstream: Subscriber>(
        sendingTo downstream: Downstream, id: EffectID? = nil, replacingInFlight: Bool = false,
        _ body: (RootSubscriber<Downstream>) -> Void
    ) {
        let registered = id.map(resolved)
        let root = RootSubscriber(downstream: downstream, context: self, id: registered)
        guard begin(root, id: registered, replacingInFlight: replacingInFlight) else { return }
        downstream.receive(subscription: root)
        // Cancelled by the downstream on arrival (the work it belongs to was cancelled).
        if root.hasEnded { return }
        body(root)
    }

    /// Counts `root` as running, registered under `id` (as the books name it), cancelling what it
    /// replaces there (`replacingInFlight`); false when the context is closed. A root started in
    /// `inner`, a scope inside this context's, belongs to it too.
    @usableFromInline
    func begin(
        _ root: any RunningEffect, id: EffectID?, in inner: EffectID? = nil,
        replacingInFlight: Bool
    ) -> Bool {
        let admission = withScopes(in: inner) { scope, around in
            table.withLock {
                $0.begin(
                    root, id: id, scope: scope, outerScopes: around,
                    replacingInFlight: replacingInFlight)
            }
        }
        guard case .admitted(let replaced) = admission else { return false }
        if let replaced { cancel(replaced) }
        return true
    }

    /// Cancels every running effect marked with `id`: each stops, and finishes whatever
    /// contains it.
    ///
    /// - Parameter id: The id given to ``Effect/cancellable(id:cancelInFlight:)``.
    /// - Complexity: O(1) to find the group, then O(members).
    package func cancel(id: EffectID) {
        guard let members = table.withLock({ $0.takeMembers(of: resolved(id)) }) else { return }
        cancel(members)
    }

    private func cancel(_ members: EffectTable.Members) {
        switch members {
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
    /// - Complexity: O(running effects + registered parts).
    package func close() {
        throttles.removeAll()
        guard var (roots, members) = table.withLock({ $0.close() }) else { return }
        // Each root is stopped, then released, before the next one is touched.
        roots.removeAll { $0.stop() }
        // The groups' members: a root with an id stops here (stopping twice does nothing);
        // anything else registered (a part outside a root, a store's task) is cancelled.
        while let member = members.popLast() {
            if let root = member as? any RunningEffect {
                root.stop()
            } else {
                member.cancelByID()
            }
        }
    }

    /// Forgets a root that ended, and its membership of `id`, as it began.
    @usableFromInline
    func end(_ root: any RunningEffect, id: EffectID?, in inner: EffectID? = nil) {
        let ended = withScopes(in: inner) { scope, around in
            table.withLock { $0.end(root, id: id, scope: scope, outerScopes: around) }
        }
        // What the table kept is released outside the lock.
        _ = ended
    }

    /// Calls `body` with the scope a root started in `inner` (through this context when nil)
    /// belongs to, and the scopes around it: the context's own are lent, not copied.
    private func withScopes<Result>(
        in inner: EffectID?, _ body: (EffectID?, [EffectID]) -> Result
    ) -> Result {
        guard let inner else { return body(scope, outerScopes) }
        return body(inner, scopesAround)
    }

    /// Registers a running part under `id`; false when the context is closed.
    package func register(_ member: any CancellableByID, id: EffectID) -> Bool {
        table.withLock { $0.register(member, id: resolved(id)) }
    }

    /// Forgets a part's membership of `id`.
    package func unregister(_ member: any CancellableByID, id: EffectID) {
        let removed = table.withLock { $0.unregister(member, id: resolved(id)) }
        _ = removed
    }
}

extension EffectContext {
    final class Books: Sendable {
        let table = Lock(EffectTable())
        let throttles = ThrottleMemory()
    }
}

/// An id used inside a scope: the pair (scope, id) that a scoped view of a context
/// (``EffectContext/scoped(to:)``) registers, cancels, debounces and throttles under.
@usableFromInline
package struct ScopedEffectID: Hashable, Sendable, CustomStringConvertible {
    @usableFromInline let scope: EffectID
    @usableFromInline let id: EffectID

    @inlinable
    package init(scope: EffectID, id: EffectID) {
        self.scope = scope
        self.id = id
    }

    @usableFromInline package var description: String {
        "\(id) in \(scope)"
    }

    /// The two ids' stored hashes mixed without running a `Hasher`, as
    /// ``EffectID/_rawHashValue(seed:)`` mixes one.
    @inlinable
    package func _rawHashValue(seed: Int) -> Int {
        let mixed =
            (UInt(bitPattern: scope.hash) &* 0x9E37_79B9_7F4A_7C15) ^ UInt(bitPattern: id.hash)
            ^ UInt(bitPattern: seed)
        return Int(bitPattern: mixed &* 0x9E37_79B9_7F4A_7C15)
    }
}

/// What an ``EffectContext`` keeps behind its lock: the running roots, and which running parts
/// answer to which cancellation id. A pure state machine: each transition returns what the
/// caller must do or release once the lock is let go.
///
/// A root with an id is kept in its id's group only (and counted in `roots`); a root started in
/// a scoped view is also kept in each of its scopes' groups, so cancelling a scope reaches it in
/// one step.
///
/// Size and cost: one entry per running root without an id, one per id some running part is
/// marked with. Beginning and ending a root, registering and unregistering a member are O(1);
/// taking an id's members is O(members), closing O(roots + members).
enum EffectTable {
    case open(roots: Roots, ids: [EffectID: Members])
    /// The store is gone: nothing new starts, nothing is kept.
    case closed

    /// Usually one, which needs no dictionary.
    enum Members {
        case one(any CancellableByID)
        case many([ObjectIdentifier: any CancellableByID])
    }

    enum Admission {
        case refused
        /// With the members it replaced under its id, to cancel outside the lock.
        case admitted(replaced: Members?)
    }

    init() {
        self = .open(roots: Roots(), ids: [:])
    }

    var runningCount: Int {
        guard case .open(let roots, _) = self else { return 0 }
        return roots.count
    }

    /// The running roots without an id, in slots in the order they started (a freed slot is
    /// reused), so that closing stops them in about that order; and how many roots with an id
    /// run. `slots` is as long as the most roots ever running at once, emptied whenever none
    /// runs; inserting and removing are O(1).
    struct Roots {
        private var slots: [(any RunningEffect)?] = []
        private var slotOf: [ObjectIdentifier: Int] = [:]
        private var freeSlots: [Int] = []
        /// Roots with an id (or a scope) begun and not ended, whether or not a group holds them.
        var marked = 0

        var count: Int {
            slotOf.count + marked
        }

        /// Hands every root to `body` in slot order, each taken out of its slot first, so that
        /// it is freed as `body` returns.
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

        mutating func remove(_ key: ObjectIdentifier) -> (any RunningEffect)? {
            guard let slot = slotOf.removeValue(forKey: key) else { return nil }
            var removed: (any RunningEffect)? = nil
            swap(&removed, &slots[slot])
            if slotOf.isEmpty {
                slots.removeAll(keepingCapacity: true)
                freeSlots.removeAll(keepingCapacity: true)
            } else {
                freeSlots.append(slot)
            }
            return removed
        }
    }

    var idCount: Int {
        guard case .open(_, let ids) = self else { return 0 }
        return ids.count
    }

    /// O(ids).
    var registeredCount: Int {
        guard case .open(_, let ids) = self else { return 0 }
        return ids.values.reduce(0) { $0 + $1.all.count }
    }

    /// Counts `root` as running, registered under `id` if any (with `replacingInFlight`, as the
    /// id's one member, handing back the members it replaces), and under `scope` and each of
    /// `outerScopes`.
    mutating func begin(
        _ root: any RunningEffect, id: EffectID?, scope: EffectID? = nil,
        outerScopes: [EffectID] = [], replacingInFlight: Bool
    ) -> Admission {
        withOpen { roots, ids in
            var replaced: Members? = nil
            // Tested, then unwrapped where used, here and in `end`: binding the id copied it.
            if id != nil {
                roots.marked += 1
                if replacingInFlight {
                    replaced = ids.updateValue(.one(root), forKey: id!)
                } else {
                    ids.insert(root, under: id!)
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

    /// Forgets a root that ended. Returns what was kept, to release outside the lock; nothing
    /// when it had left already (the context closed, or its id's group was taken to cancel).
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
            guard id != nil else {
                guard scope == nil else {
                    precondition(roots.marked > 0, "a scoped root ended more often than it began")
                    roots.marked -= 1
                    return (nil, nil)
                }
                return (roots.remove(key), nil)
            }
            precondition(roots.marked > 0, "a root with an id ended more often than it began")
            roots.marked -= 1
            return (nil, ids.remove(key, from: id!))
        } ?? (nil, nil)
    }

    /// Registers a running part inside some root under `id`; false when closed.
    mutating func register(_ member: any CancellableByID, id: EffectID) -> Bool {
        withOpen { _, ids in
            ids.insert(member, under: id)
            return true
        } ?? false
    }

    mutating func unregister(_ member: any CancellableByID, id: EffectID)
        -> (any CancellableByID)?
    {
        withOpen { _, ids in ids.remove(ObjectIdentifier(member), from: id) } ?? nil
    }

    /// A root among the members taken stays counted as running until it ends.
    mutating func takeMembers(of id: EffectID) -> Members? {
        withOpen { _, ids in ids.removeValue(forKey: id) } ?? nil
    }

    /// Everything kept, to stop and release outside the lock; nil when closed already.
    mutating func close() -> (roots: Roots, members: [any CancellableByID])? {
        guard case .open(let roots, let ids) = self else { return nil }
        self = .closed
        return (roots, ids.values.flatMap(\.all))
    }

    /// The books are moved out of the enum while `body` runs, so they are changed in place.
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
    var all: [any CancellableByID] {
        switch self {
        case .one(let member): [member]
        case .many(let members): Array(members.values)
        }
    }

    func contains(_ key: ObjectIdentifier) -> Bool {
        switch self {
        case .one(let member): ObjectIdentifier(member) == key
        case .many(let members): members[key] != nil
        }
    }

    /// Adds `member` to `group`, after removing those of `replaced` it holds.
    static func insert(
        _ member: any CancellableByID, into group: inout Self?, replacing replaced: Self?
    ) {
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

    /// Nil when `key` was not there (the group is then left as it was).
    static func remove(_ key: ObjectIdentifier, from group: inout Self?) -> (any CancellableByID)? {
        switch group.take() {
        case .none:
            return nil
        case .one(let member):
            guard ObjectIdentifier(member) == key else {
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
    fileprivate mutating func insert(
        _ member: any CancellableByID, under id: EffectID,
        replacing replaced: EffectTable.Members? = nil
    ) {
        EffectTable.Members.insert(member, into: &self[id], replacing: replaced)
    }

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
