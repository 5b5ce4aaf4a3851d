/// Attaches one downstream to several upstreams at once and forwards everything they send.
///
/// Upstreams may deliver from different threads at the same moment; the downstream still sees
/// one call at a time. Events wait in `Live.outbox` while another thread is delivering, and
/// that thread drains them before it lets go (a trampoline). The downstream finishes when every
/// upstream has finished. Cancelling cancels every upstream and drops whatever is still waiting.
/// Its state is a `LiveStage` behind one lock.
final class MergeSubscription<Downstream: Subscriber>: Subscription {
    /// Subscribes a child subscriber to one upstream.
    typealias Start = @Sendable (MergeChild<Downstream>) -> Void

    private enum Event {
        case value(Downstream.Input)
        case finished
    }

    private struct Live {
        var downstream: Downstream
        /// Each upstream's subscription once it has arrived; nil before that and once finished.
        var upstreams: [(any Subscription)?]
        /// How many upstreams have not finished.
        var unfinished: Int
        /// Events waiting for the thread that is delivering.
        var outbox = FIFOQueue<Event>()
        /// Whether a thread is delivering; it drains `outbox` before it lets go.
        var isDelivering = false
    }

    /// What the delivering thread does next.
    private enum Delivery {
        case value(Downstream.Input, to: Downstream)
        /// The last event: the merge is over, and `Live` is handed out to be released.
        case finish(Live)
        case idle
    }

    private let stage: Lock<LiveStage<Live>>
    /// The downstream's effect runtime, answered by every child so that ids inside work.
    let context: EffectContext?

    init(downstream: Downstream, upstreamCount: Int) {
        context = downstream.effectContext
        stage = Lock(
            .live(
                Live(
                    downstream: downstream,
                    upstreams: Array(repeating: nil, count: upstreamCount),
                    unfinished: upstreamCount
                )))
    }

    /// Hands the downstream this subscription, then starts each upstream in order.
    func start(_ starts: [Start]) {
        let downstream = stage.withLock { $0.withLive { $0.downstream } }
        downstream?.receive(subscription: self)
        if starts.isEmpty {
            send(.finished)
            return
        }
        for (index, start) in starts.enumerated() {
            if stage.withLock({ $0.isOver }) { return }
            start(MergeChild(parent: self, index: index))
        }
    }

    func cancel() {
        let taken = stage.withLock { $0.end() }
        guard let taken else { return }
        for upstream in taken.upstreams {
            upstream?.cancel()
        }
        // `taken` (the downstream, and any values still waiting) is released here.
    }

    fileprivate func child(_ index: Int, received subscription: any Subscription) {
        let kept = stage.withLock { stage in
            stage.withLive { $0.upstreams[index] = subscription } != nil
        }
        if !kept { subscription.cancel() }
    }

    fileprivate func child(_ index: Int, received value: Downstream.Input) {
        send(.value(value))
    }

    fileprivate func childFinished(_ index: Int) {
        let (finished, isLast) = stage.withLock { stage in
            stage.withLive { live -> ((any Subscription)?, Bool) in
                let finished = live.upstreams[index]
                live.upstreams[index] = nil
                live.unfinished -= 1
                return (finished, live.unfinished == 0)
            } ?? (nil, false)
        }
        // The finished upstream's subscription is released after the lock.
        _ = finished
        if isLast { send(.finished) }
    }

    private func send(_ event: Event) {
        let becameDeliverer = stage.withLock { stage in
            stage.withLive { live -> Bool in
                live.outbox.append(event)
                if live.isDelivering { return false }
                live.isDelivering = true
                return true
            } ?? false
        }
        guard becameDeliverer else { return }
        drain()
    }

    private func drain() {
        while true {
            let delivery = stage.withLock { stage -> Delivery in
                // Taken out, and put back unless this is the end.
                guard var live = stage.end() else { return .idle }
                switch live.outbox.popFirst() {
                case nil:
                    live.isDelivering = false
                    stage = .live(live)
                    return .idle
                case .finished:
                    // Every upstream has finished, so nothing waits behind it; the stage stays over.
                    return .finish(live)
                case .value(let value):
                    let downstream = live.downstream
                    stage = .live(live)
                    return .value(value, to: downstream)
                }
            }
            switch delivery {
            case .idle:
                return
            case .value(let value, let downstream):
                downstream.receive(value)
            case .finish(let live):
                live.downstream.receive(completion: .finished)
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
