import Synchronization

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
        // The stage is an atomic so that a value costs one load, and finishing one exchange.
        // The lock only guards the stored subscription, and is only taken to store or drop a
        // real one: `Subscriptions.empty` (from `Just` and `Empty`) is never stored.
        @usableFromInline let stage = Atomic<UInt8>(SinkStage.awaitingSubscription)
        @usableFromInline let subscription = Lock<(any Subscription)?>(nil)
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
            if subscription === Subscriptions.empty {
                // Nothing to keep: cancelling it would do nothing.
                _ = stage.compareExchange(
                    expected: SinkStage.awaitingSubscription,
                    desired: SinkStage.subscribed,
                    ordering: .acquiringAndReleasing
                )
                return
            }
            let accepted = self.subscription.withLock { stored -> Bool in
                // Under the lock, so that a concurrent `cancel` that sees `subscribed` finds it.
                guard
                    stage.compareExchange(
                        expected: SinkStage.awaitingSubscription,
                        desired: SinkStage.subscribed,
                        ordering: .acquiringAndReleasing
                    ).exchanged
                else { return false }
                stored = subscription
                return true
            }
            if !accepted { subscription.cancel() }
        }

        /// Whether the sink has finished or was cancelled: nothing more reaches the closures.
        @inlinable
        var isTerminal: Bool {
            stage.load(ordering: .acquiring) == SinkStage.terminal
        }

        /// Calls the value closure, unless the sink was cancelled or finished.
        @inlinable
        public func receive(_ input: Input) {
            if stage.load(ordering: .acquiring) != SinkStage.terminal {
                receiveValue(input)
            }
        }

        /// Calls the completion closure once and drops the subscription.
        @inlinable
        public func receive(completion: Completion) {
            let previous = stage.exchange(SinkStage.terminal, ordering: .acquiringAndReleasing)
            if previous == SinkStage.terminal { return }
            if previous == SinkStage.subscribed {
                let dropped = subscription.withLock { stored in
                    defer { stored = nil }
                    return stored
                }
                _ = dropped
            }
            receiveCompletion(completion)
        }

        /// Cancels the subscription; nothing more is delivered to the closures.
        @inlinable
        public func cancel() {
            let previous = stage.exchange(SinkStage.terminal, ordering: .acquiringAndReleasing)
            guard previous == SinkStage.subscribed else { return }
            let cancelled = subscription.withLock { stored in
                defer { stored = nil }
                return stored
            }
            cancelled?.cancel()
        }
    }
}

/// The stages of a ``Subscribers/Sink``, as raw values for its atomic.
@usableFromInline
enum SinkStage {
    @usableFromInline static let awaitingSubscription: UInt8 = 0
    @usableFromInline static let subscribed: UInt8 = 1
    @usableFromInline static let terminal: UInt8 = 2
}

/// A subscriber made of two closures that keeps no subscription: for publishers whose
/// subscription is also the cancellable handed to the caller, so cancelling goes to it directly.
@usableFromInline
struct ClosureSubscriber<Input: Sendable>: Subscriber {
    @usableFromInline let receiveCompletion: @Sendable (Subscribers.Completion) -> Void
    @usableFromInline let receiveValue: @Sendable (Input) -> Void

    @inlinable
    init(
        receiveCompletion: @escaping @Sendable (Subscribers.Completion) -> Void,
        receiveValue: @escaping @Sendable (Input) -> Void
    ) {
        self.receiveCompletion = receiveCompletion
        self.receiveValue = receiveValue
    }

    @inlinable
    func receive(subscription: any Subscription) {}

    @inlinable
    func receive(_ input: Input) {
        receiveValue(input)
    }

    @inlinable
    func receive(completion: Subscribers.Completion) {
        receiveCompletion(completion)
    }
}
