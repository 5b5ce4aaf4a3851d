import Synchronization

extension Swift.Sequence where Self: Sendable, Element: Sendable {
    /// A publisher that sends the elements of this sequence in order, then finishes.
    ///
    /// ```swift
    /// [Action.startGame, .flipCard(0)].publisher
    /// ```
    public var publisher: Publishers.Sequence<Self> {
        Publishers.Sequence(sequence: self)
    }
}

extension Publishers {
    /// A publisher that sends the elements of a sequence in order, then finishes.
    ///
    /// Elements are sent synchronously inside `subscribe`. Cancelling from within a value
    /// handler (or from another thread) stops the iteration before the next element.
    public struct Sequence<Elements: Swift.Sequence & Sendable>: Publisher where Elements.Element: Sendable {
        /// The element type.
        public typealias Output = Elements.Element

        /// The elements to send.
        public let sequence: Elements

        /// Makes a publisher over `sequence`.
        ///
        /// - Parameter sequence: The elements, sent in iteration order.
        public init(sequence: Elements) {
            self.sequence = sequence
        }

        /// Sends every element, then the completion, unless cancelled first.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output {
            let subscription = SequenceSubscription()
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

extension Publishers.Sequence: CustomStringConvertible {
    /// `Sequence([…])`.
    public var description: String {
        "Sequence(\(Array(sequence)))"
    }
}

/// Remembers a cancellation so that the iterating loop can stop; an atomic flag is all the
/// state there is.
private final class SequenceSubscription: Subscription {
    private let cancelled = Atomic(false)

    var isCancelled: Bool {
        cancelled.load(ordering: .acquiring)
    }

    func cancel() {
        cancelled.store(true, ordering: .releasing)
    }
}
