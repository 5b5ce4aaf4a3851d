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
    /// upstream, as Combine does. Combine enforces `maxPublishers` by asking its upstream for
    /// fewer values; publishers here have no demand, so values that arrive while the cap is
    /// reached wait in a queue, in order, each starting when a running inner publisher
    /// finishes. The downstream is called one call at a time, even when inner publishers send
    /// from several threads.
    ///
    /// - Parameters:
    ///   - maxPublishers: How many inner publishers may run at once; `.unlimited` (the default)
    ///     or `.max(n)`.
    ///   - transform: Makes the publisher for a value.
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
            let transform = transform
            upstream.subscribe(
                FlatMapSubscription(downstream: subscriber, limit: maxPublishers.maximum ?? .max) {
                    value, child in transform(value).subscribe(child)
                })
        }
    }
}

extension Publishers.FlatMap: CustomStringConvertible {
    /// `FlatMap(<limit>, <upstream>)`, for example `FlatMap(max(2), Sequence([1, 2, 3]))`.
    public var description: String { "FlatMap(\(maxPublishers), \(upstream))" }
}

/// Subscribes to the upstream and to an inner publisher per value (`start` subscribes a child
/// to it), and merges what the inner publishers send through an outbox: `flatMap`,
/// `switchToLatest` (`switches`: a new value replaces the running inner publisher and any value
/// still waiting), and merge and concatenation (``run(_:limit:downstream:)``).
///
/// Inner publishers are started by one thread at a time, in a loop (`isStarting`), so that those
/// that finish at once (`Just`) free their place without the stack growing with the queue.
final class FlatMapSubscription<Input: Sendable, Downstream: Subscriber>: Subscriber, Subscription {
    typealias Start = @Sendable (Input, FlatMapChild<Input, Downstream>) -> Void

    private enum AfterInnerFinished {
        case nothing
        case startMore
        case deliver
    }

    private struct State {
        var stage = UpstreamStage.awaitingSubscription
        /// The running inner publishers, by number; as many as the limit at most.
        var inners: [Int: InnerLink] = [:]
        /// Values waiting for a free place, oldest first.
        var waiting = FIFOQueue<Input>()
        var nextNumber = 0
        var isStarting = false
        var outbox = SerialOutbox<Downstream.Input>()
        var link: DownstreamLink<Ends>

        /// Hands the completion to the outbox if nothing runs or waits after the upstream
        /// finished; true if the caller must drain.
        mutating func finishIfDone() -> Bool {
            guard case .upstreamFinished = stage, inners.isEmpty, waiting.isEmpty, !isStarting
            else { return false }
            stage = .ended
            return outbox.push(.finished)
        }
    }

    /// What is let go at the end, even while the downstream holds this subscription.
    private struct Ends {
        let downstream: Downstream
        let start: Start
    }

    private let limit: Int
    private let switches: Bool
    private let state: Lock<State>
    /// The downstream's effect runtime, answered by every inner subscriber.
    let context: EffectContext?

    init(downstream: Downstream, limit: Int, switches: Bool = false, start: @escaping Start) {
        self.limit = limit
        self.switches = switches
        state = Lock(State(link: .attached(Ends(downstream: downstream, start: start))))
        context = downstream.effectContext
    }

    var effectContext: EffectContext? { context }

    func receive(subscription: any Subscription) {
        let ends = state.withLock { $0.stage.attach(subscription) ? $0.link.downstream : nil }
        guard let ends else {
            subscription.cancel()
            return
        }
        ends.downstream.receive(subscription: self)
    }

    func receive(_ input: Input) {
        var replaced = (inners: [Int: InnerLink](), waiting: FIFOQueue<Input>())
        let mustStart = state.withLock { state -> Bool in
            guard case .running = state.stage else { return false }
            if switches {
                swap(&replaced.inners, &state.inners)
                swap(&replaced.waiting, &state.waiting)
            }
            state.waiting.append(input)
            if state.isStarting { return false }
            state.isStarting = true
            return true
        }
        for case .running(let inner) in replaced.inners.values {
            inner.cancel()
        }
        if mustStart { startWaiting() }
    }

    func receive(completion: Subscribers.Completion) {
        let (delivers, finished) = state.withLock { state -> (Bool, (any Subscription)?) in
            guard case .running(let upstream) = state.stage else { return (false, nil) }
            state.stage = .upstreamFinished
            return (state.finishIfDone(), upstream)
        }
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
    /// starter's role.
    private func startWaiting() {
        while true {
            let next = state.withLock {
                state -> (number: Int, value: Input, ends: Ends)? in
                if state.stage.isLive, state.inners.count < limit, let ends = state.link.downstream,
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
            ends.start(value, FlatMapChild(owner: self, number: number))
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

    func child(_ number: Int, received subscription: any Subscription) {
        let kept = state.withLock { state -> Bool in
            guard state.stage.isLive, case .starting = state.inners[number] else { return false }
            state.inners[number] = .running(subscription)
            return true
        }
        if !kept { subscription.cancel() }
    }

    func child(_ number: Int, received value: Downstream.Input) {
        let delivers = state.withLock { state -> Bool in
            guard state.stage.isLive, state.inners[number] != nil else { return false }
            return state.outbox.push(.value(value))
        }
        if delivers { drain() }
    }

    func childFinished(_ number: Int) {
        let (next, finished) = state.withLock { state -> (AfterInnerFinished, InnerLink?) in
            guard state.stage.isLive, let link = state.inners.removeValue(forKey: number) else {
                return (.nothing, nil)
            }
            if !state.waiting.isEmpty, !state.isStarting {
                state.isStarting = true
                return (.startMore, link)
            }
            return (state.finishIfDone() ? .deliver : .nothing, link)
        }
        _ = finished
        switch next {
        case .nothing: return
        case .startMore: startWaiting()
        case .deliver: drain()
        }
    }
}

/// An inner publisher while it runs.
enum InnerLink {
    /// Subscribed, its subscription not arrived yet.
    case starting
    case running(any Subscription)
}

/// The subscriber attached to inner publisher number `number`.
struct FlatMapChild<Input: Sendable, Downstream: Subscriber>: Subscriber {
    let owner: FlatMapSubscription<Input, Downstream>
    let number: Int

    var effectContext: EffectContext? { owner.context }

    func receive(subscription: any Subscription) {
        owner.child(number, received: subscription)
    }

    func receive(_ input: Downstream.Input) {
        owner.child(number, received: input)
    }

    func receive(completion: Subscribers.Completion) {
        owner.childFinished(number)
    }
}

extension FlatMapSubscription where Input == Int {
    /// Attaches `downstream` to the publishers `starts` subscribe to, `limit` at a time, in
    /// order: every one at once for a merge, one after another for a concatenation.
    static func run(
        _ starts: [@Sendable (FlatMapChild<Int, Downstream>) -> Void], limit: Int,
        downstream: Downstream
    ) {
        let subscription = FlatMapSubscription(downstream: downstream, limit: limit) {
            index, child in starts[index](child)
        }
        subscription.receive(subscription: Subscriptions.empty)
        for index in starts.indices {
            subscription.receive(index)
        }
        subscription.receive(completion: .finished)
    }
}
