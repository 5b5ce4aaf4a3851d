extension Effect {
    /// Lets at most one value per `interval` through, across every effect a store runs with the
    /// same id: the first at once, then one at the end of each interval, the latest or the first
    /// of those that came meanwhile.
    ///
    /// ```swift
    /// // Save at most once a second, however often the state changes.
    /// case .documentEdited:
    ///     return Effect.just(.save)
    ///         .throttle(id: SaveID.document, for: .seconds(1), scheduler: scheduler, latest: true)
    /// ```
    ///
    /// As in The Composable Architecture: the store remembers, per id, when a value last went
    /// through. A value that comes when that was `interval` ago or more goes through at once
    /// and opens a new interval; one that comes sooner is held until the interval ends, then
    /// sent. A newer effect with the id cancels the one in flight (it is
    /// `.cancellable(id: id, cancelInFlight: true)`), so of the values held in one interval only
    /// one is sent: the newest (`latest: true`), or the first (`latest: false`, which the store
    /// keeps for the interval so that a newer effect sends it in its place). A value that goes
    /// through at once is delivered at once, on the thread that sent it (The Composable
    /// Architecture hops to `scheduler` first); a held value is delivered on `scheduler`.
    ///
    /// The store's memory of an id lasts only while its interval is open: an id whose interval
    /// has passed is forgotten (it would behave as new anyway), so ids that come and go leave
    /// nothing behind. Throttle one id on one scheduler: times under an id are read on the
    /// clock that recorded them.
    ///
    /// Subscribed to outside a store, the effect's own values are throttled the same way, with a
    /// memory of their own. Throttling ``none`` gives ``none``.
    ///
    /// - Parameters:
    ///   - id: Any hashable, sendable value; the effects throttled together share it.
    ///   - interval: The least time between two values sent under `id`; a negative interval
    ///     counts as zero.
    ///   - scheduler: The scheduler whose clock measures the interval and that sends held
    ///     values.
    ///   - latest: Whether a held value is the latest to come (`true`) or the first (`false`).
    /// - Returns: The throttled effect.
    public func throttle<ID: Hashable & Sendable, Context: Scheduler>(
        id: ID,
        for interval: Duration,
        scheduler: Context,
        latest: Bool
    ) -> Effect {
        if isNone { return .none }
        return ThrottledEffect(
            id: EffectID(id), interval: max(interval, .zero), scheduler: scheduler,
            latest: latest, effect: self
        ).asEffect
    }
}

/// An effect whose values pass at most once per interval across every effect with its id:
/// ``Effect/throttle(id:for:scheduler:latest:)``.
///
/// It is `.cancellable(id: id, cancelInFlight: true)` around the effect, whose values go
/// through the context's memory of the id (`ThrottleMemory`), or one of their own outside a
/// store.
final class ThrottledEffect<Output: Sendable>: EffectNode {
    let id: EffectID
    let interval: Duration
    let scheduler: any Scheduler
    let latest: Bool
    let effect: Effect<Output>

    init(
        id: EffectID, interval: Duration, scheduler: any Scheduler, latest: Bool,
        effect: Effect<Output>
    ) {
        self.id = id
        self.interval = interval
        self.scheduler = scheduler
        self.latest = latest
        self.effect = effect
    }

    func subscribe<S: Subscriber>(_ subscriber: S, context: EffectContext?)
    where S.Input == Output {
        guard let context else {
            effect.subscribe(
                ThrottledEffectSubscription(
                    downstream: subscriber, node: self, memory: ThrottleMemory()),
                context: nil)
            return
        }
        context.cancel(id: id)
        // In a scoped view, the memory remembers the pair (scope, id), as the table does.
        let node = context.scope == nil ? self : resolved(in: context)
        RegisteredSubscription(downstream: subscriber, id: id, context: context).start {
            registered in
            effect.subscribe(
                ThrottledEffectSubscription(
                    downstream: registered, node: node, memory: context.throttles),
                context: context
            )
        }
    }

    /// The same throttle under the id `context` resolves this one's to.
    private func resolved(in context: EffectContext) -> ThrottledEffect {
        ThrottledEffect(
            id: context.resolved(id), interval: interval, scheduler: scheduler, latest: latest,
            effect: effect)
    }

    func map<T: Sendable>(_ transform: @escaping @Sendable (Output) -> T) -> Effect<T> {
        ThrottledEffect<T>(
            id: id, interval: interval, scheduler: scheduler, latest: latest,
            effect: effect.map(transform)
        ).asEffect
    }

    var description: String {
        "Throttle(id: \(id), \(interval), \(latest ? "latest" : "first"), \(effect))"
    }
}
