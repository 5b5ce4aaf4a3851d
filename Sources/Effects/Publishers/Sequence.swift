extension Swift.Sequence where Self: Sendable, Element: Sendable {
    /// A publisher that sends the elements of this sequence in order, then finishes.
    ///
    /// ```swift
    /// [Action.startGame, .flipCard(0)].publisher
    /// ```
    @inlinable
    public var publisher: Publishers.Sequence<Self> { Publishers.Sequence(sequence: self) }
}

extension Publishers {
    /// A publisher that sends the elements of a sequence in order, then finishes.
    ///
    /// Elements are sent synchronously inside `subscribe`. Cancelling from within a value
    /// handler (or from another thread) stops the iteration before the next element.
    public struct Sequence<Elements: Swift.Sequence & Sendable>: Publisher
    where Elements.Element: Sendable {
        /// The element type.
        public typealias Output = Elements.Element

        /// The elements to send.
        public let sequence: Elements

        /// Makes a publisher over `sequence`, sent in iteration order.
        @inlinable
        public init(sequence: Elements) {
            self.sequence = sequence
        }

        /// Sends every element, then the completion, unless cancelled first.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output {
            let subscription = FlagSubscription()
            subscriber.receive(subscription: subscription)
            for element in sequence {
                if subscription.isCancelled { return }
                subscriber.receive(element)
            }
            if subscription.isCancelled { return }
            subscriber.receive(completion: .finished)
        }
    }
}

extension Publishers.Sequence {
    /// Calls `receiveValue` with every element, in order, before returning a cancellable with
    /// nothing left to cancel: ``Publisher/sink(receiveValue:)`` without making a subscriber.
    @inlinable
    public func sink(receiveValue: @escaping @Sendable (Output) -> Void) -> AnyCancellable {
        for element in sequence {
            receiveValue(element)
        }
        return AnyCancellable.finished
    }

    /// Calls `receiveValue` with every element, then `receiveCompletion`, before returning.
    @inlinable
    public func sink(
        receiveCompletion: @escaping @Sendable (Subscribers.Completion) -> Void,
        receiveValue: @escaping @Sendable (Output) -> Void
    ) -> AnyCancellable {
        for element in sequence {
            receiveValue(element)
        }
        receiveCompletion(.finished)
        return AnyCancellable.finished
    }
}

extension Publishers.Sequence: CustomStringConvertible {
    /// `Sequence([…])`.
    public var description: String { "Sequence(\(Array(sequence)))" }
}
