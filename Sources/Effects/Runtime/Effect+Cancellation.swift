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
    public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Effect {
        let id = EffectID(id)
        if isNone {
            return cancelInFlight ? .cancel(id: id) : .none
        }
        return CancellableEffect(id: id, cancelInFlight: cancelInFlight, effect: self).asEffect
    }

    /// An effect that cancels every running effect marked with `id`
    /// (``cancellable(id:cancelInFlight:)``), then finishes.
    public static func cancel(id: some Hashable & Sendable) -> Effect {
        cancel(id: EffectID(id))
    }

    static func cancel(id: EffectID) -> Effect {
        CancelEffect(id: id).asEffect
    }
}

final class CancellableEffect<Output: Sendable>: EffectNode {
    let id: EffectID
    let cancelInFlight: Bool
    let effect: Effect<Output>
    /// Nil for nothing or a single value.
    let node: (any EffectNode<Output>)?
    /// A delayed value marked with this id; nil if the effect is not a bare delayed value.
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

    /// Without a context, ids mean nothing and the effect runs unchanged.
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

    /// As a root, it hands its id to the effect it marks, whose root registers under it in the
    /// step that counts it as running. Under an outer `.cancellable`, it runs as one root under
    /// that id and registers its own inside.
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

/// ``Effect/cancel(id:)``: it runs at once.
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

    func start<Downstream: Subscriber>(
        in context: EffectContext, sendingTo downstream: Downstream, id _: EffectID?,
        replacingInFlight _: Bool
    ) where Downstream.Input == Output {
        context.cancel(id: id)
    }

    func map<T: Sendable>(_ transform: @escaping @Sendable (Output) -> T) -> Effect<T> {
        CancelEffect<T>(id: id).asEffect
    }

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
public struct EffectID: Hashable, CustomStringConvertible, Sendable {
    @usableFromInline let identity: any EffectIdentity
    @usableFromInline let hash: Int

    /// Wraps `id`, any hashable, sendable value.
    @inlinable
    public init<ID: Hashable & Sendable>(_ id: ID) {
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

    /// The id of an object that is its own identity (a store's task).
    @inlinable
    package init(identity: any EffectIdentity) {
        self.identity = identity
        hash = identity.idHash
    }

    /// Two ids are equal when they wrap equal values of the same type.
    public static func == (lhs: EffectID, rhs: EffectID) -> Bool {
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

    /// The wrapped value's hash, computed once when the id was made, mixed with `seed`.
    public func _rawHashValue(seed: Int) -> Int {
        // The 64-bit golden ratio, so that nearby hashes spread.
        Int(
            bitPattern: (UInt(bitPattern: hash) ^ UInt(bitPattern: seed))
                &* 0x9E37_79B9_7F4A_7C15)
    }

    /// The wrapped value's description.
    public var description: String {
        "\(identity.idValue)"
    }
}

/// What an ``EffectID`` refers to: an immutable object holding the id's value, its type and
/// its hash, so that only ids that agree on both compare their values. An object with an
/// identity of its own (a store's task) may stand for its id itself.
@usableFromInline
package protocol EffectIdentity: AnyObject, Sendable {
    /// The value the id wraps.
    var idValue: any Hashable & Sendable { get }
    /// The identity of the value's type.
    var idType: ObjectIdentifier { get }
    /// The value's hash.
    var idHash: Int { get }

    /// Whether `other`, an identity of a value of the same type, holds an equal value.
    func hasValue(equalTo other: any EffectIdentity) -> Bool
}

extension EffectIdentity {
    @usableFromInline
    package func hasValue(equalTo other: any EffectIdentity) -> Bool {
        idValue.isEqual(to: other.idValue)
    }
}

/// The identity of a (scope, id) pair (``ScopedEffectID``), kept as it is so that two pairs
/// made apart compare as their two ids.
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

    @usableFromInline
    func hasValue(equalTo other: any EffectIdentity) -> Bool {
        guard let other = other as? ScopedIdentity else { return false }
        return pair == other.pair
    }
}

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
    fileprivate func isEqual(to other: any Hashable & Sendable) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}
