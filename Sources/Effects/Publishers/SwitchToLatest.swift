extension Publisher where Output: Publisher {
    /// Sends the values of the latest publisher this publisher sent, cancelling the one before
    /// as each new one arrives.
    ///
    /// ```swift
    /// queries
    ///     .map { query in results(for: query) }   // a publisher of results per query
    ///     .switchToLatest()                       // only the latest query's results
    /// ```
    ///
    /// The publisher finishes once the upstream and the latest inner publisher have finished.
    /// Values an inner publisher sends after it was replaced are dropped. Cancelling it cancels
    /// the running inner publisher first, then the upstream, as Combine does. The downstream is
    /// called one call at a time, even when the publishers send from several threads.
    ///
    /// - Returns: A publisher of the latest inner publisher's values.
    public func switchToLatest() -> Publishers.SwitchToLatest<Output, Self> {
        Publishers.SwitchToLatest(upstream: self)
    }
}

extension Publishers {
    /// A publisher that sends the values of the latest publisher its upstream sent.
    public struct SwitchToLatest<Inner: Publisher, Upstream: Publisher>: Publisher
    where Upstream.Output == Inner {
        /// The inner publishers' output.
        public typealias Output = Inner.Output

        /// The publisher of publishers.
        public let upstream: Upstream

        /// Makes the publisher; ``Publisher/switchToLatest()`` reads better at the call site.
        ///
        /// - Parameter upstream: The publisher of publishers.
        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        /// Attaches `subscriber` to the latest inner publisher's values.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output {
            upstream.subscribe(SwitchToLatestSubscription<Inner, S>(downstream: subscriber))
        }
    }
}

extension Publishers.SwitchToLatest: CustomStringConvertible {
    /// `SwitchToLatest(<upstream>)`.
    public var description: String {
        "SwitchToLatest(\(upstream))"
    }
}

/// Subscribes to the upstream and to its latest inner publisher; inner publishers are numbered,
/// and whatever a replaced one still sends is dropped under the lock.
private final class SwitchToLatestSubscription<Inner: Publisher, Downstream: Subscriber>:
    Subscriber, Subscription
where Inner.Output == Downstream.Input {

    private enum InnerLink {
        /// Subscribed, its subscription not arrived yet.
        case starting
        case running(any Subscription)
    }

    private struct State {
        var stage = UpstreamStage.awaitingSubscription
        /// The number of the latest inner publisher.
        var latest = 0
        /// The latest inner publisher, while it runs.
        var inner: InnerLink?
        var outbox = SerialOutbox<Downstream.Input>()
        /// The downstream, until the completion is delivered or a cancel comes: then nothing
        /// is kept, even while the downstream holds this subscription.
        var link: DownstreamLink<Downstream>

        var isLive: Bool {
            switch stage {
            case .running, .upstreamFinished: true
            case .awaitingSubscription, .ended: false
            }
        }
    }

    private let state: Lock<State>
    /// The downstream's effect runtime, answered by every inner subscriber.
    let context: EffectContext?

    init(downstream: Downstream) {
        state = Lock(State(link: .attached(downstream)))
        context = downstream.effectContext
    }

    var effectContext: EffectContext? {
        context
    }

    func receive(subscription: any Subscription) {
        let downstream = state.withLock {
            $0.stage.attach(subscription) ? $0.link.downstream : nil
        }
        guard let downstream else {
            subscription.cancel()
            return
        }
        downstream.receive(subscription: self)
    }

    func receive(_ input: Inner) {
        let switched = state.withLock { state -> (number: Int, replaced: InnerLink?)? in
            guard case .running = state.stage else { return nil }
            state.latest += 1
            defer { state.inner = .starting }
            return (state.latest, state.inner)
        }
        guard let switched else { return }
        if case .running(let replaced) = switched.replaced {
            replaced.cancel()
        }
        input.subscribe(SwitchToLatestChild(parent: self, number: switched.number))
    }

    func receive(completion: Subscribers.Completion) {
        let (delivers, finished) = state.withLock { state -> (Bool, (any Subscription)?) in
            guard case .running(let upstream) = state.stage else { return (false, nil) }
            if state.inner != nil {
                state.stage = .upstreamFinished
                return (false, upstream)
            }
            state.stage = .ended
            return (state.outbox.push(.finished), upstream)
        }
        _ = finished
        if delivers { drain() }
    }

    func cancel() {
        let taken = state.withLock {
            state -> (
                upstream: (any Subscription)?, inner: InnerLink?,
                dropped: FIFOQueue<SerialOutbox<Downstream.Input>.Event>, downstream: Downstream?
            )? in
            guard let upstream = state.stage.end() else { return nil }
            defer { state.inner = nil }
            return (upstream, state.inner, state.outbox.close(), state.link.detach())
        }
        guard let taken else { return }
        // Combine's order: the inner publisher first, then the upstream.
        if case .running(let inner) = taken.inner {
            inner.cancel()
        }
        taken.upstream?.cancel()
    }

    private func drain() {
        while let (event, downstream) = state.withLock({
            $0.outbox.pop(detachingAtTheEnd: &$0.link)
        }) {
            switch event {
            case .value(let value): downstream.receive(value)
            case .finished: downstream.receive(completion: .finished)
            }
        }
    }

    fileprivate func child(_ number: Int, received subscription: any Subscription) {
        let kept = state.withLock { state -> Bool in
            guard state.isLive, state.latest == number, case .starting = state.inner else {
                return false
            }
            state.inner = .running(subscription)
            return true
        }
        if !kept { subscription.cancel() }
    }

    fileprivate func child(_ number: Int, received value: Downstream.Input) {
        let delivers = state.withLock { state -> Bool in
            guard state.isLive, state.latest == number, state.inner != nil else { return false }
            return state.outbox.push(.value(value))
        }
        if delivers { drain() }
    }

    fileprivate func childFinished(_ number: Int) {
        let (delivers, finished) = state.withLock { state -> (Bool, InnerLink?) in
            guard state.isLive, state.latest == number, let inner = state.inner else {
                return (false, nil)
            }
            state.inner = nil
            guard case .upstreamFinished = state.stage else { return (false, inner) }
            state.stage = .ended
            return (state.outbox.push(.finished), inner)
        }
        _ = finished
        if delivers { drain() }
    }
}

/// The subscriber attached to inner publisher number `number`.
private struct SwitchToLatestChild<Inner: Publisher, Downstream: Subscriber>: Subscriber
where Inner.Output == Downstream.Input {
    let parent: SwitchToLatestSubscription<Inner, Downstream>
    let number: Int

    var effectContext: EffectContext? {
        parent.context
    }

    func receive(subscription: any Subscription) {
        parent.child(number, received: subscription)
    }

    func receive(_ input: Downstream.Input) {
        parent.child(number, received: input)
    }

    func receive(completion: Subscribers.Completion) {
        parent.childFinished(number)
    }
}
