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
        // The sink keeps the subscription and the completion closure; the value closure travels
        // with the publisher, in the sink's front, and goes when the publisher lets go of its
        // subscriber, as every publisher here does at the completion or a cancel.
        let sink = Subscribers.Sink<Output>(receiveCompletion: receiveCompletion)
        subscribe(SinkFront(sink: sink, receiveValue: receiveValue))
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
    /// The completion lets go of both closures (and what they capture) at once, even while the
    /// sink is still held; a cancel lets go of `receiveCompletion` at once and of
    /// `receiveValue` with the sink (a value may still be on its way from another thread), which
    /// the publisher and the `AnyCancellable` release as they end. (`sink(…)` hands the
    /// publisher the value closure beside the sink, in a front the publisher holds: it goes when
    /// the publisher lets go of its subscriber, at the completion or a cancel.)
    public final class Sink<Input: Sendable>: Subscriber, Cancellable {
        @usableFromInline let state: Lock<SinkState>
        /// On until the state ends: what `receive(_:)` reads before every value, without the lock
        /// (see the Performance article's decision log: a lock there made a value through three
        /// operators several times slower). Turned off right after the state ends, before
        /// `cancel()` returns.
        @usableFromInline let live = OneWayFlag()
        // Written at init and once more by the completion, which the publisher delivers
        // after its last value and never beside one, so no read and write overlap. Only a sink
        // made directly reads it: `sink(…)` keeps the value closure in its front.
        @usableFromInline
        nonisolated(unsafe) var receiveValue: @Sendable (Input) -> Void   // see above

        /// Makes the cancellable half of a `sink`, whose value closure is held by its
        /// ``SinkFront`` instead.
        @inlinable
        init(receiveCompletion: @escaping @Sendable (Completion) -> Void) {
            state = Lock(.awaitingSubscription(receiveCompletion))
            receiveValue = { _ in }
        }

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
            state = Lock(.awaitingSubscription(receiveCompletion))
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
            guard let ended = state.withLock({ $0.end() }) else { return }
            live.turnOff()
            // The completion comes after the last value: nothing reads the closure any more.
            receiveValue = { _ in }
            // Released outside the lock.
            _ = ended.subscription
            ended.receiveCompletion(completion)
        }

        @inlinable
        public func cancel() {
            let ended = state.withLock { $0.end() }
            live.turnOff()
            ended?.subscription?.cancel()
        }
    }
}

/// Where a sink stands: what it holds in each stage, and nothing once it has ended.
@usableFromInline
enum SinkState: Sendable {
    case awaitingSubscription(@Sendable (Subscribers.Completion) -> Void)
    case subscribed((any Subscription)?, @Sendable (Subscribers.Completion) -> Void)
    case terminal

    /// What a sink held when it ended, to use and release outside the lock.
    @usableFromInline
    struct Ended {
        @usableFromInline let subscription: (any Subscription)?
        @usableFromInline let receiveCompletion: @Sendable (Subscribers.Completion) -> Void

        @inlinable
        init(
            subscription: (any Subscription)?,
            receiveCompletion: @escaping @Sendable (Subscribers.Completion) -> Void
        ) {
            self.subscription = subscription
            self.receiveCompletion = receiveCompletion
        }
    }

    @inlinable
    mutating func attach(_ subscription: any Subscription) -> Bool {
        guard case .awaitingSubscription(let receiveCompletion) = self else { return false }
        self = .subscribed(
            subscription === Subscriptions.empty ? nil : subscription, receiveCompletion)
        return true
    }

    @inlinable
    var isTerminal: Bool {
        if case .terminal = self { return true }
        return false
    }

    /// Ends: what the sink held, or nil if it had ended already.
    @inlinable
    mutating func end() -> Ended? {
        switch self {
        case .terminal:
            return nil
        case .awaitingSubscription(let receiveCompletion):
            self = .terminal
            return Ended(subscription: nil, receiveCompletion: receiveCompletion)
        case .subscribed(let subscription, let receiveCompletion):
            self = .terminal
            return Ended(subscription: subscription, receiveCompletion: receiveCompletion)
        }
    }
}

/// What `sink` subscribes: the ``Subscribers/Sink`` that keeps the subscription (and is the
/// cancellable the caller holds), and the value closure.
///
/// A struct, held by the publisher: the closure is a constant of the value the publisher holds,
/// so calling it retains nothing, where a closure the sink lets go of at the completion (a
/// `var`) is retained and released around every call. It goes when the publisher lets go of its
/// subscriber, at the completion or a cancel (`ReleaseAfterEndTests`), or with the stack frame
/// of a publisher that delivers inside `subscribe` (a sequence).
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

    /// Calls the value closure, unless the sink was cancelled or finished.
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
