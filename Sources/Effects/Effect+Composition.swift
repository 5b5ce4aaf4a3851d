extension Effect {
    /// An effect that runs all `effects` at once and finishes when all have finished.
    ///
    /// `.none` members are dropped; merging one effect gives that effect back.
    ///
    /// - Parameter effects: The effects to run together.
    /// - Returns: The merged effect.
    public static func merge(_ effects: Effect...) -> Effect {
        merge(effects)
    }

    /// An effect that runs all `effects` at once and finishes when all have finished.
    ///
    /// - Parameter effects: The effects to run together.
    /// - Returns: The merged effect.
    public static func merge(_ effects: some Swift.Sequence<Effect>) -> Effect {
        let effects = effects.filter { !$0.isNone }
        switch effects.count {
        case 0: return .none
        case 1: return effects[0]
        default: return Effect(operation: .merge(effects))
        }
    }

    /// An effect that runs `effects` one after another, each once the previous has finished.
    ///
    /// - Parameter effects: The effects to run in turn.
    /// - Returns: The concatenated effect.
    public static func concatenate(_ effects: Effect...) -> Effect {
        concatenate(effects)
    }

    /// An effect that runs `effects` one after another, each once the previous has finished.
    ///
    /// - Parameter effects: The effects to run in turn.
    /// - Returns: The concatenated effect.
    public static func concatenate(_ effects: some Swift.Sequence<Effect>) -> Effect {
        let effects = effects.filter { !$0.isNone }
        switch effects.count {
        case 0: return .none
        case 1: return effects[0]
        default: return Effect(operation: .concatenate(effects))
        }
    }

    /// Runs this effect and `other` at once.
    ///
    /// - Parameter other: The effect to run alongside.
    /// - Returns: The merged effect.
    public func merge(with other: Effect) -> Effect {
        .merge(self, other)
    }

    /// Runs `other` once this effect has finished.
    ///
    /// - Parameter other: The effect that follows.
    /// - Returns: The concatenated effect.
    public func concatenate(with other: Effect) -> Effect {
        .concatenate(self, other)
    }

    /// Transforms every value this effect sends, keeping its shape (and its cancellation ids).
    ///
    /// Use it to lift a child feature's effect into a parent's action type.
    ///
    /// - Parameter transform: Turns a value into the value to send.
    /// - Returns: The transformed effect.
    public func map<T: Sendable>(_ transform: @escaping @Sendable (Output) -> T) -> Effect<T> {
        switch operation {
        case .none:
            return .none
        case .just(let value):
            return .just(transform(value))
        case .publisher(let publisher):
            return Effect<T>(
                operation: .publisher(
                    AnyPublisher(Publishers.Map(upstream: publisher, transform: transform))))
        case .merge(let effects):
            return Effect<T>(operation: .merge(effects.map { $0.map(transform) }))
        case .concatenate(let effects):
            return Effect<T>(operation: .concatenate(effects.map { $0.map(transform) }))
        case .cancellable(let node):
            return Effect<T>(
                operation: .cancellable(
                    CancellableEffect(
                        id: node.id, cancelInFlight: node.cancelInFlight,
                        effect: node.effect.map(transform)
                    )))
        case .cancel(let id):
            return Effect<T>(operation: .cancel(id: id))
        case .delayed(let node):
            return Effect<T>(
                operation: .delayed(
                    DelayedEffect(
                        effect: node.effect.map(transform), interval: node.interval,
                        scheduler: node.scheduler
                    )))
        case .debounced(let node):
            return Effect<T>(
                operation: .debounced(
                    DebouncedEffect(
                        id: node.id, interval: node.interval, scheduler: node.scheduler,
                        effect: node.effect.map(transform)
                    )))
        case .throttled(let node):
            return Effect<T>(
                operation: .throttled(
                    ThrottledEffect(
                        id: node.id, interval: node.interval, scheduler: node.scheduler,
                        latest: node.latest,
                        effect: node.effect.map(transform)
                    )))
        }
    }

    /// Delivers every value, and the completion, `interval` later on `scheduler`.
    ///
    /// The same as ``Publisher/delay(for:scheduler:)``, returning an effect. Mark the delayed
    /// effect (not what it wraps) with ``cancellable(id:cancelInFlight:)``.
    ///
    /// - Parameters:
    ///   - interval: How long each event waits; a negative interval counts as zero.
    ///   - scheduler: The scheduler that waits and delivers.
    /// - Returns: The delayed effect; delaying ``none`` gives ``none``.
    @inlinable
    public func delay<Context: Scheduler>(for interval: Duration, scheduler: Context) -> Effect {
        if isNone { return .none }
        return Effect(
            operation: .delayed(
                DelayedEffect(effect: self, interval: max(interval, .zero), scheduler: scheduler)))
    }

    /// Delivers every value and the completion on `scheduler`.
    ///
    /// - Parameter scheduler: The scheduler that delivers.
    /// - Returns: The effect, delivering on `scheduler`.
    public func receive<Context: Scheduler>(on scheduler: Context) -> Effect {
        if isNone { return .none }
        return Effect(Publishers.ReceiveOn(upstream: self, scheduler: scheduler))
    }
}
