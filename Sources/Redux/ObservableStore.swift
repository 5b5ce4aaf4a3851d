import Effects
import Observation

/// A view of a ``Store`` for the Observation framework, so SwiftUI views (or any code using
/// `withObservationTracking`) update when the state changes.
///
/// ```swift
/// let model = ObservableStore(store)
/// withObservationTracking {
///     render(model.state)
/// } onChange: {
///     scheduleRedraw()
/// }
/// ```
///
/// It subscribes to the store and reports a change of ``state`` after every action. Stores that
/// have no `ObservableStore` pay nothing for this. Changes are reported where the store's
/// observers run: on its home if it has one, on the thread that processes the action if not.
/// For SwiftUI, make the store's home the main actor, or let
/// ``init(initial:mutatingReducer:interceptors:middlewares:)-(_,_,_,[AnyMiddleware<State,Action>])``
/// do it, so that views always update on the main actor whichever thread or effect sent the
/// action.
public final class ObservableStore<State: Sendable, Action: Sendable>: Observable, Sendable {
    private let registrar = ObservationRegistrar()
    private let store: Store<State, Action>
    private let current: Lock<State>
    private let subscription = Lock<AnyCancellable?>(nil)

    /// Watches `store`.
    ///
    /// - Parameter store: The store to observe; it is kept alive by this view.
    public init(_ store: Store<State, Action>) {
        self.store = store
        current = Lock(store.state)
        let token = store.subscribe { [weak self] state in
            self?.update(state)
        }
        subscription.withLock { $0 = token }
    }

    /// The latest state; reading it inside `withObservationTracking` tracks it.
    public var state: State {
        registrar.access(self, keyPath: \.state)
        return current.withLock { $0 }
    }

    /// Dispatches `action` to the store.
    ///
    /// - Parameter action: The action to process.
    public func dispatch(_ action: Action) {
        store.dispatch(action)
    }

    private func update(_ state: State) {
        registrar.withMutation(of: self, keyPath: \.state) {
            current.withLock { $0 = state }
        }
    }
}
