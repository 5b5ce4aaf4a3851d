import Dispatch
import Effects

extension Store {
    /// Calls `observer` on the main actor with the current state, then with the state after every
    /// action: the form for a screen, a view controller or a router that lives on the main actor.
    ///
    /// ```swift
    /// @MainActor final class TimerScreen {
    ///     private(set) var label = ""
    ///     private var subscription: AnyCancellable?
    ///
    ///     func show(_ store: Store<TeaTimer, TeaAction>) {
    ///         subscription = store.subscribe(onMainActor: { [weak self] timer in
    ///             self?.label = "\(timer.secondsLeft) s left"
    ///         })
    ///     }
    /// }
    /// ```
    ///
    /// When the store calls its observers on the main actor (a store at home there, or whose
    /// actions are dispatched there), each call is made at once, as ``subscribe(_:)`` makes it;
    /// a state reached on another thread goes through the main queue, in order. Once the token
    /// is cancelled or released, a call still on its way is dropped: capture the subscriber
    /// weakly and keep the token in it, as above.
    @MainActor
    public func subscribe(onMainActor observer: @escaping @MainActor (State) -> Void)
        -> AnyCancellable
    {
        MainActorDelivery.subscribe(observer, through: { subscribe($0) })
    }

    /// Calls `observer` on the main actor with a part of the state, at once and then whenever
    /// that part changes (`==`).
    ///
    /// ```swift
    /// subscription = store.subscribe(to: \.secondsLeft, onMainActor: { [weak self] seconds in
    ///     self?.label = "\(seconds) s left"
    /// })
    /// ```
    ///
    /// Values are compared where the store runs; they arrive as ``subscribe(onMainActor:)`` says.
    @MainActor
    public func subscribe<Value: Equatable & Sendable>(
        to select: @escaping @Sendable (State) -> Value,
        onMainActor observer: @escaping @MainActor (Value) -> Void
    ) -> AnyCancellable {
        MainActorDelivery.subscribe(observer, through: { subscribe(to: select, $0) })
    }
}

extension ScopedStore {
    /// Calls `observer` on the main actor with the feature's state now, then whenever it changes
    /// (after every parent action when it is not `Equatable`); see
    /// ``Store/subscribe(onMainActor:)``.
    @MainActor
    public func subscribe(onMainActor observer: @escaping @MainActor (State) -> Void)
        -> AnyCancellable
    {
        MainActorDelivery.subscribe(observer, through: { subscribe($0) })
    }

    /// Calls `observer` on the main actor with a part of the feature's state, at once and then
    /// whenever it changes (`==`); see ``Store/subscribe(to:onMainActor:)``.
    @MainActor
    public func subscribe<Value: Equatable & Sendable>(
        to select: @escaping @Sendable (State) -> Value,
        onMainActor observer: @escaping @MainActor (Value) -> Void
    ) -> AnyCancellable {
        MainActorDelivery.subscribe(observer, through: { subscribe(to: select, $0) })
    }
}

/// Hands the values a store's observer gets to an observer on the main actor, in order: at once
/// when the store calls from the main queue and nothing is on its way there, through the main
/// queue otherwise. The store calls ``receive(_:)`` one call at a time (its contract, rule 8).
final class MainActorDelivery<Value: Sendable>: Sendable {
    /// The observer (nil once the token is cancelled: values still on their way are dropped),
    /// and how many values are on their way to the main queue.
    private let stage: Lock<(observer: (@MainActor (Value) -> Void)?, onTheirWay: Int)>

    private init(_ observer: @escaping @MainActor (Value) -> Void) {
        stage = Lock((observer, 0))
    }

    /// Subscribes `observer` through `subscribe` (one of the store's own forms); cancelling the
    /// token drops the observer, then unsubscribes.
    static func subscribe(
        _ observer: @escaping @MainActor (Value) -> Void,
        through subscribe: (@escaping @Sendable (Value) -> Void) -> AnyCancellable
    ) -> AnyCancellable {
        let delivery = MainActorDelivery(observer)
        let subscription = subscribe { delivery.receive($0) }
        return AnyCancellable {
            let observer = delivery.stage.withLock { stage in
                defer { stage.observer = nil }
                return stage.observer
            }
            _ = observer   // released here, outside the lock
            subscription.cancel()
        }
    }

    private enum Route {
        case now(@MainActor (Value) -> Void)
        case throughMainQueue
        case nowhere
    }

    func receive(_ value: Value) {
        let onMainQueue = isOnMainQueue()
        let route = stage.withLock { stage -> Route in
            guard let observer = stage.observer else { return .nowhere }
            if onMainQueue && stage.onTheirWay == 0 { return .now(observer) }
            stage.onTheirWay += 1
            return .throughMainQueue
        }
        switch route {
        case .now(let observer): MainActor.assumeIsolated { observer(value) }
        case .throughMainQueue:
            DispatchQueue.main.async { MainActor.assumeIsolated { self.arrive(value) } }
        case .nowhere: return
        }
    }

    @MainActor
    private func arrive(_ value: Value) {
        let observer = stage.withLock { stage in
            stage.onTheirWay -= 1
            return stage.observer
        }
        observer?(value)
    }
}
