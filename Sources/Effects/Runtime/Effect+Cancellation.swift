extension Effect {
    /// Marks this effect so that it can be cancelled by `id` while it runs.
    ///
    /// When a store runs the effect, it registers it under `id` until it finishes. An effect
    /// ``cancel(id:)`` (or a later effect with `cancelInFlight: true` and the same id) stops it;
    /// a cancelled effect counts as finished for whatever contains it.
    ///
    /// ```swift
    /// return Effect.just(.unFlipSelectedCards)
    ///     .delay(for: .seconds(1), scheduler: scheduler)
    ///     .cancellable(id: GameTimer.unFlip, cancelInFlight: true)
    /// ```
    ///
    /// - Parameters:
    ///   - id: Any hashable, sendable value; effects with equal ids are cancelled together.
    ///   - cancelInFlight: Whether to cancel effects already running with this id before
    ///     starting this one.
    /// - Returns: The marked effect (``none`` stays ``none`` unless it cancels in flight).
    public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Effect {
        let id = EffectID(id)
        if isNone {
            return cancelInFlight ? .cancel(id: id) : .none
        }
        return CancellableEffect(id: id, cancelInFlight: cancelInFlight, effect: self).asEffect
    }

    /// An effect that cancels every running effect marked with `id`, then finishes.
    ///
    /// - Parameter id: The id given to ``cancellable(id:cancelInFlight:)``.
    /// - Returns: The effect.
    public static func cancel(id: some Hashable & Sendable) -> Effect {
        cancel(id: EffectID(id))
    }

    static func cancel(id: EffectID) -> Effect {
        CancelEffect(id: id).asEffect
    }
}

/// An effect marked so that it can be cancelled by its id while it runs:
/// ``Effect/cancellable(id:cancelInFlight:)``.
final class CancellableEffect<Output: Sendable>: EffectNode {
    let id: EffectID
    let cancelInFlight: Bool
    let effect: Effect<Output>
    /// The node of the effect marked, read once, here; nil for nothing or a single value.
    let node: (any EffectNode<Output>)?
    /// A delayed value marked with this id; nil if the effect marked is not a delayed value, or
    /// is one marked with an id of its own already, or scoped.
    let delayedValue: DelayedValueStart<Output>?

    init(id: EffectID, cancelInFlight: Bool, effect: Effect<Output>) {
        self.id = id
        self.cancelInFlight = cancelInFlight
        self.effect = effect
        if case .node(let node) = effect.operation {
            self.node = node
        } else {
            node = nil
        }
        delayedValue = node?.delayedValue?.marked(with: id, replacingInFlight: cancelInFlight)
    }

    /// In a context, the effect runs registered under the id, after cancelling what ran under it
    /// (`cancelInFlight`); without one, ids mean nothing and it runs unchanged.
    func subscribe<S: Subscriber>(_ subscriber: S, context: EffectContext?)
    where S.Input == Output {
        guard let context else {
            effect.subscribe(subscriber, context: nil)
            return
        }
        if cancelInFlight {
            context.cancel(id: id)
        }
        RegisteredSubscription(downstream: subscriber, id: id, context: context).start(effect)
    }

    /// As a root, the node hands its id to the effect it marks, whose root registers under it
    /// in the same step that counts it as running (replacing what ran under it, for
    /// `cancelInFlight`). Nothing and a single value run at once: only the cancel in flight is
    /// left to do. Marked with an id of its own already (by an outer `.cancellable`), it runs as
    /// one root under that one and registers its own id inside.
    func start<Downstream: Subscriber>(
        in context: EffectContext, sendingTo downstream: Downstream, id outer: EffectID?,
        replacingInFlight outerReplacing: Bool
    ) where Downstream.Input == Output {
        guard outer == nil else {
            context.startRoot(sendingTo: downstream, id: outer, replacingInFlight: outerReplacing) {
                subscribe($0, context: context)
            }
            return
        }
        guard let node else {
            // Nothing, or a single value: it runs at once.
            if cancelInFlight {
                context.cancel(id: id)
            }
            context.start(effect, sendingTo: downstream)
            return
        }
        node.start(in: context, sendingTo: downstream, id: id, replacingInFlight: cancelInFlight)
    }

    func map<T: Sendable>(_ transform: @escaping @Sendable (Output) -> T) -> Effect<T> {
        CancellableEffect<T>(id: id, cancelInFlight: cancelInFlight, effect: effect.map(transform))
            .asEffect
    }

    var description: String {
        "Cancellable(id: \(id)\(cancelInFlight ? ", cancelInFlight" : ""), \(effect))"
    }
}

/// A request to cancel what runs under an id: ``Effect/cancel(id:)``. It runs at once.
final class CancelEffect<Output: Sendable>: EffectNode {
    let id: EffectID

    init(id: EffectID) {
        self.id = id
    }

    func subscribe<S: Subscriber>(_ subscriber: S, context: EffectContext?)
    where S.Input == Output {
        context?.cancel(id: id)
        subscriber.receive(subscription: Subscriptions.empty)
        subscriber.receive(completion: .finished)
    }

    /// Nothing to count as running, nor to register under an id: the cancel is over once it
    /// returns.
    func start<Downstream: Subscriber>(
        in context: EffectContext, sendingTo downstream: Downstream, id _: EffectID?,
        replacingInFlight _: Bool
    ) where Downstream.Input == Output {
        context.cancel(id: id)
    }

    func map<T: Sendable>(_ transform: @escaping @Sendable (Output) -> T) -> Effect<T> {
        CancelEffect<T>(id: id).asEffect
    }

    /// A cancel runs at once: nothing of it is left for a task to cancel.
    func marked(with id: EffectID) -> Effect<Output> {
        asEffect
    }

    var description: String {
        "Cancel(id: \(id))"
    }
}

/// The identity of a cancellable effect: any hashable, sendable value, type-erased.
///
/// Made by ``Effect/cancellable(id:cancelInFlight:)`` and ``Effect/cancel(id:)``; ids of
/// different types never match.
///
/// An id is a reference to an immutable object holding the value, its type and its hash,
/// computed once. Copies of one id are recognized by the object's identity before anything is
/// compared, so an effect built once and returned for every action finds its id at once.
public struct EffectID: Hashable, CustomStringConvertible, Sendable {
    @usableFromInline let identity: any EffectIdentity
    /// The value's hash, beside the reference: hashing an id reads it without a call.
    @usableFromInline let hash: Int

    /// Wraps `id`.
    ///
    /// - Parameter id: Any hashable, sendable value.
    @inlinable
    public init<ID: Hashable & Sendable>(_ id: ID) {
        // A metatype comparison first, so that most ids skip the dynamic casts.
        if ID.self == EffectID.self, let id = id as? EffectID {
            self = id
        } else if ID.self == ScopedEffectID.self, let pair = id as? ScopedEffectID {
            self = EffectID(identity: ScopedIdentity(pair))
        } else {
            let storage = EffectIDStorage(id)
            identity = storage
            hash = storage.idHash
        }
    }

    /// The id an object that is its own identity stands for (a store's task: see
    /// ``EffectIdentity``).
    @inlinable
    package init(identity: any EffectIdentity) {
        self.identity = identity
        hash = identity.idHash
    }

    /// Two ids are equal when they wrap equal values of the same type.
    public static func == (lhs: EffectID, rhs: EffectID) -> Bool {
        // Copies of one id share their identity: no value to compare.
        if lhs.identity === rhs.identity { return true }
        guard lhs.hash == rhs.hash, lhs.identity.idType == rhs.identity.idType else {
            return false
        }
        return lhs.identity.hasValue(equalTo: rhs.identity)
    }

    /// Hashes the wrapped value's hash.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(hash)
    }

    /// The wrapped value's hash, computed once when the id was made, mixed with `seed` without
    /// running a `Hasher` again.
    public func _rawHashValue(seed: Int) -> Int {
        // A multiplicative mix (the 64-bit golden ratio), so that nearby hashes spread.
        Int(
            bitPattern: (UInt(bitPattern: hash) ^ UInt(bitPattern: seed))
                &* 0x9E37_79B9_7F4A_7C15)
    }

    /// The wrapped value's description.
    public var description: String {
        "\(identity.idValue)"
    }
}

/// What an ``EffectID`` refers to: an immutable object that holds the id's value, with its type
/// and its hash kept apart from it, so that only ids that agree on both compare their values.
///
/// ``EffectIDStorage`` is the one ``EffectID/init(_:)`` makes. An object with an identity of its
/// own may be one too, and then stands for its id without an allocation for it: a store's task
/// is (its effects are marked with its id).
@usableFromInline
package protocol EffectIdentity: AnyObject, Sendable {
    /// The value the id wraps.
    var idValue: any Hashable & Sendable { get }
    /// The identity of the value's type.
    var idType: ObjectIdentifier { get }
    /// The value's hash.
    var idHash: Int { get }

    /// Whether `other`, an identity of a value of the same type, holds an equal value. By
    /// default, the two values compared as they are.
    func hasValue(equalTo other: any EffectIdentity) -> Bool
}

extension EffectIdentity {
    /// Compares the two values, through their existentials.
    @usableFromInline
    package func hasValue(equalTo other: any EffectIdentity) -> Bool {
        idValue.isEqual(to: other.idValue)
    }
}

/// The identity of the pair (scope, id) a scoped view of a context names an id with (see
/// ``ScopedEffectID``), which ``EffectID/init(_:)`` makes for a pair: kept as it is rather than
/// boxed as any value, so that two pairs made apart compare as their two ids.
@usableFromInline
final class ScopedIdentity: EffectIdentity {
    @usableFromInline let pair: ScopedEffectID
    @usableFromInline let idHash: Int

    @inlinable
    init(_ pair: ScopedEffectID) {
        self.pair = pair
        idHash = pair.hashValue
    }

    @usableFromInline
    var idValue: any Hashable & Sendable {
        pair
    }

    @usableFromInline
    var idType: ObjectIdentifier {
        ObjectIdentifier(ScopedEffectID.self)
    }

    /// The other is a pair too (the caller compared the types): the two pairs' ids compared.
    @usableFromInline
    func hasValue(equalTo other: any EffectIdentity) -> Bool {
        guard let other = other as? ScopedIdentity else { return false }
        return pair == other.pair
    }
}

/// The identity ``EffectID/init(_:)`` makes for a value.
@usableFromInline
final class EffectIDStorage: EffectIdentity {
    @usableFromInline let idValue: any Hashable & Sendable
    @usableFromInline let idType: ObjectIdentifier
    @usableFromInline let idHash: Int

    @inlinable
    init<ID: Hashable & Sendable>(_ id: ID) {
        idValue = id
        idType = ObjectIdentifier(ID.self)
        idHash = id.hashValue
    }
}

extension Hashable {
    /// Whether `other` is a value of this same type that equals this one.
    fileprivate func isEqual(to other: any Hashable & Sendable) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}
