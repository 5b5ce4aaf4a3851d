extension Effect {
    /// An effect that runs all `effects` at once and finishes when all have finished.
    ///
    /// `.none` members are dropped; merging one effect gives that effect back.
    public static func merge(_ effects: Effect...) -> Effect {
        merge(effects)
    }

    /// An effect that runs all `effects` at once and finishes when all have finished.
    public static func merge(_ effects: some Swift.Sequence<Effect>) -> Effect {
        let effects = effects.filter { !$0.isNone }
        return effects.count > 1 ? MergeEffect(effects).asEffect : effects.first ?? .none
    }

    /// An effect that runs `effects` one after another, each once the previous has finished.
    public static func concatenate(_ effects: Effect...) -> Effect {
        concatenate(effects)
    }

    /// An effect that runs `effects` one after another, each once the previous has finished.
    public static func concatenate(_ effects: some Swift.Sequence<Effect>) -> Effect {
        let effects = effects.filter { !$0.isNone }
        return effects.count > 1 ? ConcatenateEffect(effects).asEffect : effects.first ?? .none
    }

    /// Runs this effect and `other` at once.
    public func merge(with other: Effect) -> Effect {
        .merge(self, other)
    }

    /// Runs `other` once this effect has finished.
    public func concatenate(with other: Effect) -> Effect {
        .concatenate(self, other)
    }

    /// Transforms every value this effect sends, keeping its shape and its cancellation ids:
    /// how a child feature's effect is lifted into a parent's action type.
    public func map<T: Sendable>(_ transform: @escaping @Sendable (Output) -> T) -> Effect<T> {
        switch operation {
        case .none: .none
        case .just(let value): .just(transform(value))
        case .node(let node): node.map(transform)
        }
    }

    /// Delivers every value and the completion on `scheduler`.
    public func receive<Context: Scheduler>(on scheduler: Context) -> Effect {
        if isNone { return .none }
        return Effect(Publishers.ReceiveOn(upstream: self, scheduler: scheduler))
    }
}

final class MergeEffect<Output: Sendable>: EffectNode {
    let effects: [Effect<Output>]

    init(_ effects: [Effect<Output>]) {
        self.effects = effects
    }

    func subscribe<S: Subscriber>(_ subscriber: S, context: EffectContext?)
    where S.Input == Output {
        MergeSubscription(downstream: subscriber)
            .start(effects.map { effect in { effect.subscribe($0, context: context) } })
    }

    /// Each part runs, and is counted, on its own; marked with an id, as one root under it.
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
        for effect in effects {
            context.start(effect, sendingTo: downstream)
        }
    }

    func map<T: Sendable>(_ transform: @escaping @Sendable (Output) -> T) -> Effect<T> {
        MergeEffect<T>(effects.map { $0.map(transform) }).asEffect
    }

    func marked(with id: EffectID) -> Effect<Output> {
        MergeEffect(effects.map { $0.marked(with: id) }).asEffect
    }

    var description: String {
        "Merge(\(effects.map(\.description).joined(separator: ", ")))"
    }
}

final class ConcatenateEffect<Output: Sendable>: EffectNode {
    let effects: [Effect<Output>]

    init(_ effects: [Effect<Output>]) {
        self.effects = effects
    }

    func subscribe<S: Subscriber>(_ subscriber: S, context: EffectContext?)
    where S.Input == Output {
        ConcatenateSubscription(
            downstream: subscriber,
            starts: effects.map { effect in { effect.subscribe($0, context: context) } }
        ).start()
    }

    func map<T: Sendable>(_ transform: @escaping @Sendable (Output) -> T) -> Effect<T> {
        ConcatenateEffect<T>(effects.map { $0.map(transform) }).asEffect
    }

    var description: String {
        "Concatenate(\(effects.map(\.description).joined(separator: ", ")))"
    }
}
