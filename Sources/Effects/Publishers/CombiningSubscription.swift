/// The subscription of `zip` and `combineLatest`, for two, three or four upstreams: what
/// ``Publishers/Zip``, ``Publishers/Zip3``, ``Publishers/Zip4``, ``Publishers/CombineLatest``,
/// ``Publishers/CombineLatest3`` and ``Publishers/CombineLatest4`` share.
///
/// Every decision is made by ``CombiningState`` behind one lock; this class subscribes to the
/// upstreams, locks, and carries out what the state returns: it cancels and releases outside
/// the lock, and hands the rows to the downstream one call at a time through the state's
/// outbox, even when the upstreams send from several threads. A slot holds its upstream's
/// values type-erased; a row becomes the downstream's tuple only on its way out, by position.
final class CombiningSubscription<Downstream: Subscriber>: Subscription {
    /// Makes the downstream's tuple of a row, whose value at each index came from the upstream
    /// at that index.
    private let makeOutput: @Sendable ([any Sendable]) -> Downstream.Input
    /// The machine, and the downstream until the completion is delivered or a cancel comes
    /// (then nothing is kept, even while the downstream holds this subscription).
    private let state: Lock<MachineWithDownstream<CombiningState<any Sendable>, Downstream>>
    /// The downstream's effect runtime, answered by every upstream's subscriber.
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

    /// Attaches `downstream` to `upstreams` under `rule`: hands it the subscription, then
    /// subscribes to each upstream in order (unless it has ended meanwhile).
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

    /// Subscribes to `upstream` as number `index`, unless the whole has ended, and moves
    /// `index` on.
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
        // The downstream is released here, outside the lock.
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

    /// Cancels what ended, in order, releases what was taken out, then delivers if this thread
    /// has become the deliverer.
    private func carryOut(_ outcome: CombiningState<any Sendable>.Outcome) {
        for upstream in outcome.cancel {
            upstream.cancel()
        }
        if outcome.delivers { drain() }
        // `outcome.release` goes here, outside the lock.
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

/// The tuple of `row`'s values, by position, each cast back to its upstream's output type.
///
/// A generic function of its own, over the outputs alone, so that the closure it makes captures
/// only `Sendable` types.
private func tuple<each Value: Sendable>(ofRow row: [any Sendable]) -> (repeat each Value) {
    var index = 0
    func next<Element>() -> Element {
        defer { index += 1 }
        // The slot at `index` only ever holds values of the upstream at `index`.
        return row[index] as! Element
    }
    return (repeat next() as each Value)
}

/// The subscriber that ``CombiningSubscription`` attaches to its upstream number `index`.
private struct CombiningChild<Input: Sendable, Downstream: Subscriber>: Subscriber {
    let parent: CombiningSubscription<Downstream>
    let index: Int

    var effectContext: EffectContext? {
        parent.context
    }

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
