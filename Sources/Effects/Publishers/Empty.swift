/// A publisher that sends no value: it finishes at once, or never.
///
/// ```swift
/// let finished = Empty<Action>()                           // finishes immediately
/// let open = Empty<Action>(completeImmediately: false)      // stays open until cancelled
/// ```
public struct Empty<Output: Sendable>: Publisher, Equatable {
    /// Whether the publisher finishes as soon as it is subscribed to.
    public let completeImmediately: Bool

    /// Makes an empty publisher.
    ///
    /// - Parameter completeImmediately: `true` (the default) to finish at once; `false` to
    ///   never finish, which is useful to keep something open until it is cancelled.
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
}

extension Empty {
    /// Finishes before returning if ``completeImmediately`` is true; otherwise never calls.
    ///
    /// - Parameters:
    ///   - receiveCompletion: Called once, at once, if the publisher completes immediately.
    ///   - receiveValue: Never called.
    /// - Returns: A cancellable with nothing left to cancel.
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
    ///
    /// - Parameter receiveValue: Never called.
    /// - Returns: A cancellable with nothing left to cancel.
    @inlinable
    public func sink(receiveValue: @escaping @Sendable (Output) -> Void) -> AnyCancellable {
        AnyCancellable.finished
    }
}

extension Empty: CustomStringConvertible {
    /// `Empty` or `Empty(never completes)`.
    public var description: String {
        completeImmediately ? "Empty" : "Empty(never completes)"
    }
}
