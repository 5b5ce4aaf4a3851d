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
    public func sink(receiveValue: @escaping @Sendable (Output) -> Void) -> AnyCancellable {
        sink(receiveCompletion: { _ in }, receiveValue: receiveValue)
    }

    /// Attaches a subscriber that calls one closure with every value and another at the end.
    ///
    /// - Parameters:
    ///   - receiveCompletion: Called once when the publisher finishes (not when cancelled).
    ///   - receiveValue: Called with each value, on the thread that delivers it.
    /// - Returns: A cancellable that stops the delivery when cancelled or released.
    public func sink(
        receiveCompletion: @escaping @Sendable (Subscribers.Completion) -> Void,
        receiveValue: @escaping @Sendable (Output) -> Void
    ) -> AnyCancellable {
        let sink = Subscribers.Sink<Output>(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
        subscribe(sink)
        return AnyCancellable(sink)
    }
}

extension Subscribers {
    /// A subscriber that hands values and the completion to closures.
    ///
    /// Usually made by ``Publisher/sink(receiveCompletion:receiveValue:)``. After `cancel()`
    /// or the completion it drops its subscription and ignores anything that still arrives.
    public final class Sink<Input: Sendable>: Subscriber, Cancellable {
        private enum Status {
            case awaitingSubscription
            case subscribed(any Subscription)
            case terminal
        }

        private let status = Mutex(Status.awaitingSubscription)
        private let receiveValue: @Sendable (Input) -> Void
        private let receiveCompletion: @Sendable (Completion) -> Void

        /// Makes a sink from its two closures.
        ///
        /// - Parameters:
        ///   - receiveCompletion: Called once when the publisher finishes.
        ///   - receiveValue: Called with each value.
        public init(
            receiveCompletion: @escaping @Sendable (Completion) -> Void,
            receiveValue: @escaping @Sendable (Input) -> Void
        ) {
            self.receiveCompletion = receiveCompletion
            self.receiveValue = receiveValue
        }

        /// Keeps the subscription so that `cancel()` can reach it.
        public func receive(subscription: any Subscription) {
            let accepted = status.withLock { status in
                guard case .awaitingSubscription = status else { return false }
                status = .subscribed(subscription)
                return true
            }
            if !accepted { subscription.cancel() }
        }

        /// Calls the value closure, unless the sink was cancelled or finished.
        public func receive(_ input: Input) {
            let isTerminal = status.withLock { status in
                if case .terminal = status { return true }
                return false
            }
            if !isTerminal { receiveValue(input) }
        }

        /// Calls the completion closure once and drops the subscription.
        public func receive(completion: Completion) {
            let wasTerminal = status.withLock { status in
                defer { status = .terminal }
                if case .terminal = status { return true }
                return false
            }
            if !wasTerminal { receiveCompletion(completion) }
        }

        /// Cancels the subscription; nothing more is delivered to the closures.
        public func cancel() {
            let subscription = status.withLock { status -> (any Subscription)? in
                defer { status = .terminal }
                if case .subscribed(let subscription) = status { return subscription }
                return nil
            }
            subscription?.cancel()
        }
    }
}
