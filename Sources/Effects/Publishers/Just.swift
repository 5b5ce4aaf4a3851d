/// A publisher that sends one value, then finishes.
///
/// ```swift
/// Just(Action.unFlipSelectedCards)
///     .delay(for: .seconds(1), scheduler: scheduler)
/// ```
///
/// Delivery is synchronous, inside `subscribe`, and allocates nothing.
public struct Just<Output: Sendable>: Publisher, CustomStringConvertible {
    /// The value this publisher sends.
    public let output: Output

    /// Makes a publisher that sends `output` once.
    @inlinable
    public init(_ output: Output) {
        self.output = output
    }

    /// Sends the value and the completion to `subscriber` at once; as in Combine, a subscriber
    /// that cancels inside `receive(subscription:)` receives nothing more.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output {
        // A sink never cancels inside `receive(subscription:)`: it needs no subscription of
        // its own.
        if S.self == Subscribers.Sink<Output>.self || S.self == SinkFront<Output>.self {
            subscriber.receive(subscription: Subscriptions.empty)
        } else {
            let subscription = FlagSubscription()
            subscriber.receive(subscription: subscription)
            if subscription.isCancelled { return }
        }
        subscriber.receive(output)
        subscriber.receive(completion: .finished)
    }

    /// `Just(value)`.
    public var description: String { "Just(\(output))" }
}

extension Just {
    /// Calls `receiveValue` with the value before returning a cancellable with nothing left to
    /// cancel: ``Publisher/sink(receiveValue:)`` without making a subscriber.
    @inlinable
    public func sink(receiveValue: @escaping @Sendable (Output) -> Void) -> AnyCancellable {
        receiveValue(output)
        return AnyCancellable.finished
    }

    /// Calls `receiveValue` with the value, then `receiveCompletion`, before returning a
    /// cancellable with nothing left to cancel.
    @inlinable
    public func sink(
        receiveCompletion: @escaping @Sendable (Subscribers.Completion) -> Void,
        receiveValue: @escaping @Sendable (Output) -> Void
    ) -> AnyCancellable {
        receiveValue(output)
        receiveCompletion(.finished)
        return AnyCancellable.finished
    }
}

extension Just: Equatable where Output: Equatable {}
