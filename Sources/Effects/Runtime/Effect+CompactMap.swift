extension Effect {
    /// Transforms every value this effect sends and leaves out those `transform` turns into nil,
    /// keeping the effect's cancellation ids and how its parts run (``Publisher/compactMap(_:)``
    /// returning an effect).
    ///
    /// ```swift
    /// let moves: Effect<String> = .merge(.just("flip 3"), .just("shuffle"))
    /// let flips = moves.compactMap { move in Int(move.dropFirst(5)) }   // 3
    /// ```
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

/// ``Effect/compactMap(_:)``: it runs the effect it wraps as that effect would run alone.
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
