import Synchronization

/// Attaches one downstream to several upstreams, one after another.
///
/// The next upstream is started when the current one finishes; the downstream finishes after
/// the last. Upstreams that finish synchronously are chained in a loop rather than by recursion,
/// so a long concatenation of `Just`s does not grow the stack. Cancelling cancels the current
/// upstream and starts no other.
final class ConcatenateSubscription<Downstream: Subscriber>: Subscription {
    /// Subscribes a child subscriber to one upstream.
    typealias Start = @Sendable (ConcatenateChild<Downstream>) -> Void

    private struct State {
        var downstream: Downstream?
        var current: (any Subscription)?
        var index = -1
        var isAdvancing = false
        var advanceRequested = false
    }

    private let state: Mutex<State>
    /// The downstream's effect runtime, answered by every child so that ids inside work.
    let context: EffectContext?
    private let starts: [Start]

    init(downstream: Downstream, starts: [Start]) {
        context = downstream.effectContext
        state = Mutex(State(downstream: downstream))
        self.starts = starts
    }

    /// Hands the downstream this subscription, then starts the first upstream.
    func start() {
        let downstream = state.withLock { $0.downstream }
        downstream?.receive(subscription: self)
        advance()
    }

    func cancel() {
        let current = state.withLock { state -> (any Subscription)? in
            state.downstream = nil
            defer { state.current = nil }
            return state.current
        }
        current?.cancel()
    }

    fileprivate func child(_ index: Int, received subscription: any Subscription) {
        let keep = state.withLock { state -> Bool in
            guard state.downstream != nil, state.index == index else { return false }
            state.current = subscription
            return true
        }
        if !keep { subscription.cancel() }
    }

    fileprivate func child(_ index: Int, received value: Downstream.Input) {
        let downstream = state.withLock { state in
            state.index == index ? state.downstream : nil
        }
        downstream?.receive(value)
    }

    fileprivate func childFinished(_ index: Int) {
        let isCurrent = state.withLock { state -> Bool in
            guard state.index == index else { return false }
            state.current = nil
            return true
        }
        if isCurrent { advance() }
    }

    private enum Step {
        case start(Start, Int)
        case finish(Downstream)
        case stop
    }

    private func advance() {
        let mayRun = state.withLock { state -> Bool in
            if state.isAdvancing {
                state.advanceRequested = true
                return false
            }
            state.isAdvancing = true
            return true
        }
        guard mayRun else { return }

        while true {
            let step = state.withLock { state -> Step in
                guard let downstream = state.downstream else {
                    state.isAdvancing = false
                    return .stop
                }
                state.index += 1
                state.advanceRequested = false
                if state.index == starts.count {
                    state.downstream = nil
                    state.isAdvancing = false
                    return .finish(downstream)
                }
                return .start(starts[state.index], state.index)
            }
            switch step {
            case .stop:
                return
            case .finish(let downstream):
                downstream.receive(completion: .finished)
                return
            case .start(let start, let index):
                start(ConcatenateChild(parent: self, index: index))
            }
            let continueNow = state.withLock { state -> Bool in
                if state.advanceRequested { return true }
                state.isAdvancing = false
                return false
            }
            if !continueNow { return }
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
