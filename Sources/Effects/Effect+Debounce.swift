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
            id: id, interval: max(dueTime, .zero), scheduler: scheduler, effect: self
        ).asEffect
    }
}

/// An effect that starts once its id has been quiet for an interval:
/// ``Effect/debounce(id:for:scheduler:)``.
///
/// It is `.cancellable(id: id, cancelInFlight: true)` around a wait (``DelayedStart``) that
/// starts the effect.
final class DebouncedEffect<Output: Sendable>: EffectNode {
    let id: EffectID
    let interval: Duration
    let scheduler: any Scheduler
    let effect: Effect<Output>

    init(id: EffectID, interval: Duration, scheduler: any Scheduler, effect: Effect<Output>) {
        self.id = id
        self.interval = interval
        self.scheduler = scheduler
        self.effect = effect
    }

    /// The wait that starts the effect.
    private var wait: DelayedStart<Output> {
        DelayedStart(effect: effect, interval: interval, scheduler: scheduler)
    }

    func subscribe<S: Subscriber>(_ subscriber: S, context: EffectContext?)
    where S.Input == Output {
        guard let context else {
            wait.subscribe(subscriber)
            return
        }
        context.cancel(id: id)
        RegisteredSubscription(downstream: subscriber, id: id, context: context).start {
            wait.subscribe($0)
        }
    }

    /// As a root, registered under its id, replacing what ran under it; marked with another id
    /// (by an outer `.cancellable`), it runs as one root under that one and registers its own
    /// inside.
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
        context.startRoot(sendingTo: downstream, id: id, replacingInFlight: true) {
            wait.subscribe($0)
        }
    }

    func map<T: Sendable>(_ transform: @escaping @Sendable (Output) -> T) -> Effect<T> {
        DebouncedEffect<T>(
            id: id, interval: interval, scheduler: scheduler, effect: effect.map(transform)
        ).asEffect
    }

    var description: String {
        "Debounce(id: \(id), \(interval), \(effect))"
    }
}
