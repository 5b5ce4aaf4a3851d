extension Publisher {
    /// Attaches a subscriber that calls a closure with every value.
    ///
    /// ```swift
    /// let cancellable = Just(42).sink { print($0) }
    /// ```
    ///
    /// - Parameter receiveValue: Called with each value, on the thread that delivers it.
    /// - Returns: A cancellable that stops the delivery when cancelled or released.
    @inlinable
    public func sink(receiveValue: @escaping @Sendable (Output) -> Void) -> AnyCancellable {
        sink(receiveCompletion: { _ in }, receiveValue: receiveValue)
    }

    /// Attaches a subscriber that calls one closure with every value and another at the end.
    ///
    /// - Parameters:
    ///   - receiveCompletion: Called once when the publisher finishes (not when cancelled).
    ///   - receiveValue: Called with each value, on the thread that delivers it.
    /// - Returns: A cancellable that stops the delivery when cancelled or released.
    @inlinable
    public func sink(
        receiveCompletion: @escaping @Sendable (Subscribers.Completion) -> Void,
        receiveValue: @escaping @Sendable (Output) -> Void
    ) -> AnyCancellable {
        attachSink(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
    }

    /// The body of ``sink(receiveCompletion:receiveValue:)``, for publishers that offer their
    /// own `sink` and fall back on this one.
    @inlinable
    func attachSink(
        receiveCompletion: @escaping @Sendable (Subscribers.Completion) -> Void,
        receiveValue: @escaping @Sendable (Output) -> Void
    ) -> AnyCancellable {
        // The value closure travels in the front the publisher holds, and goes when the
        // publisher lets go of its subscriber (at the completion or a cancel).
        let sink = Subscribers.Sink<Output>(receiveCompletion: receiveCompletion)
        subscribe(SinkFront(sink: sink, receiveValue: receiveValue))
        // Finished already: nothing is left to cancel, and one shared cancellable will do.
        return sink.isTerminal ? AnyCancellable.finished : AnyCancellable(sink)
    }
}

extension Subscribers {
    /// A subscriber that hands values and the completion to closures.
    ///
    /// Usually made by ``Publisher/sink(receiveCompletion:receiveValue:)``. After `cancel()`
    /// or the completion it drops its subscription, lets go of both closures (and what they
    /// capture), even while the sink is still held, and ignores anything that still arrives.
    public final class Sink<Input: Sendable>: Subscriber, Cancellable {
        @usableFromInline let state: Lock<SinkState<Input>>
        /// On until the state ends, turned off before `cancel()` returns: what a `sink(…)`'s
        /// front reads before every value, without the lock (Performance article's decision log).
        @usableFromInline let live = OneWayFlag()

        /// The cancellable half of a `sink`, whose value closure its ``SinkFront`` holds.
        @inlinable
        init(receiveCompletion: @escaping @Sendable (Completion) -> Void) {
            state = Lock(.awaitingSubscription((receiveCompletion, { _ in })))
        }

        /// Makes a sink from its two closures.
        @inlinable
        public init(
            receiveCompletion: @escaping @Sendable (Completion) -> Void,
            receiveValue: @escaping @Sendable (Input) -> Void
        ) {
            state = Lock(.awaitingSubscription((receiveCompletion, receiveValue)))
        }

        /// Keeps the subscription so that `cancel()` can reach it.
        @inlinable
        public func receive(subscription: any Subscription) {
            if !state.withLock({ $0.attach(subscription) }) {
                subscription.cancel()
            }
        }

        @inlinable
        var isTerminal: Bool { !live.isOn }

        /// Calls the value closure, unless the sink was cancelled or finished.
        @inlinable
        public func receive(_ input: Input) {
            // Called after the lock: the closure may cancel this sink.
            if let closures = state.withLock({ $0.closures }) {
                closures.receiveValue(input)
            }
        }

        /// Calls the completion closure once and drops the subscription.
        @inlinable
        public func receive(completion: Completion) {
            guard let ended = state.withLock({ $0.end() }) else { return }
            live.turnOff()
            _ = ended.subscription
            ended.closures.receiveCompletion(completion)
        }

        /// Stops the delivery and lets go of the closures.
        @inlinable
        public func cancel() {
            let ended = state.withLock { $0.end() }
            live.turnOff()
            ended?.subscription?.cancel()
        }
    }
}

@usableFromInline
enum SinkState<Input: Sendable>: Sendable {
    case awaitingSubscription(Closures)
    case subscribed((any Subscription)?, Closures)
    case terminal

    @usableFromInline
    typealias Closures = (
        receiveCompletion: @Sendable (Subscribers.Completion) -> Void,
        receiveValue: @Sendable (Input) -> Void
    )

    @inlinable
    mutating func attach(_ subscription: any Subscription) -> Bool {
        guard case .awaitingSubscription(let closures) = self else { return false }
        self = .subscribed(subscription === Subscriptions.empty ? nil : subscription, closures)
        return true
    }

    @inlinable
    var closures: Closures? {
        switch self {
        case .awaitingSubscription(let closures), .subscribed(_, let closures): closures
        case .terminal: nil
        }
    }

    /// What the sink held, to use and release outside the lock; nil if it had ended already.
    @inlinable
    mutating func end() -> (subscription: (any Subscription)?, closures: Closures)? {
        switch self {
        case .terminal:
            return nil
        case .awaitingSubscription(let closures):
            self = .terminal
            return (nil, closures)
        case .subscribed(let subscription, let closures):
            self = .terminal
            return (subscription, closures)
        }
    }
}

/// What `sink` subscribes: the ``Subscribers/Sink`` (the cancellable the caller holds) and the
/// value closure, a constant the publisher calls directly (Performance article's decision log).
@usableFromInline
struct SinkFront<Input: Sendable>: Subscriber {
    @usableFromInline let sink: Subscribers.Sink<Input>
    @usableFromInline let receiveValue: @Sendable (Input) -> Void

    @inlinable
    init(sink: Subscribers.Sink<Input>, receiveValue: @escaping @Sendable (Input) -> Void) {
        self.sink = sink
        self.receiveValue = receiveValue
    }

    @inlinable
    func receive(subscription: any Subscription) {
        sink.receive(subscription: subscription)
    }

    @inlinable
    func receive(_ input: Input) {
        if !sink.isTerminal {
            receiveValue(input)
        }
    }

    @inlinable
    func receive(completion: Subscribers.Completion) {
        sink.receive(completion: completion)
    }
}
