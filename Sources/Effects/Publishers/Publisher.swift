/// A type that delivers a sequence of values over time, then finishes.
///
/// `Publisher` keeps the names and meaning of Combine's protocol of the same name, with two
/// simplifications that suit side effects:
///
/// - Publishers never fail. A failure is just another value of `Output` (for example an action
///   such as `.highScoresFailedToLoad(message)`), so there is no `Failure` type.
/// - There is no back-pressure. Every subscription is unlimited: a publisher sends values as
///   soon as it has them.
///
/// A publisher delivers to one subscriber serially: `receive(subscription:)` first, then any
/// number of values, then at most one completion. Values may arrive on any thread, so outputs
/// are `Sendable`.
///
/// ```swift
/// let cancellable = [1, 2, 3].publisher
///     .map { $0 * 10 }
///     .sink { print($0) }   // 10, 20, 30
/// ```
public protocol Publisher<Output>: Sendable {
    /// The kind of value this publisher delivers.
    associatedtype Output: Sendable

    /// Attaches `subscriber` and starts delivering to it.
    ///
    /// Implement this in your own publishers; call ``subscribe(_:)`` to attach a subscriber.
    func receive<S: Subscriber>(subscriber: S) where S.Input == Output
}

extension Publisher {
    /// Attaches `subscriber` to this publisher.
    @inlinable
    public func subscribe<S: Subscriber>(_ subscriber: S) where S.Input == Output {
        receive(subscriber: subscriber)
    }
}

/// A namespace for the publisher types that operators return, as in Combine.
public enum Publishers {}
