/// Attaches one downstream to several upstreams at once and forwards what they send, one call at
/// a time through an outbox, even when the upstreams deliver from different threads. It finishes
/// when every upstream has; cancelling cancels every upstream and drops what still waits.
final class MergeSubscription<Downstream: Subscriber>: Subscription, ChildOwner {
    typealias Start = @Sendable (ChildSubscriber<MergeSubscription>) -> Void
    typealias ChildInput = Downstream.Input

    private struct State {
        /// Each upstream's subscription while it runs.
        var upstreams: [(any Subscription)?]
        var unfinished: Int
        var outbox = SerialOutbox<Downstream.Input>()
        var link: DownstreamLink<Downstream>
    }

    private let state: Lock<State>
    let context: EffectContext?

    init(downstream: Downstream, upstreamCount: Int) {
        context = downstream.effectContext
        state = Lock(
            State(
                upstreams: Array(repeating: nil, count: upstreamCount),
                unfinished: upstreamCount, link: .attached(downstream)))
    }

    /// Hands the downstream this subscription, then starts each upstream in order.
    func start(_ starts: [Start]) {
        state.withLock { $0.link.downstream }?.receive(subscription: self)
        if starts.isEmpty {
            if state.withLock({ $0.outbox.push(.finished) }) { drain() }
            return
        }
        for (index, start) in starts.enumerated() {
            if state.withLock({ $0.outbox.isClosed }) { return }
            start(ChildSubscriber(owner: self, number: index))
        }
    }

    func cancel() {
        let taken = state.withLock { state in
            state.link.detach().map { ($0, state.upstreams, state.outbox.close()) }
        }
        guard let (_, upstreams, _) = taken else { return }
        for upstream in upstreams {
            upstream?.cancel()
        }
    }

    func child(_ index: Int, received subscription: any Subscription) {
        let kept = state.withLock { state in
            if state.outbox.isClosed { return false }
            state.upstreams[index] = subscription
            return true
        }
        if !kept { subscription.cancel() }
    }

    func child(_ index: Int, received value: Downstream.Input) {
        if state.withLock({ $0.outbox.push(.value(value)) }) { drain() }
    }

    func childFinished(_ index: Int) {
        let (finished, delivers) = state.withLock { state -> ((any Subscription)?, Bool) in
            if state.outbox.isClosed { return (nil, false) }
            defer { state.upstreams[index] = nil }
            state.unfinished -= 1
            return (
                state.upstreams[index], state.unfinished == 0 && state.outbox.push(.finished)
            )
        }
        _ = finished
        if delivers { drain() }
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
}
