extension Effect {
    /// Starts this effect only once no other effect with the same id has come for `dueTime`:
    /// of a burst of effects with one id, only the last runs, when the burst is over.
    ///
    /// ```swift
    /// // Search as the user types: one search, 300 ms after the last keystroke.
    /// case .queryChanged(let query):
    ///     return Effect.run { send in await send(.resultsLoaded(await search(query))) }
    ///         .debounce(id: SearchID.query, for: .milliseconds(300), scheduler: scheduler)
    /// ```
    ///
    /// As in The Composable Architecture: when a store runs the effect, it cancels whatever runs
    /// under `id` (an effect still waiting, or one already started), then waits `dueTime` on
    /// `scheduler` before it starts this one, which can itself be cancelled by `id` all along.
    /// It is `.cancellable(id: id, cancelInFlight: true)` around a wait that *starts* the effect,
    /// so work such as a request is not even begun for the values the burst drops. A debounced
    /// ``just(_:)`` costs a store one scheduled delivery, like a delayed one.
    ///
    /// Subscribed to outside a store, the effect just waits, then runs. Debouncing ``none``
    /// gives ``cancel(id:)``: nothing is to run, and what waited under the id is dropped (The
    /// Composable Architecture returns `.none` and lets it run).
    ///
    /// - Parameters:
    ///   - id: Any hashable, sendable value; the effects debounced together share it.
    ///   - dueTime: The quiet time to wait for; a negative time counts as zero.
    ///   - scheduler: The scheduler that waits.
    /// - Returns: The debounced effect.
    public func debounce<ID: Hashable & Sendable, Context: Scheduler>(
        id: ID,
        for dueTime: Duration,
        scheduler: Context
    ) -> Effect {
        let id = EffectID(id)
        if isNone { return .cancel(id: id) }
        return DebouncedEffect(
            self, id: id, interval: max(dueTime, .zero), scheduler: scheduler
        ).asEffect
    }
}

/// ``Effect/debounce(id:for:scheduler:)``: a wait (a ``Publishers/Delay`` of one signal) that
/// starts the effect (a ``Publishers/FlatMap``), run as `.cancellable(id: id, cancelInFlight:
/// true)`.
///
/// A thin wrapper: the waiting is the delay's, the starting the flat map's (whose subscription
/// answers its downstream's context, so ids inside the effect keep working), the id's
/// bookkeeping the cancellable effect's. It is a node of its own only so that mapping it maps
/// the effect it starts, and it prints as a debounce.
final class DebouncedEffect<Output: Sendable, Context: Scheduler>: CancellableOperatorNode {
    let id: EffectID
    let interval: Duration
    let scheduler: Context
    let effect: Effect<Output>
    /// The wait and the start, cancellable under the id and replacing what ran under it.
    let cancellable: CancellableEffect<Output>

    init(_ effect: Effect<Output>, id: EffectID, interval: Duration, scheduler: Context) {
        self.id = id
        self.interval = interval
        self.scheduler = scheduler
        self.effect = effect
        let start = Just(()).delay(for: interval, scheduler: scheduler).flatMap { _ in effect }
        cancellable = CancellableEffect(id: id, cancelInFlight: true, effect: Effect(start))
    }

    func map<T: Sendable>(_ transform: @escaping @Sendable (Output) -> T) -> Effect<T> {
        DebouncedEffect<T, Context>(
            effect.map(transform), id: id, interval: interval, scheduler: scheduler
        ).asEffect
    }

    var description: String {
        "Debounce(id: \(id), \(interval), \(effect))"
    }
}
