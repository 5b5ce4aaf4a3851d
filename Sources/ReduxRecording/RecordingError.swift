/// A recording that cannot be replayed: a line that is not a recorded action.
///
/// It names the line (counting from 1) so that the log can be fixed by hand:
///
/// ```text
/// line 7 of the recording is not a recorded action: the JSON is not valid
/// ```
public struct RecordingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The number of the bad line, counting from 1.
    public var line: Int

    /// What is wrong with it.
    public var reason: String

    /// Makes the error.
    ///
    /// - Parameters:
    ///   - line: The number of the bad line, counting from 1.
    ///   - reason: What is wrong with it.
    public init(line: Int, reason: String) {
        self.line = line
        self.reason = reason
    }

    /// A sentence naming the line and the reason.
    public var description: String {
        "line \(line) of the recording is not a recorded action: \(reason)"
    }
}
