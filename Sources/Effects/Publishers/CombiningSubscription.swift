/// The subscription of `zip` and `combineLatest` of two, three or four upstreams: it subscribes,
/// locks, and carries out what ``CombiningState`` decides, handing rows to the downstream one
/// call at a time. A slot holds its upstream's values type-erased; a row becomes the
/// downstream's tuple on its way out, by position.
final class CombiningSubscription<Downstream: Subscriber>: Subscription {
    private let makeOutput: @Sendable ([any Sendable]) -> Downstream.Input
    private let state: Lock<MachineWithDownstream<CombiningState<any Sendable>, Downstream>>
    let context: EffectContext?

    private init(
        rule: CombiningState<any Sendable>.Rule, count: Int, downstream: Downstream,
        makeOutput: @escaping @Sendable ([any Sendable]) -> Downstream.Input
    ) {
        self.makeOutput = makeOutput
        state = Lock(
            MachineWithDownstream(CombiningState(rule: rule, count: count), downstream: downstream))
        context = downstream.effectContext
    }

    /// Hands `downstream` the subscription, then subscribes to each upstream in order.
    static func start<each Upstream: Publisher>(
        _ rule: CombiningState<any Sendable>.Rule, _ upstreams: repeat each Upstream,
        downstream: Downstream
    ) where Downstream.Input == (repeat (each Upstream).Output) {
        var count = 0
        for _ in repeat each upstreams { count += 1 }
        let subscription = CombiningSubscription(
            rule: rule, count: count, downstream: downstream, makeOutput: { tuple(ofRow: $0) })
        downstream.receive(subscription: subscription)
        var index = 0
        repeat subscription.subscribe(each upstreams, at: &index)
    }

    private func subscribe<Upstream: Publisher>(_ upstream: Upstream, at index: inout Int)
    where Upstream.Output: Sendable {
        defer { index += 1 }
        if state.withLock({ $0.machine.isEnded }) { return }
        upstream.subscribe(CombiningChild<Upstream.Output, Downstream>(parent: self, index: index))
    }

    func cancel() {
        let (outcome, downstream) = state.withLock { ($0.machine.cancel(), $0.link.detach()) }
        guard let outcome else { return }
        carryOut(outcome)
        _ = downstream
    }

    fileprivate func child(_ index: Int, received subscription: any Subscription) {
        if !state.withLock({ $0.machine.attach(subscription, at: index) }) {
            subscription.cancel()
        }
    }

    fileprivate func child(_ index: Int, received value: any Sendable) {
        carryOut(state.withLock { $0.machine.receive(value, at: index) })
    }

    fileprivate func childFinished(_ index: Int) {
        carryOut(state.withLock { $0.machine.finish(at: index) })
    }

    private func carryOut(_ outcome: CombiningState<any Sendable>.Outcome) {
        for upstream in outcome.cancel {
            upstream.cancel()
        }
        if outcome.delivers { drain() }
    }

    private func drain() {
        while let (event, downstream) = state.withLock({ $0.pop(from: \.outbox) }) {
            switch event {
            case .value(let row): downstream.receive(makeOutput(row))
            case .finished: downstream.receive(completion: .finished)
            }
        }
    }
}

/// The tuple of `row`'s values, each cast back to its upstream's output type: a function of its
/// own so that the closure that calls it captures only `Sendable` types.
private func tuple<each Value: Sendable>(ofRow row: [any Sendable]) -> (repeat each Value) {
    var index = 0
    func next<Element>() -> Element {
        defer { index += 1 }
        // The slot at `index` only ever holds values of the upstream at `index`.
        return row[index] as! Element
    }
    return (repeat next() as each Value)
}

private struct CombiningChild<Input: Sendable, Downstream: Subscriber>: Subscriber {
    let parent: CombiningSubscription<Downstream>
    let index: Int

    var effectContext: EffectContext? { parent.context }

    func receive(subscription: any Subscription) {
        parent.child(index, received: subscription)
    }

    func receive(_ input: Input) {
        parent.child(index, received: input)
    }

    func receive(completion: Subscribers.Completion) {
        parent.childFinished(index)
    }
}
