extension Publisher {
    /// Pairs each value of this publisher with the value of `other` at the same position: the
    /// first with the first, the second with the second, and so on.
    ///
    /// ```swift
    /// questions.zip(answers)   // (question 1, answer 1), (question 2, answer 2), …
    /// ```
    ///
    /// As in Combine, a value waits until its partner arrives, and the publisher finishes when
    /// either upstream has finished and every value it sent has been paired (a value that can
    /// never be paired is dropped then, and the other upstream cancelled). The downstream is
    /// called one call at a time, even when the two send from different threads.
    ///
    /// - Parameter other: The other publisher.
    /// - Returns: A publisher of pairs.
    /// - Complexity: Values wait in a queue per upstream: as many as one upstream is ahead of
    ///   the other.
    public func zip<Other: Publisher>(_ other: Other) -> Publishers.Zip<Self, Other> {
        Publishers.Zip(self, other)
    }

    /// Combines each value of this publisher with the value of `other` at the same position.
    ///
    /// ```swift
    /// names.zip(scores) { name, score in "\(name): \(score)" }
    /// ```
    ///
    /// - Parameters:
    ///   - other: The other publisher.
    ///   - transform: Combines two partners into the value to send.
    /// - Returns: A publisher of combined values.
    public func zip<Other: Publisher, T: Sendable>(
        _ other: Other,
        _ transform: @escaping @Sendable (Output, Other.Output) -> T
    ) -> Publishers.Map<Publishers.Zip<Self, Other>, T> {
        Publishers.Zip(self, other).map(transform)
    }
}

extension Publishers {
    /// A publisher that pairs the values of two upstreams by position.
    public struct Zip<A: Publisher, B: Publisher>: Publisher {
        /// A pair of values at the same position.
        public typealias Output = (A.Output, B.Output)

        /// The first upstream.
        public let a: A

        /// The second upstream.
        public let b: B

        /// Makes the publisher; ``Publisher/zip(_:)`` reads better at the call site.
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
            ZipSubscription(downstream: subscriber).start(a, b)
        }
    }
}

extension Publishers.Zip: CustomStringConvertible {
    /// `Zip(<a>, <b>)`.
    public var description: String {
        "Zip(\(a), \(b))"
    }
}

/// Keeps the values waiting for a partner, one queue per upstream, and sends the pairs through
/// an outbox.
private final class ZipSubscription<First: Sendable, Second: Sendable, Downstream: Subscriber>:
    Subscription
where Downstream.Input == (First, Second) {
    private struct Side<Value> {
        var waiting = FIFOQueue<Value>()
        var link = SubscriptionLink.starting
        var isFinished = false

        /// Whether this side can never give a partner again.
        var isExhausted: Bool {
            isFinished && waiting.isEmpty
        }
    }

    private struct State {
        var first = Side<First>()
        var second = Side<Second>()
        var isEnded = false
        var outbox = SerialOutbox<(First, Second)>()

        /// Ends the zip if either side is exhausted; returns whether the caller must drain, and
        /// what to cancel and release outside the lock.
        mutating func finishIfExhausted() -> (
            delivers: Bool,
            ended: (first: (any Subscription)?, second: (any Subscription)?, dropped: Any)?
        ) {
            guard !isEnded, first.isExhausted || second.isExhausted else { return (false, nil) }
            isEnded = true
            let dropped = (first.waiting, second.waiting)
            first.waiting = FIFOQueue()
            second.waiting = FIFOQueue()
            return (outbox.push(.finished), (first.link.end(), second.link.end(), dropped))
        }
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
        a.subscribe(ZipFirst(parent: self))
        if state.withLock({ $0.isEnded }) { return }
        b.subscribe(ZipSecond(parent: self))
    }

    func cancel() {
        let taken = state.withLock {
            state -> (first: (any Subscription)?, second: (any Subscription)?, dropped: Any)? in
            guard !state.isEnded else { return nil }
            state.isEnded = true
            let dropped = (state.first.waiting, state.second.waiting, state.outbox.close())
            state.first.waiting = FIFOQueue()
            state.second.waiting = FIFOQueue()
            return (state.first.link.end(), state.second.link.end(), dropped)
        }
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
        let (delivers, ended) = state.withLock {
            state -> (
                Bool, (first: (any Subscription)?, second: (any Subscription)?, dropped: Any)?
            ) in
            guard !state.isEnded else { return (false, nil) }
            guard let partner = state.second.waiting.popFirst() else {
                state.first.waiting.append(value)
                return (false, nil)
            }
            let delivers = state.outbox.push(.value((value, partner)))
            let finish = state.finishIfExhausted()
            return (delivers || finish.delivers, finish.ended)
        }
        end(ended)
        if delivers { drain() }
    }

    fileprivate func second(received value: Second) {
        let (delivers, ended) = state.withLock {
            state -> (
                Bool, (first: (any Subscription)?, second: (any Subscription)?, dropped: Any)?
            ) in
            guard !state.isEnded else { return (false, nil) }
            guard let partner = state.first.waiting.popFirst() else {
                state.second.waiting.append(value)
                return (false, nil)
            }
            let delivers = state.outbox.push(.value((partner, value)))
            let finish = state.finishIfExhausted()
            return (delivers || finish.delivers, finish.ended)
        }
        end(ended)
        if delivers { drain() }
    }

    fileprivate func firstFinished() {
        let (delivers, ended) = state.withLock {
            state -> (
                Bool, (first: (any Subscription)?, second: (any Subscription)?, dropped: Any)?
            ) in
            guard !state.isEnded else { return (false, nil) }
            state.first.isFinished = true
            return state.finishIfExhausted()
        }
        end(ended)
        if delivers { drain() }
    }

    fileprivate func secondFinished() {
        let (delivers, ended) = state.withLock {
            state -> (
                Bool, (first: (any Subscription)?, second: (any Subscription)?, dropped: Any)?
            ) in
            guard !state.isEnded else { return (false, nil) }
            state.second.isFinished = true
            return state.finishIfExhausted()
        }
        end(ended)
        if delivers { drain() }
    }

    /// Cancels both upstreams once the zip has ended (a finished one ignores it), outside the
    /// lock, and releases what was waiting.
    private func end(
        _ ended: (first: (any Subscription)?, second: (any Subscription)?, dropped: Any)?
    ) {
        ended?.first?.cancel()
        ended?.second?.cancel()
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
private struct ZipFirst<First: Sendable, Second: Sendable, Downstream: Subscriber>: Subscriber
where Downstream.Input == (First, Second) {
    let parent: ZipSubscription<First, Second, Downstream>

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
private struct ZipSecond<First: Sendable, Second: Sendable, Downstream: Subscriber>: Subscriber
where Downstream.Input == (First, Second) {
    let parent: ZipSubscription<First, Second, Downstream>

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
