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
/// ends. All of it is one `EffectTable` behind one lock, which nothing is called or released
/// under; throttled ids are remembered apart while their windows are open (`ThrottleMemory`).
///
/// A context may name the executor that the tasks of its async effects
/// (``Effect/run(priority:operation:)-9qce4``) prefer: a ``TestScheduler`` in tests, so that async work
/// moves only with virtual time. Executor preference needs macOS 15, iOS 18, tvOS 18, watchOS 11
/// or visionOS 2; on earlier systems the tasks run on the global concurrent executor.
///
/// ## Scopes
///
/// An effect scoped to an element of a list (``Effect/scoped(to:)``, which `forEach` and `ifLet`
/// apply) runs in a *view* of its store's context: the same books, executor and gate, but every
/// id used through the view means the pair (scope, id), so two elements using the same id never
/// meet. Every root started through the view is also registered under its scope (and the scopes
/// around it), so cancelling the scope's id cancels every effect of the element, in O(k) for its
/// k roots.
public final class EffectContext: Sendable {
    /// The books this context shares with its scoped views: the store's one table of running
    /// effects and its throttle memory.
    let books: Books
    /// The scope every id used through this context belongs to, as the store's books name it;
    /// nil for a store's own context, where ids mean themselves.
    @usableFromInline let scope: EffectID?
    /// The scopes around `scope`, which this context's roots belong to as well: empty unless
    /// views nest.
    let outerScopes: [EffectID]

    /// Where the tasks of the context's async effects prefer to run: an `any TaskExecutor`, kept
    /// erased because that type exists only from macOS 15 / iOS 18 (see ``taskExecutor``); nil
    /// for the global concurrent executor.
    package let preferredExecutor: (any Sendable)?

    /// Where the async work of these effects waits before it sends while the store's queue is
    /// full (see ``Send``); the store opens and closes it.
    package let gate: SendGate

    /// Makes an empty, open context.
    ///
    /// - Parameter preferredExecutor: Where the tasks of its async effects prefer to run: an
    ///   `any TaskExecutor`, or nil for the global concurrent executor. Anything else, and any
    ///   executor on a system without executor preference, is ignored.
    package init(preferredExecutor: (any Sendable)? = nil) {
        books = Books()
        scope = nil
        outerScopes = []
        gate = SendGate()
        self.preferredExecutor = preferredExecutor
    }

    /// A view of `base` in which every id means the pair (`scope`, id).
    private init(viewOf base: EffectContext, scope: EffectID) {
        books = base.books
        self.scope = scope
        outerScopes = base.scopesAround
        preferredExecutor = base.preferredExecutor
        gate = base.gate
    }

    /// The scopes around a scope inside this context's: this context's own, and the ones
    /// around it.
    private var scopesAround: [EffectID] {
        scope.map { outerScopes + [$0] } ?? []
    }

    /// A view of this context in which every id used means the pair (`scope`, id): see
    /// "Scopes" above. A view of a view nests its scope inside the outer one.
    ///
    /// - Parameter scope: The scope, as this context names it.
    /// - Returns: The view; one allocation, nothing registered.
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
    /// (as the books name it: see ``resolved(_:)``), or through this context itself when nil:
    /// what it would mean through a view of this context in that scope, without the view.
    @inlinable
    package func resolved(_ id: EffectID, in inner: EffectID?) -> EffectID {
        guard let inner else { return resolved(id) }
        return EffectID(ScopedEffectID(scope: inner, id: id))
    }

    /// The table of running effects, shared by a store's context and its scoped views.
    var table: Lock<EffectTable> {
        _read { yield books.table }
    }

    /// When each throttled id last let a value through; see ``ThrottleMemory``.
    var throttles: ThrottleMemory {
        books.throttles
    }

    /// Makes an empty, open context whose async effects' tasks prefer `taskExecutor`.
    ///
    /// - Parameter taskExecutor: Where the tasks of its async effects prefer to run; nil for the
    ///   global concurrent executor.
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
    /// Nothing and a single value need no bookkeeping. Any other effect is a node that starts
    /// itself (``EffectNode``): as one root by default (a ``RootSubscriber``), a merge as each of
    /// its parts, a cancel at once, a `.cancellable` by handing its id to the node it marks.
    ///
    /// Each root first hands `downstream` a subscription, which stops that root when cancelled,
    /// and ends with a completion, whether it finished or was cancelled by id (a store's
    /// `StoreTask` counts them); none for a root the downstream cancelled itself, nor when the
    /// context closes. Parts that run at once (a value, a cancel) hand over neither.
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
            node.start(in: self, sendingTo: downstream, id: nil, replacingInFlight: false)
        }
    }

    /// Starts one root: counts it as running (and registers it under `id`, replacing what ran
    /// under it with `replacingInFlight`), hands `downstream` its subscription, then runs `body`,
    /// which subscribes the root to the effect.
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

    /// Counts `root` as running, and registers it under `id`, if any, cancelling what it
    /// replaces there (`replacingInFlight`) before it returns; false when the context is closed
    /// and the root must not start.
    ///
    /// `id` is named as the books name it (``resolved(_:in:)``). A root started in `inner`, a
    /// scope inside this context's, belongs to it too, as if started through a view.
    @usableFromInline
    func begin(
        _ root: any RunningEffect, id: EffectID?, in inner: EffectID? = nil,
        replacingInFlight: Bool
    ) -> Bool {
        let admission: EffectTable.Admission
        if let inner {
            let around = scopesAround
            admission = table.withLock {
                $0.begin(
                    root, id: id, scope: inner, outerScopes: around,
                    replacingInFlight: replacingInFlight)
            }
        } else {
            admission = table.withLock {
                $0.begin(
                    root, id: id, scope: scope, outerScopes: outerScopes,
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

    /// Cancels the members taken out of an id's group, outside the lock.
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
    /// - Complexity: O(running effects + registered parts), every stop and release outside the
    ///   lock.
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

    /// Forgets a root that ended, and its membership of `id` (named as the books name it, as
    /// for ``begin(_:id:in:replacingInFlight:)``), if any; `inner` is the scope it began in.
    @usableFromInline
    func end(_ root: any RunningEffect, id: EffectID?, in inner: EffectID? = nil) {
        let ended: (root: (any RunningEffect)?, member: (any CancellableByID)?)
        if let inner {
            let around = scopesAround
            ended = table.withLock { $0.end(root, id: id, scope: inner, outerScopes: around) }
        } else {
            ended = table.withLock { $0.end(root, id: id, scope: scope, outerScopes: outerScopes) }
        }
        // What the table kept is released here, outside the lock.
        _ = ended
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
    /// What a store's context shares with its scoped views.
    final class Books: Sendable {
        let table = Lock(EffectTable())
        /// Its own lock: nothing ties it to the table of running effects.
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
