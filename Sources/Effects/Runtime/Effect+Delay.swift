extension Effect {
    /// Delivers every value, and the completion, `interval` later on `scheduler`.
    ///
    /// The same as ``Publisher/delay(for:scheduler:)``, returning an effect. Mark the delayed
    /// effect (not what it wraps) with ``cancellable(id:cancelInFlight:)``.
    ///
    /// - Parameters:
    ///   - interval: How long each event waits; a negative interval counts as zero.
    ///   - scheduler: The scheduler that waits and delivers.
    /// - Returns: The delayed effect; delaying ``none`` gives ``none``.
    public func delay<Context: Scheduler>(for interval: Duration, scheduler: Context) -> Effect {
        if isNone { return .none }
        // Kept as the scheduler an `AnyScheduler` wraps, if it is one: every delivery then
        // schedules through one existential, not through the eraser's and then the wrapped one's
        // (a game's middleware erases its scheduler once, and delays every mismatch on it).
        return DelayedEffect(
            effect: self, interval: max(interval, .zero), scheduler: AnyScheduler(scheduler).base
        )
        .asEffect
    }
}

/// An effect whose events all arrive `interval` later: ``Effect/delay(for:scheduler:)``.
///
/// It runs as a ``Publishers/Delay`` would: a single value (`.just`) as one `DelayedValue`,
/// anything else through a relay that delays each event.
final class DelayedEffect<Output: Sendable>: EffectNode {
    let effect: Effect<Output>
    let interval: Duration
    let scheduler: any Scheduler
    /// The value, when the effect delayed is a single one (`.just`): read once, here.
    let value: Output?
    let delayedValue: DelayedValueStart<Output>?

    init(effect: Effect<Output>, interval: Duration, scheduler: any Scheduler) {
        self.effect = effect
        self.interval = interval
        self.scheduler = scheduler
        if case .just(let value) = effect.operation {
            self.value = value
            delayedValue = DelayedValueStart(value: value, interval: interval, scheduler: scheduler)
        } else {
            value = nil
            delayedValue = nil
        }
    }

    func subscribe<S: Subscriber>(_ subscriber: S, context: EffectContext?)
    where S.Input == Output {
        if let value {
            DelayedValue(value, to: subscriber).start(after: interval, on: scheduler)
        } else {
            subscribeThroughRelay(subscriber, on: scheduler)
        }
    }

    /// A single value starts as its one `DelayedValue`, which is itself the root the context
    /// counts (and registers under `id`); anything else as one root subscribed to the delay.
    func start<Downstream: Subscriber>(
        in context: EffectContext, sendingTo downstream: Downstream, id: EffectID?,
        replacingInFlight: Bool
    ) where Downstream.Input == Output {
        guard let delayed = delayedValue else {
            context.startRoot(sendingTo: downstream, id: id, replacingInFlight: replacingInFlight) {
                subscribe($0, context: context)
            }
            return
        }
        // Its own start is unmarked and unscoped: marking it gives a start.
        let start = id.flatMap { delayed.marked(with: $0, replacingInFlight: replacingInFlight) }
        (start ?? delayed).start(in: context, sendingTo: downstream)
    }

    /// Subscribes through a ``Publishers/Delay`` on the scheduler's concrete type, opened from
    /// the existential. The relay answers its downstream's context, so ids inside the effect
    /// keep working.
    private func subscribeThroughRelay<S: Subscriber, Context: Scheduler>(
        _ subscriber: S, on scheduler: Context
    ) where S.Input == Output {
        Publishers.Delay(upstream: effect, interval: interval, scheduler: scheduler)
            .subscribe(subscriber)
    }

    func map<T: Sendable>(_ transform: @escaping @Sendable (Output) -> T) -> Effect<T> {
        DelayedEffect<T>(effect: effect.map(transform), interval: interval, scheduler: scheduler)
            .asEffect
    }

    var description: String {
        "Delay(\(interval), \(effect))"
    }
}
