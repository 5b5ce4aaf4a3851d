import Effects

extension Store {
    /// The store's state as a publisher: the current state when subscribed to, then the state
    /// after every action.
    ///
    /// ```swift
    /// let subscription = store.publisher
    ///     .map(\.secondsLeft)
    ///     .removeDuplicates()
    ///     .sink { secondsLeft in label.show(secondsLeft) }
    /// ```
    ///
    /// Each subscriber gets a state after every action, changed or not; see ``StatePublisher``.
    public var publisher: StatePublisher<State> {
        StatePublisher(observe: { self.subscribe($0) })
    }
}

extension ScopedStore {
    /// The feature's state as a publisher: its current state when subscribed to, then whenever it
    /// changes (after every parent action when it is not `Equatable`); see ``Store/publisher``.
    public var publisher: StatePublisher<State> {
        StatePublisher(observe: { self.subscribe($0) })
    }
}

/// A store's state as a publisher (``Store/publisher``, ``ScopedStore/publisher``): the current
/// state on subscription, then each state the store's observers get, on their thread; it never
/// finishes. A subscription is an observer of the store (``Store/subscribe(_:)``), let go of
/// when cancelled; the publisher keeps the store alive, a subscription does not.
public struct StatePublisher<State: Sendable>: Publisher {
    /// The store's state.
    public typealias Output = State

    let observe: @Sendable (@escaping @Sendable (State) -> Void) -> AnyCancellable

    /// Attaches `subscriber`: it gets its subscription, then the current state, then each state
    /// after that until it cancels.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == State {
        let subscription = StateSubscription(downstream: subscriber)
        subscriber.receive(subscription: subscription)
        // Subscribed after the subscriber holds its subscription, so that it may cancel from its
        // first value on; unsubscribed at once if it cancelled already.
        guard subscription.isLive else { return }
        subscription.attach(observe { subscription.send($0) })
    }
}

/// One subscriber's subscription: the subscriber and the store's token, let go of when it ends.
private final class StateSubscription<Downstream: Subscriber>: Subscription, Sendable {
    private let link: Lock<Link>

    private enum Link {
        case starting(Downstream)
        case attached(Downstream, AnyCancellable)
        case ended
    }

    init(downstream: Downstream) {
        link = Lock(.starting(downstream))
    }

    var isLive: Bool {
        link.withLock { link in
            if case .ended = link { false } else { true }
        }
    }

    /// Keeps the store's token, or cancels it at once if the subscription ended meanwhile.
    func attach(_ token: AnyCancellable) {
        let attached = link.withLock { link -> Bool in
            guard case .starting(let downstream) = link else { return false }
            link = .attached(downstream, token)
            return true
        }
        if !attached { token.cancel() }
    }

    func send(_ state: Downstream.Input) {
        let downstream = link.withLock { link -> Downstream? in
            switch link {
            case .starting(let downstream), .attached(let downstream, _): downstream
            case .ended: nil
            }
        }
        downstream?.receive(state)
    }

    func cancel() {
        let ended = link.withLock { link in
            defer { link = .ended }
            return link
        }
        if case .attached(_, let token) = ended { token.cancel() }
        // The subscriber and the token are released here, outside the lock.
    }
}
