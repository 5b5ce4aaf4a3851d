/// How many inner publishers ``Publisher/flatMap(maxPublishers:_:)`` runs at once.
///
/// It stands where Combine takes a `Subscribers.Demand` (`flatMap(maxPublishers: .max(1))`);
/// values that arrive while the limit is reached wait, in order, until an inner one finishes.
public struct ConcurrencyLimit: Sendable, Hashable, CustomStringConvertible {
    /// The most inner publishers at once; nil for no limit.
    public let maximum: Int?

    /// No limit: every value's publisher runs as soon as the value arrives.
    public static let unlimited = ConcurrencyLimit(maximum: nil)

    /// At most `count` inner publishers at once; `count` must be above zero.
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
