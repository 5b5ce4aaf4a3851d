/// A publisher that makes its upstream only when subscribed to.
///
/// Use it to postpone work, such as reading a clock or a file, until the effect actually runs:
///
/// ```swift
/// Deferred { Just(loadScores()) }
/// ```
public struct Deferred<Upstream: Publisher>: Publisher, CustomStringConvertible {
    /// The output of the publisher that is made.
    public typealias Output = Upstream.Output

    /// Makes the upstream; called once per subscription.
    public let createPublisher: @Sendable () -> Upstream

    /// Makes a deferred publisher; `createPublisher` runs at each subscription.
    public init(createPublisher: @escaping @Sendable () -> Upstream) {
        self.createPublisher = createPublisher
    }

    /// Makes the upstream and attaches `subscriber` to it.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output {
        createPublisher().subscribe(subscriber)
    }

    /// `Deferred(<type of the upstream>)`: the upstream does not exist until subscription.
    public var description: String { "Deferred(\(Upstream.self))" }
}
