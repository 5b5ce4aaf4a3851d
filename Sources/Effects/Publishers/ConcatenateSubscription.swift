/// Attaches one downstream to several upstreams, one after another: the next starts when the
/// current one finishes, the downstream finishes after the last. Cancelling cancels the current
/// upstream and starts no other.
final class ConcatenateSubscription<Downstream: Subscriber>: Subscription, ChildOwner {
    typealias Start = @Sendable (ChildSubscriber<ConcatenateSubscription>) -> Void
    typealias ChildInput = Downstream.Input

    private struct Live {
        var downstream: Downstream
        var current: (any Subscription)?
        /// Which upstream runs; -1 before the first.
        var index = -1
        var advancing = Advancing.idle
    }

    /// An upstream that finishes while the thread that started it is still inside `start` asks
    /// that thread to go on (`again`) instead of recursing: a long chain of `Just`s runs in a
    /// loop, not deeper and deeper on the stack.
    private enum Advancing {
        case idle
        case running
        case again
    }

    private enum Step {
        case start(Start, Int)
        case finish(Live)
        case stop
    }

    private let stage: Lock<LiveStage<Live>>
    let context: EffectContext?
    private let starts: [Start]

    init(downstream: Downstream, starts: [Start]) {
        context = downstream.effectContext
        stage = Lock(.live(Live(downstream: downstream)))
        self.starts = starts
    }

    func start() {
        let downstream = stage.withLock { $0.withLive { $0.downstream } }
        downstream?.receive(subscription: self)
        advance()
    }

    func cancel() {
        let taken = stage.withLock { $0.end() }
        taken?.current?.cancel()
    }

    func child(_ index: Int, received subscription: any Subscription) {
        let kept = stage.withLock { stage in
            stage.withLive { live -> Bool in
                guard live.index == index else { return false }
                live.current = subscription
                return true
            } ?? false
        }
        if !kept { subscription.cancel() }
    }

    func child(_ index: Int, received value: Downstream.Input) {
        let downstream = stage.withLock { stage in
            stage.withLive { $0.index == index ? $0.downstream : nil } ?? nil
        }
        downstream?.receive(value)
    }

    func childFinished(_ index: Int) {
        let (finished, isCurrent) = stage.withLock { stage in
            stage.withLive { live -> ((any Subscription)?, Bool) in
                guard live.index == index else { return (nil, false) }
                defer { live.current = nil }
                return (live.current, true)
            } ?? (nil, false)
        }
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
                start(ChildSubscriber(owner: self, number: index))
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
