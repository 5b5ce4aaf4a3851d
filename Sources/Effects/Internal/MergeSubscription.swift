import Synchronization

/// Attaches one downstream to several upstreams at once and forwards everything they send.
///
/// Upstreams may deliver from different threads at the same moment; the downstream still sees
/// one call at a time. Events wait in `State.outbox` while another thread is delivering, and
/// that thread drains them before it lets go (a trampoline). The downstream finishes when every
/// upstream has finished. Cancelling cancels every upstream and drops whatever is still waiting.
final class MergeSubscription<Downstream: Subscriber>: Subscription {
    /// Subscribes a child subscriber to one upstream.
    typealias Start = @Sendable (MergeChild<Downstream>) -> Void

    private enum Event {
        case value(Downstream.Input)
        case finished
    }

    private struct State {
        var downstream: Downstream?
        var upstreams: [(any Subscription)?]
        var unfinished: Int
        var isCancelled = false
        var outbox: [Event] = []
        var isDelivering = false
    }

    private let state: Mutex<State>
    /// The downstream's effect runtime, answered by every child so that ids inside work.
    let context: EffectContext?

    init(downstream: Downstream, upstreamCount: Int) {
        context = downstream.effectContext
        state = Mutex(State(
            downstream: downstream,
            upstreams: Array(repeating: nil, count: upstreamCount),
            unfinished: upstreamCount
        ))
    }

    /// Hands the downstream this subscription, then starts each upstream in order.
    func start(_ starts: [Start]) {
        let downstream = state.withLock { $0.downstream }
        downstream?.receive(subscription: self)
        if starts.isEmpty {
            send(.finished)
            return
        }
        for (index, start) in starts.enumerated() {
            if state.withLock({ $0.isCancelled }) { return }
            start(MergeChild(parent: self, index: index))
        }
    }

    func cancel() {
        let upstreams = state.withLock { state -> [(any Subscription)?] in
            if state.isCancelled || state.downstream == nil { return [] }
            state.isCancelled = true
            state.downstream = nil
            state.outbox.removeAll()
            defer { state.upstreams.removeAll() }
            return state.upstreams
        }
        for upstream in upstreams {
            upstream?.cancel()
        }
    }

    fileprivate func child(_ index: Int, received subscription: any Subscription) {
        let keep = state.withLock { state -> Bool in
            guard !state.isCancelled, state.downstream != nil else { return false }
            state.upstreams[index] = subscription
            return true
        }
        if !keep { subscription.cancel() }
    }

    fileprivate func child(_ index: Int, received value: Downstream.Input) {
        send(.value(value))
    }

    fileprivate func childFinished(_ index: Int) {
        let isLast = state.withLock { state -> Bool in
            guard !state.isCancelled, state.downstream != nil else { return false }
            state.upstreams[index] = nil
            state.unfinished -= 1
            return state.unfinished == 0
        }
        if isLast { send(.finished) }
    }

    private func send(_ event: Event) {
        let becameDeliverer = state.withLock { state -> Bool in
            guard state.downstream != nil else { return false }
            state.outbox.append(event)
            if state.isDelivering { return false }
            state.isDelivering = true
            return true
        }
        guard becameDeliverer else { return }
        drain()
    }

    private func drain() {
        while true {
            let next = state.withLock { state -> (Event, Downstream)? in
                guard let downstream = state.downstream, !state.outbox.isEmpty else {
                    state.isDelivering = false
                    return nil
                }
                let event = state.outbox.removeFirst()
                if case .finished = event {
                    state.downstream = nil
                    state.outbox.removeAll()
                    state.isDelivering = false
                }
                return (event, downstream)
            }
            guard let (event, downstream) = next else { return }
            switch event {
            case .value(let value):
                downstream.receive(value)
            case .finished:
                downstream.receive(completion: .finished)
                return
            }
        }
    }
}

/// The subscriber that ``MergeSubscription`` attaches to its upstream number `index`.
struct MergeChild<Downstream: Subscriber>: Subscriber {
    let parent: MergeSubscription<Downstream>
    let index: Int

    var effectContext: EffectContext? {
        parent.context
    }

    func receive(subscription: any Subscription) {
        parent.child(index, received: subscription)
    }

    func receive(_ input: Downstream.Input) {
        parent.child(index, received: input)
    }

    func receive(completion: Subscribers.Completion) {
        parent.childFinished(index)
    }
}
