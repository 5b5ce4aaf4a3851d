extension Publisher {
    /// Shares one subscription to this publisher among every subscriber.
    ///
    /// ```swift
    /// let ticks = Publishers.Timer(every: .seconds(1), scheduler: scheduler).share()
    /// let first = ticks.sink { print("first", $0) }
    /// let second = ticks.sink { print("second", $0) }   // the same ticks as `first`
    /// ```
    ///
    /// The first subscriber subscribes to this publisher; later ones join that subscription and
    /// get only the values sent after they arrived. When the last subscriber cancels, the
    /// subscription to this publisher is cancelled, and the next subscriber starts a new one.
    /// When this publisher finishes, every subscriber is finished, and so is any that comes
    /// later. As in Combine, where `share()` is a `PassthroughSubject` multicast with
    /// `autoconnect()`, the result is a class: keep one instance and subscribe to it.
    public func share() -> Publishers.Share<Self> {
        Publishers.Share(upstream: self)
    }
}

extension Publishers {
    /// A publisher that shares one subscription to its upstream among all its subscribers.
    ///
    /// Thread-safe: subscribe and cancel from any thread. Values reach the subscribers through a
    /// ``PassthroughSubject``, so each subscriber is called one call at a time and in order.
    /// The upstream subscription works for the ``EffectContext`` of the subscriber that started
    /// it: cancellation ids inside the upstream belong to that subscriber's store.
    public final class Share<Upstream: Publisher>: Publisher, Equatable, CustomStringConvertible {
        /// The output is the upstream's.
        public typealias Output = Upstream.Output

        /// The publisher shared.
        public let upstream: Upstream

        private let subject = PassthroughSubject<Output>()
        private let state = Lock(ShareState.idle(connections: 0))

        /// Makes the publisher; ``Publisher/share()`` reads better at the call site.
        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        /// Attaches `subscriber` to the shared subscription, starting it if it is the only one.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output {
            let action = state.withLock { $0.subscriberArrived() }
            subject.handleEvents(receiveCancel: { self.subscriberLeft() }).subscribe(subscriber)
            perform(action, context: subscriber.effectContext)
        }

        /// Whether `lhs` and `rhs` are the same instance.
        public static func == (lhs: Share, rhs: Share) -> Bool {
            lhs === rhs
        }

        private func subscriberLeft() {
            perform(state.withLock { $0.subscriberLeft() }, context: nil)
        }

        fileprivate func upstreamSubscribed(_ subscription: any Subscription, connection: Int) {
            perform(
                state.withLock { $0.upstreamSubscribed(subscription, connection: connection) },
                context: nil)
        }

        fileprivate func upstreamSent(_ value: Output, connection: Int) {
            if state.withLock({ $0.isCurrent(connection) }) {
                subject.send(value)
            }
        }

        fileprivate func upstreamFinished(connection: Int) {
            if state.withLock({ $0.upstreamFinished(connection: connection) }) {
                subject.send(completion: .finished)
            }
        }

        private func perform(_ action: ShareAction, context: EffectContext?) {
            switch action {
            case .none:
                break
            case .connect(let connection):
                upstream.subscribe(
                    ShareConnection(share: self, connection: connection, effectContext: context))
            case .cancel(let subscription):
                subscription.cancel()
            }
        }

        /// `Share(<upstream>)`.
        public var description: String { "Share(\(upstream))" }
    }
}

/// What ``ShareState`` asks its owner to do once the lock is released.
enum ShareAction {
    case none
    /// Subscribe to the upstream, as the connection with this number.
    case connect(Int)
    case cancel(any Subscription)
}

/// The decisions of ``Publishers/Share``. Each subscription to the upstream (a connection) gets
/// a number, so that what a cancelled connection still sends while a newer one runs is dropped.
enum ShareState {
    /// `connections` made so far, which is also the next one's number.
    case idle(connections: Int)
    /// The upstream's subscription has not arrived yet.
    case connecting(connection: Int, subscribers: Int)
    case connected(connection: Int, upstream: any Subscription, subscribers: Int)
    /// Every subscriber, present and future, is finished.
    case finished

    mutating func subscriberArrived() -> ShareAction {
        switch self {
        case .idle(let connections):
            self = .connecting(connection: connections, subscribers: 1)
            return .connect(connections)
        case .connecting(let connection, let subscribers):
            self = .connecting(connection: connection, subscribers: subscribers + 1)
        case .connected(let connection, let upstream, let subscribers):
            self = .connected(
                connection: connection, upstream: upstream, subscribers: subscribers + 1)
        case .finished:
            break
        }
        return .none
    }

    mutating func subscriberLeft() -> ShareAction {
        switch self {
        case .idle:
            preconditionFailure("a subscriber left a shared publisher that had none")
        case .connecting(let connection, let subscribers):
            precondition(subscribers > 0, "a subscriber left a shared publisher that had none")
            // The upstream subscription is cancelled when it arrives.
            self = .connecting(connection: connection, subscribers: subscribers - 1)
        case .connected(let connection, let upstream, let subscribers):
            if subscribers == 1 {
                self = .idle(connections: connection + 1)
                return .cancel(upstream)
            }
            self = .connected(
                connection: connection, upstream: upstream, subscribers: subscribers - 1)
        case .finished:
            break
        }
        return .none
    }

    mutating func upstreamSubscribed(_ subscription: any Subscription, connection: Int)
        -> ShareAction
    {
        switch self {
        case .connecting(connection, let subscribers):
            if subscribers == 0 {
                self = .idle(connections: connection + 1)
                return .cancel(subscription)
            }
            self = .connected(
                connection: connection, upstream: subscription, subscribers: subscribers)
            return .none
        case .connected(connection, _, _):
            preconditionFailure("the shared upstream gave a second subscription")
        case .idle, .connecting, .connected, .finished:
            // A connection given up already: nobody wants it now.
            return .cancel(subscription)
        }
    }

    func isCurrent(_ connection: Int) -> Bool {
        switch self {
        case .connecting(connection, _), .connected(connection, _, _): true
        case .idle, .connecting, .connected, .finished: false
        }
    }

    /// True if the subscribers are to be finished.
    mutating func upstreamFinished(connection: Int) -> Bool {
        guard isCurrent(connection) else { return false }
        self = .finished
        return true
    }
}

private struct ShareConnection<Upstream: Publisher>: Subscriber {
    let share: Publishers.Share<Upstream>
    let connection: Int
    let effectContext: EffectContext?

    func receive(subscription: any Subscription) {
        share.upstreamSubscribed(subscription, connection: connection)
    }

    func receive(_ input: Upstream.Output) {
        share.upstreamSent(input, connection: connection)
    }

    func receive(completion: Subscribers.Completion) {
        share.upstreamFinished(connection: connection)
    }
}
