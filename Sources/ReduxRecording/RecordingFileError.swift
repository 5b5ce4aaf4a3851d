/// A recording file that could not be opened or written.
public struct RecordingFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file's path.
    public var path: String

    /// What went wrong, as the system says it (for example "Permission denied").
    public var reason: String

    /// Makes the error.
    ///
    /// - Parameters:
    ///   - path: The file's path.
    ///   - reason: What went wrong.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// A sentence naming the file and the reason.
    public var description: String {
        "The recording file at \(path) could not be written (\(reason))."
    }
}
