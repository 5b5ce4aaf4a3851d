/// Attaches one downstream to several upstreams, one after another.
///
/// The next upstream is started when the current one finishes; the downstream finishes after
/// the last. Upstreams that finish synchronously are chained in a loop rather than by recursion,
/// so a long concatenation of `Just`s does not grow the stack. Cancelling cancels the current
/// upstream and starts no other.
final class ConcatenateSubscription<Downstream: Subscriber>: Subscription {
    /// Subscribes a child subscriber to one upstream.
    typealias Start = @Sendable (ConcatenateChild<Downstream>) -> Void

    private struct Live {
        var downstream: Downstream
        /// The running upstream's subscription, once it has arrived.
        var current: (any Subscription)?
        /// Which upstream runs; -1 before the first.
        var index = -1
        /// Whether a thread is moving on to the next upstream.
        var advancing = Advancing.idle
    }

    /// Who moves on to the next upstream. An upstream that finishes while the thread that
    /// started it is still inside `start` asks that thread to go on (`again`) instead of
    /// recursing, so that a long chain of synchronous upstreams runs in a loop.
    private enum Advancing {
        case idle
        case running
        case again
    }

    private enum Step {
        case start(Start, Int)
        /// Past the last upstream: the concatenation is over, and `Live` is handed out.
        case finish(Live)
        case stop
    }

    private let stage: Lock<LiveStage<Live>>
    /// The downstream's effect runtime, answered by every child so that ids inside work.
    let context: EffectContext?
    private let starts: [Start]

    init(downstream: Downstream, starts: [Start]) {
        context = downstream.effectContext
        stage = Lock(.live(Live(downstream: downstream)))
        self.starts = starts
    }

    /// Hands the downstream this subscription, then starts the first upstream.
    func start() {
        let downstream = stage.withLock { $0.withLive { $0.downstream } }
        downstream?.receive(subscription: self)
        advance()
    }

    func cancel() {
        let taken = stage.withLock { $0.end() }
        taken?.current?.cancel()
        // `taken` (the downstream) is released here.
    }

    fileprivate func child(_ index: Int, received subscription: any Subscription) {
        let kept = stage.withLock { stage in
            stage.withLive { live -> Bool in
                guard live.index == index else { return false }
                live.current = subscription
                return true
            } ?? false
        }
        if !kept { subscription.cancel() }
    }

    fileprivate func child(_ index: Int, received value: Downstream.Input) {
        let downstream = stage.withLock { stage in
            stage.withLive { $0.index == index ? $0.downstream : nil } ?? nil
        }
        downstream?.receive(value)
    }

    fileprivate func childFinished(_ index: Int) {
        let (finished, isCurrent) = stage.withLock { stage in
            stage.withLive { live -> ((any Subscription)?, Bool) in
                guard live.index == index else { return (nil, false) }
                defer { live.current = nil }
                return (live.current, true)
            } ?? (nil, false)
        }
        // The finished upstream's subscription is released after the lock.
        _ = finished
        if isCurrent { advance() }
    }

    private func advance() {
        let mayRun = stage.withLock { stage in
            stage.withLive { live -> Bool in
                guard case .idle = live.advancing else {
                    live.advancing = .again
                    return false
                }
                live.advancing = .running
                return true
            } ?? false
        }
        guard mayRun else { return }

        while true {
            let step = stage.withLock { stage -> Step in
                // Taken out, and put back unless this is the end.
                guard var live = stage.end() else { return .stop }
                live.index += 1
                live.advancing = .running
                if live.index == starts.count {
                    return .finish(live)
                }
                let index = live.index
                stage = .live(live)
                return .start(starts[index], index)
            }
            switch step {
            case .stop:
                return
            case .finish(let live):
                live.downstream.receive(completion: .finished)
                return
            case .start(let start, let index):
                start(ConcatenateChild(parent: self, index: index))
            }
            let goOn = stage.withLock { stage in
                stage.withLive { live -> Bool in
                    if case .again = live.advancing { return true }
                    live.advancing = .idle
                    return false
                } ?? false
            }
            if !goOn { return }
        }
    }
}

/// The subscriber that ``ConcatenateSubscription`` attaches to its upstream number `index`.
struct ConcatenateChild<Downstream: Subscriber>: Subscriber {
    let parent: ConcatenateSubscription<Downstream>
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
