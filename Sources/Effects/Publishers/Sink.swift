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
        let sink = Subscribers.Sink<Output>(
            receiveCompletion: receiveCompletion, receiveValue: receiveValue)
        subscribe(sink)
        // Finished already: nothing is left to cancel, and one shared cancellable will do.
        // Otherwise the subscription holds the sink, so the caller needs an object of its own
        // whose release cancels.
        return sink.isTerminal ? AnyCancellable.finished : AnyCancellable(sink)
    }
}

extension Subscribers {
    /// A subscriber that hands values and the completion to closures.
    ///
    /// Usually made by ``Publisher/sink(receiveCompletion:receiveValue:)``. After `cancel()`
    /// or the completion it drops its subscription and ignores anything that still arrives.
    public final class Sink<Input: Sendable>: Subscriber, Cancellable {
        @usableFromInline let state = Lock(SinkState.awaitingSubscription)
        /// On until the state ends: what `receive(_:)` reads before every value, without the lock
        /// (see the Performance article's decision log: a lock there made a value through three
        /// operators several times slower). Turned off right after the state ends, before
        /// `cancel()` returns.
        @usableFromInline let live = OneWayFlag()
        @usableFromInline let receiveValue: @Sendable (Input) -> Void
        @usableFromInline let receiveCompletion: @Sendable (Completion) -> Void

        /// Makes a sink from its two closures.
        ///
        /// - Parameters:
        ///   - receiveCompletion: Called once when the publisher finishes.
        ///   - receiveValue: Called with each value.
        @inlinable
        public init(
            receiveCompletion: @escaping @Sendable (Completion) -> Void,
            receiveValue: @escaping @Sendable (Input) -> Void
        ) {
            self.receiveCompletion = receiveCompletion
            self.receiveValue = receiveValue
        }

        /// Keeps the subscription so that `cancel()` can reach it.
        @inlinable
        public func receive(subscription: any Subscription) {
            if !state.withLock({ $0.attach(subscription) }) {
                subscription.cancel()
            }
        }

        /// Whether the sink has finished or was cancelled: nothing more reaches the closures.
        @inlinable
        var isTerminal: Bool {
            !live.isOn
        }

        /// Calls the value closure, unless the sink was cancelled or finished.
        @inlinable
        public func receive(_ input: Input) {
            if !isTerminal {
                receiveValue(input)
            }
        }

        /// Calls the completion closure once and drops the subscription.
        @inlinable
        public func receive(completion: Completion) {
            guard let dropped = state.withLock({ $0.end() }) else { return }
            live.turnOff()
            // Released outside the lock.
            _ = dropped
            receiveCompletion(completion)
        }

        /// Cancels the subscription; nothing more is delivered to the closures.
        @inlinable
        public func cancel() {
            let ended = state.withLock { $0.end() }
            live.turnOff()
            ended??.cancel()
        }
    }
}

/// Where a ``Subscribers/Sink`` stands: a pure state machine its owner drives under its lock.
@usableFromInline
enum SinkState: Sendable {
    case awaitingSubscription
    /// Subscribed; the subscription is kept so that a cancel can reach it (nil for the shared
    /// empty one, which there is no point in cancelling).
    case subscribed((any Subscription)?)
    /// Finished or cancelled: nothing more reaches the closures.
    case terminal

    /// Keeps `subscription`; false if the sink has one already or is terminal (the caller
    /// cancels it).
    @inlinable
    mutating func attach(_ subscription: any Subscription) -> Bool {
        guard case .awaitingSubscription = self else { return false }
        self = .subscribed(subscription === Subscriptions.empty ? nil : subscription)
        return true
    }

    @inlinable
    var isTerminal: Bool {
        if case .terminal = self { return true }
        return false
    }

    /// Moves to terminal. Returns nil if it was terminal already, otherwise what it held (for
    /// the caller to cancel or release outside the lock).
    @inlinable
    mutating func end() -> (any Subscription)?? {
        switch self {
        case .terminal:
            return nil
        case .awaitingSubscription:
            self = .terminal
            return .some(nil)
        case .subscribed(let subscription):
            self = .terminal
            return .some(subscription)
        }
    }
}
