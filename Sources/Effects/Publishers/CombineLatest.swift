extension Publisher {
    /// Sends the latest value of this publisher and of `other`, as a pair, whenever either
    /// sends, once both have sent.
    ///
    /// ```swift
    /// difficulty.combineLatest(highScores)
    ///     .map { level, scores in scores[level] }   // the record for the chosen level
    /// ```
    ///
    /// As in Combine, nothing is sent until both have sent a value, and the publisher finishes
    /// once both have finished. The downstream is called one call at a time, even when the two
    /// send from different threads.
    ///
    /// - Parameter other: The other publisher.
    /// - Returns: A publisher of pairs of latest values.
    public func combineLatest<Other: Publisher>(_ other: Other)
        -> Publishers.CombineLatest<Self, Other>
    {
        Publishers.CombineLatest(self, other)
    }

    /// Sends `transform` of the latest value of this publisher and of `other` whenever either
    /// sends, once both have sent.
    ///
    /// ```swift
    /// moves.combineLatest(pairsFound) { moves, pairs in "\(pairs) pairs in \(moves) moves" }
    /// ```
    ///
    /// - Parameters:
    ///   - other: The other publisher.
    ///   - transform: Combines the two latest values into the value to send.
    /// - Returns: A publisher of combined values.
    public func combineLatest<Other: Publisher, T: Sendable>(
        _ other: Other,
        _ transform: @escaping @Sendable (Output, Other.Output) -> T
    ) -> Publishers.Map<Publishers.CombineLatest<Self, Other>, T> {
        Publishers.CombineLatest(self, other).map(transform)
    }
}

extension Publishers {
    /// A publisher that pairs the latest values of two upstreams whenever either sends.
    public struct CombineLatest<A: Publisher, B: Publisher>: Publisher {
        /// A pair of latest values.
        public typealias Output = (A.Output, B.Output)

        /// The first upstream.
        public let a: A

        /// The second upstream.
        public let b: B

        /// Makes the publisher; ``Publisher/combineLatest(_:)`` reads better at the call site.
        ///
        /// - Parameters:
        ///   - a: The first upstream.
        ///   - b: The second upstream.
        public init(_ a: A, _ b: B) {
            self.a = a
            self.b = b
        }

        /// Subscribes `subscriber` to both upstreams, the first one first.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output {
            CombineLatestSubscription(downstream: subscriber).start(a, b)
        }
    }
}

extension Publishers.CombineLatest: CustomStringConvertible {
    /// `CombineLatest(<a>, <b>)`.
    public var description: String {
        "CombineLatest(\(a), \(b))"
    }
}

/// Keeps each upstream's latest value, and sends the pair through an outbox.
private final class CombineLatestSubscription<
    First: Sendable, Second: Sendable, Downstream: Subscriber
>: Subscription
where Downstream.Input == (First, Second) {
    private struct Side<Value> {
        var latest: Value?
        var link = SubscriptionLink.starting
        var isFinished = false
    }

    private struct State {
        var first = Side<First>()
        var second = Side<Second>()
        var isEnded = false
        var outbox = SerialOutbox<(First, Second)>()
    }

    private let downstream: Downstream
    private let state = Lock(State())
    /// The downstream's effect runtime, answered by both upstreams' subscribers.
    let context: EffectContext?

    init(downstream: Downstream) {
        self.downstream = downstream
        context = downstream.effectContext
    }

    func start<A: Publisher, B: Publisher>(_ a: A, _ b: B)
    where A.Output == First, B.Output == Second {
        downstream.receive(subscription: self)
        if state.withLock({ $0.isEnded }) { return }
        a.subscribe(CombineLatestFirst(parent: self))
        if state.withLock({ $0.isEnded }) { return }
        b.subscribe(CombineLatestSecond(parent: self))
    }

    func cancel() {
        let taken = state.withLock {
            state -> (first: (any Subscription)?, second: (any Subscription)?, dropped: Any)? in
            guard !state.isEnded else { return nil }
            state.isEnded = true
            let dropped = (
                state.first.latest.take(), state.second.latest.take(), state.outbox.close()
            )
            return (state.first.link.end(), state.second.link.end(), dropped)
        }
        // Cancelled and released here, outside the lock.
        taken?.first?.cancel()
        taken?.second?.cancel()
    }

    fileprivate func first(received subscription: any Subscription) {
        if !state.withLock({ !$0.isEnded && $0.first.link.attach(subscription) }) {
            subscription.cancel()
        }
    }

    fileprivate func second(received subscription: any Subscription) {
        if !state.withLock({ !$0.isEnded && $0.second.link.attach(subscription) }) {
            subscription.cancel()
        }
    }

    fileprivate func first(received value: First) {
        let delivers = state.withLock { state -> Bool in
            guard !state.isEnded else { return false }
            state.first.latest = value
            guard let other = state.second.latest else { return false }
            return state.outbox.push(.value((value, other)))
        }
        if delivers { drain() }
    }

    fileprivate func second(received value: Second) {
        let delivers = state.withLock { state -> Bool in
            guard !state.isEnded else { return false }
            state.second.latest = value
            guard let other = state.first.latest else { return false }
            return state.outbox.push(.value((other, value)))
        }
        if delivers { drain() }
    }

    fileprivate func firstFinished() {
        let (delivers, finished) = state.withLock { state -> (Bool, (any Subscription)?) in
            guard !state.isEnded, !state.first.isFinished else { return (false, nil) }
            state.first.isFinished = true
            return (finishIfBothFinished(&state), state.first.link.end())
        }
        _ = finished
        if delivers { drain() }
    }

    fileprivate func secondFinished() {
        let (delivers, finished) = state.withLock { state -> (Bool, (any Subscription)?) in
            guard !state.isEnded, !state.second.isFinished else { return (false, nil) }
            state.second.isFinished = true
            return (finishIfBothFinished(&state), state.second.link.end())
        }
        _ = finished
        if delivers { drain() }
    }

    private func finishIfBothFinished(_ state: inout State) -> Bool {
        guard state.first.isFinished, state.second.isFinished else { return false }
        state.isEnded = true
        return state.outbox.push(.finished)
    }

    private func drain() {
        while let event = state.withLock({ $0.outbox.pop() }) {
            switch event {
            case .value(let pair): downstream.receive(pair)
            case .finished: downstream.receive(completion: .finished)
            }
        }
    }
}

/// The subscriber attached to the first upstream.
private struct CombineLatestFirst<First: Sendable, Second: Sendable, Downstream: Subscriber>:
    Subscriber
where Downstream.Input == (First, Second) {
    let parent: CombineLatestSubscription<First, Second, Downstream>

    var effectContext: EffectContext? {
        parent.context
    }

    func receive(subscription: any Subscription) {
        parent.first(received: subscription)
    }

    func receive(_ input: First) {
        parent.first(received: input)
    }

    func receive(completion: Subscribers.Completion) {
        parent.firstFinished()
    }
}

/// The subscriber attached to the second upstream.
private struct CombineLatestSecond<First: Sendable, Second: Sendable, Downstream: Subscriber>:
    Subscriber
where Downstream.Input == (First, Second) {
    let parent: CombineLatestSubscription<First, Second, Downstream>

    var effectContext: EffectContext? {
        parent.context
    }

    func receive(subscription: any Subscription) {
        parent.second(received: subscription)
    }

    func receive(_ input: Second) {
        parent.second(received: input)
    }

    func receive(completion: Subscribers.Completion) {
        parent.secondFinished()
    }
}
