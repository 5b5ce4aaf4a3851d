extension Publisher {
    /// Turns every value into a publisher and sends the values of all of them, interleaved as
    /// they arrive.
    ///
    /// ```swift
    /// cardIDs
    ///     .flatMap(maxPublishers: .max(2)) { id in loadPicture(of: id) }   // two downloads at a time
    /// ```
    ///
    /// The publisher finishes once the upstream and every inner publisher have finished.
    /// Cancelling it cancels the running inner publishers first, oldest first, then the
    /// upstream, as Combine does. `maxPublishers` caps how many inner publishers run at once. Combine enforces it by asking
    /// its upstream for fewer values; publishers here have no demand, so values that arrive
    /// while the cap is reached wait in a queue, in order, and each starts when a running inner
    /// publisher finishes. The downstream is called one call at a time, even when inner
    /// publishers send from several threads.
    ///
    /// - Parameters:
    ///   - maxPublishers: How many inner publishers may run at once; `.unlimited` (the default)
    ///     or `.max(n)`.
    ///   - transform: Makes the publisher for a value.
    /// - Returns: A publisher of every inner publisher's values.
    /// - Complexity: The queue holds the values waiting for a free place: none with
    ///   `.unlimited`. Starting, finishing and queueing are O(1).
    public func flatMap<Inner: Publisher>(
        maxPublishers: ConcurrencyLimit = .unlimited,
        _ transform: @escaping @Sendable (Output) -> Inner
    ) -> Publishers.FlatMap<Inner, Self> {
        Publishers.FlatMap(upstream: self, maxPublishers: maxPublishers, transform: transform)
    }
}

extension Publishers {
    /// A publisher that turns its upstream's values into publishers and merges their values.
    public struct FlatMap<Inner: Publisher, Upstream: Publisher>: Publisher {
        /// The inner publishers' output.
        public typealias Output = Inner.Output

        /// The publisher whose values are turned into publishers.
        public let upstream: Upstream

        /// How many inner publishers may run at once.
        public let maxPublishers: ConcurrencyLimit

        /// Makes the publisher for a value.
        public let transform: @Sendable (Upstream.Output) -> Inner

        /// Makes the publisher; ``Publisher/flatMap(maxPublishers:_:)`` reads better at the call
        /// site.
        ///
        /// - Parameters:
        ///   - upstream: The publisher whose values are turned into publishers.
        ///   - maxPublishers: How many inner publishers may run at once.
        ///   - transform: Makes the publisher for a value.
        public init(
            upstream: Upstream, maxPublishers: ConcurrencyLimit,
            transform: @escaping @Sendable (Upstream.Output) -> Inner
        ) {
            self.upstream = upstream
            self.maxPublishers = maxPublishers
            self.transform = transform
        }

        /// Attaches `subscriber` to the merged values.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output {
            upstream.subscribe(
                FlatMapSubscription(
                    downstream: subscriber,
                    limit: maxPublishers.maximum ?? .max,
                    transform: transform
                ))
        }
    }
}

extension Publishers.FlatMap: CustomStringConvertible {
    /// `FlatMap(<limit>, <upstream>)`, for example `FlatMap(max(2), Sequence([1, 2, 3]))`.
    public var description: String {
        "FlatMap(\(maxPublishers), \(upstream))"
    }
}

/// Subscribes to the upstream and to an inner publisher per value, and merges what the inner
/// publishers send through an outbox, one call at a time.
///
/// Inner publishers are started by one thread at a time, in a loop (`isStarting`), so that inner
/// publishers that finish at once (`Just`) free their place without the stack growing with the
/// queue.
private final class FlatMapSubscription<Input: Sendable, Inner: Publisher, Downstream: Subscriber>:
    Subscriber, Subscription
where Inner.Output == Downstream.Input {

    /// What follows an inner publisher's end.
    private enum AfterInnerFinished {
        case nothing
        /// A place is free and values wait: this thread starts them.
        case startMore
        case deliver
    }

    private enum InnerLink {
        /// Subscribed, its subscription not arrived yet.
        case starting
        case running(any Subscription)
    }

    private struct State {
        var stage = UpstreamStage.awaitingSubscription
        /// The running inner publishers, by number; as many as the limit at most.
        var inners: [Int: InnerLink] = [:]
        /// Values waiting for a free place, oldest first.
        var waiting = FIFOQueue<Input>()
        var nextNumber = 0
        /// Whether a thread is in the loop that starts inner publishers.
        var isStarting = false
        var outbox = SerialOutbox<Downstream.Input>()
        /// The downstream and the transform, until the completion is delivered or a cancel
        /// comes: then nothing is kept, even while the downstream holds this subscription.
        var link: DownstreamLink<Ends>

        var isLive: Bool {
            switch stage {
            case .running, .upstreamFinished: true
            case .awaitingSubscription, .ended: false
            }
        }

        /// Hands the completion to the outbox if nothing runs or waits after the upstream
        /// finished; true if the caller must drain.
        mutating func finishIfDone() -> Bool {
            guard case .upstreamFinished = stage, inners.isEmpty, waiting.isEmpty, !isStarting
            else { return false }
            stage = .ended
            return outbox.push(.finished)
        }
    }

    /// What the subscription holds only while it lives.
    private struct Ends {
        let downstream: Downstream
        let transform: @Sendable (Input) -> Inner
    }

    private let limit: Int
    private let state: Lock<State>
    /// The downstream's effect runtime, answered by every inner subscriber.
    let context: EffectContext?

    init(downstream: Downstream, limit: Int, transform: @escaping @Sendable (Input) -> Inner) {
        self.limit = limit
        state = Lock(State(link: .attached(Ends(downstream: downstream, transform: transform))))
        context = downstream.effectContext
    }

    var effectContext: EffectContext? {
        context
    }

    func receive(subscription: any Subscription) {
        let ends = state.withLock { $0.stage.attach(subscription) ? $0.link.downstream : nil }
        guard let ends else {
            subscription.cancel()
            return
        }
        ends.downstream.receive(subscription: self)
    }

    func receive(_ input: Input) {
        let mustStart = state.withLock { state -> Bool in
            guard case .running = state.stage else { return false }
            state.waiting.append(input)
            if state.isStarting { return false }
            state.isStarting = true
            return true
        }
        if mustStart { startWaiting() }
    }

    func receive(completion: Subscribers.Completion) {
        let (delivers, finished) = state.withLock { state -> (Bool, (any Subscription)?) in
            guard case .running(let upstream) = state.stage else { return (false, nil) }
            state.stage = .upstreamFinished
            return (state.finishIfDone(), upstream)
        }
        // The finished upstream's subscription is released here, outside the lock.
        _ = finished
        if delivers { drain() }
    }

    func cancel() {
        let taken = state.withLock {
            state -> (
                upstream: (any Subscription)?, inners: [Int: InnerLink],
                dropped: (FIFOQueue<Input>, FIFOQueue<SerialOutbox<Downstream.Input>.Event>),
                ends: Ends?
            )? in
            guard let upstream = state.stage.end() else { return nil }
            defer {
                state.inners = [:]
                state.waiting = FIFOQueue()
            }
            return (
                upstream, state.inners, (state.waiting, state.outbox.close()), state.link.detach()
            )
        }
        guard let taken else { return }
        // Combine's order: the inner publishers first (oldest first), then the upstream.
        for number in taken.inners.keys.sorted() {
            if case .running(let inner) = taken.inners[number] { inner.cancel() }
        }
        taken.upstream?.cancel()
    }

    /// Starts inner publishers for the waiting values while there is room, then gives up the
    /// starter's role (and finishes, if that was the last thing to do).
    private func startWaiting() {
        while true {
            let next = state.withLock {
                state -> (number: Int, value: Input, ends: Ends)? in
                if state.isLive, state.inners.count < limit, let ends = state.link.downstream,
                    let value = state.waiting.popFirst()
                {
                    let number = state.nextNumber
                    state.nextNumber += 1
                    state.inners[number] = .starting
                    return (number, value, ends)
                }
                state.isStarting = false
                return nil
            }
            guard let (number, value, ends) = next else { break }
            ends.transform(value).subscribe(FlatMapChild(parent: self, number: number))
        }
        if state.withLock({ $0.finishIfDone() }) { drain() }
    }

    private func drain() {
        while let (event, ends) = state.withLock({ $0.outbox.pop(detachingAtTheEnd: &$0.link) }) {
            switch event {
            case .value(let value): ends.downstream.receive(value)
            case .finished: ends.downstream.receive(completion: .finished)
            }
        }
    }

    fileprivate func child(_ number: Int, received subscription: any Subscription) {
        let kept = state.withLock { state -> Bool in
            guard state.isLive, case .starting = state.inners[number] else { return false }
            state.inners[number] = .running(subscription)
            return true
        }
        if !kept { subscription.cancel() }
    }

    fileprivate func child(_ number: Int, received value: Downstream.Input) {
        let delivers = state.withLock { state -> Bool in
            guard state.isLive, state.inners[number] != nil else { return false }
            return state.outbox.push(.value(value))
        }
        if delivers { drain() }
    }

    fileprivate func childFinished(_ number: Int) {
        let (next, finished) = state.withLock { state -> (AfterInnerFinished, InnerLink?) in
            guard state.isLive, let link = state.inners.removeValue(forKey: number) else {
                return (.nothing, nil)
            }
            if !state.waiting.isEmpty, !state.isStarting {
                state.isStarting = true
                return (.startMore, link)
            }
            return (state.finishIfDone() ? .deliver : .nothing, link)
        }
        // The finished inner's subscription is released here, outside the lock.
        _ = finished
        switch next {
        case .nothing: return
        case .startMore: startWaiting()
        case .deliver: drain()
        }
    }
}

/// The subscriber attached to inner publisher number `number`.
private struct FlatMapChild<Input: Sendable, Inner: Publisher, Downstream: Subscriber>: Subscriber
where Inner.Output == Downstream.Input {
    let parent: FlatMapSubscription<Input, Inner, Downstream>
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
