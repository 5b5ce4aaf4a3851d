/// A publisher that sends no value: it finishes at once, or never.
///
/// ```swift
/// let finished = Empty<Action>()                           // finishes immediately
/// let open = Empty<Action>(completeImmediately: false)      // stays open until cancelled
/// ```
public struct Empty<Output: Sendable>: Publisher, Equatable, CustomStringConvertible {
    /// Whether the publisher finishes as soon as it is subscribed to.
    public let completeImmediately: Bool

    /// Makes an empty publisher that finishes at once, or, with `completeImmediately: false`,
    /// stays open until cancelled.
    @inlinable
    public init(completeImmediately: Bool = true) {
        self.completeImmediately = completeImmediately
    }

    /// Finishes at once, or never, as configured.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output {
        subscriber.receive(subscription: Subscriptions.empty)
        if completeImmediately {
            subscriber.receive(completion: .finished)
        }
    }

    /// `Empty` or `Empty(never completes)`.
    public var description: String { completeImmediately ? "Empty" : "Empty(never completes)" }
}

extension Empty {
    /// Calls `receiveCompletion` before returning if ``completeImmediately`` is true; returns a
    /// cancellable with nothing left to cancel.
    @inlinable
    public func sink(
        receiveCompletion: @escaping @Sendable (Subscribers.Completion) -> Void,
        receiveValue: @escaping @Sendable (Output) -> Void
    ) -> AnyCancellable {
        if completeImmediately {
            receiveCompletion(.finished)
        }
        return AnyCancellable.finished
    }

    /// Never calls `receiveValue`: an empty publisher has no value.
    @inlinable
    public func sink(receiveValue: @escaping @Sendable (Output) -> Void) -> AnyCancellable {
        AnyCancellable.finished
    }
}
