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
            self, id: EffectID(id), interval: max(interval, .zero), scheduler: scheduler,
            latest: latest
        ).asEffect
    }
}

/// ``Effect/throttle(id:for:scheduler:latest:)``: a ``Publishers/Throttle`` that shares its id's
/// window, run as `.cancellable(id: id, cancelInFlight: true)`.
///
/// A thin wrapper: the throttling is the publisher's, the id's bookkeeping the cancellable
/// effect's. It is a node of its own only so that mapping it maps the effect inside the
/// throttle, and it prints as the throttle.
final class ThrottledEffect<Output: Sendable, Context: Scheduler>: CancellableOperatorNode {
    let id: EffectID
    let throttle: Publishers.Throttle<Effect<Output>, Context>
    /// The throttle, cancellable under its id and replacing what ran under it.
    let cancellable: CancellableEffect<Output>

    init(
        _ effect: Effect<Output>, id: EffectID, interval: Duration, scheduler: Context,
        latest: Bool
    ) {
        self.id = id
        throttle = Publishers.Throttle(
            upstream: effect, interval: interval, scheduler: scheduler, latest: latest, id: id)
        cancellable = CancellableEffect(id: id, cancelInFlight: true, effect: Effect(throttle))
    }

    func map<T: Sendable>(_ transform: @escaping @Sendable (Output) -> T) -> Effect<T> {
        ThrottledEffect<T, Context>(
            throttle.upstream.map(transform), id: id, interval: throttle.interval,
            scheduler: throttle.scheduler, latest: throttle.latest
        ).asEffect
    }

    var description: String {
        throttle.description
    }
}
