extension Effect {
    /// Transforms every value this effect sends and leaves out those `transform` turns into nil,
    /// keeping the effect's cancellation ids and how its parts run.
    ///
    /// The same as ``Publisher/compactMap(_:)``, returning an effect: use it to lift a child
    /// feature's effect into a parent's actions when only some of its values concern the parent.
    ///
    /// ```swift
    /// let moves: Effect<String> = .merge(.just("flip 3"), .just("shuffle"))
    /// let flips = moves.compactMap { move in Int(move.dropFirst(5)) }   // 3
    /// ```
    ///
    /// - Parameter transform: Turns a value into the value to send, or nil to send nothing.
    /// - Returns: The transformed effect; ``none`` stays ``none``, and a single value becomes
    ///   ``just(_:)`` of its transform or ``none``.
    public func compactMap<T: Sendable>(_ transform: @escaping @Sendable (Output) -> T?)
        -> Effect<T>
    {
        switch operation {
        case .none: .none
        case .just(let value): transform(value).map(Effect<T>.just) ?? .none
        case .node: CompactMapEffect(effect: self, transform: transform).asEffect
        }
    }
}

/// An effect whose values are transformed, and some left out: ``Effect/compactMap(_:)``.
///
/// It runs the effect it wraps as that effect runs (in a context, its parts start, count and
/// register under their ids as they would alone), with ``CompactMapSubscriber`` between it and
/// the downstream.
final class CompactMapEffect<Upstream: Sendable, Output: Sendable>: EffectNode {
    let effect: Effect<Upstream>
    let transform: @Sendable (Upstream) -> Output?

    init(effect: Effect<Upstream>, transform: @escaping @Sendable (Upstream) -> Output?) {
        self.effect = effect
        self.transform = transform
    }

    func subscribe<S: Subscriber>(_ subscriber: S, context: EffectContext?)
    where S.Input == Output {
        effect.subscribe(
            CompactMapSubscriber(downstream: subscriber, transform: transform), context: context)
    }

    /// Starts the wrapped effect as it would start alone. Marked with an id by a
    /// `.cancellable` around it, it runs as one root under that id.
    func start<Downstream: Subscriber>(
        in context: EffectContext, sendingTo downstream: Downstream, id: EffectID?,
        replacingInFlight: Bool
    ) where Downstream.Input == Output {
        guard id == nil else {
            context.startRoot(sendingTo: downstream, id: id, replacingInFlight: replacingInFlight) {
                subscribe($0, context: context)
            }
            return
        }
        context.start(
            effect, sendingTo: CompactMapSubscriber(downstream: downstream, transform: transform))
    }

    func map<T: Sendable>(_ transform: @escaping @Sendable (Output) -> T) -> Effect<T> {
        let compact = self.transform
        return CompactMapEffect<Upstream, T>(effect: effect) { compact($0).map(transform) }
            .asEffect
    }

    var description: String {
        "CompactMap(\(effect))"
    }
}
