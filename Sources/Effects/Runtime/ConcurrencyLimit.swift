/// How many inner publishers ``Publisher/flatMap(maxPublishers:_:)`` runs at once.
///
/// It stands where Combine takes a `Subscribers.Demand`, so that call sites read the same
/// (`flatMap(maxPublishers: .max(1))`). There is no demand in this package: the upstream's
/// values are never held back at their source. Values that arrive while the limit is reached
/// wait, in order, until an inner publisher finishes.
public struct ConcurrencyLimit: Sendable, Hashable, CustomStringConvertible {
    /// The most inner publishers at once; nil for no limit.
    public let maximum: Int?

    /// No limit: every value's publisher runs as soon as the value arrives.
    public static let unlimited = ConcurrencyLimit(maximum: nil)

    /// At most `count` inner publishers at once.
    ///
    /// - Parameter count: The limit; must be above zero, which is checked here with a message
    ///   naming the count given (a limit of zero would run nothing, ever).
    /// - Returns: The limit.
    public static func max(_ count: Int) -> ConcurrencyLimit {
        precondition(count > 0, "maxPublishers must be above zero (got .max(\(count)))")
        return ConcurrencyLimit(maximum: count)
    }

    private init(maximum: Int?) {
        self.maximum = maximum
    }

    /// `unlimited` or `max(n)`.
    public var description: String {
        maximum.map { "max(\($0))" } ?? "unlimited"
    }
}
