/// One line of a recording: an action and the time at which the store processed it.
///
/// The time is read from a ``/Effects/Scheduler``'s `now`, so it is virtual time under a
/// `TestScheduler` and real time (since the scheduler was made) under a real scheduler. As JSON it
/// is one object with the time in whole nanoseconds, so it survives a round trip exactly:
///
/// ```json
/// {"action":{"flipCard":{"_0":3}},"nanoseconds":1000000000}
/// ```
public struct RecordedAction<Action: Sendable>: Sendable {
    /// When the action was processed, since the recording scheduler's epoch.
    public var time: Duration

    /// The action.
    public var action: Action

    /// Makes an entry.
    ///
    /// - Parameters:
    ///   - time: When the action was processed.
    ///   - action: The action.
    public init(time: Duration, action: Action) {
        self.time = time
        self.action = action
    }
}

extension RecordedAction: Equatable where Action: Equatable {}

extension RecordedAction: Encodable where Action: Encodable {
    /// Writes `{"nanoseconds": …, "action": …}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.nanoseconds(in: time), forKey: .nanoseconds)
        try container.encode(action, forKey: .action)
    }
}

extension RecordedAction: Decodable where Action: Decodable {
    /// Reads `{"nanoseconds": …, "action": …}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let nanoseconds = try container.decode(Int64.self, forKey: .nanoseconds)
        guard nanoseconds >= 0 else {
            throw DecodingError.dataCorruptedError(
                forKey: .nanoseconds,
                in: container,
                debugDescription: "a time cannot be negative (\(nanoseconds) ns)"
            )
        }
        time = .nanoseconds(nanoseconds)
        action = try container.decode(Action.self, forKey: .action)
    }
}

extension RecordedAction {
    enum CodingKeys: String, CodingKey {
        case nanoseconds
        case action
    }

    /// Whole nanoseconds in `duration`, saturating at the bounds of `Int64`.
    static func nanoseconds(in duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        let (product, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return seconds < 0 ? .min : .max }
        let (sum, sumOverflow) = product.addingReportingOverflow(attoseconds / 1_000_000_000)
        if sumOverflow { return seconds < 0 ? .min : .max }
        return sum
    }
}
