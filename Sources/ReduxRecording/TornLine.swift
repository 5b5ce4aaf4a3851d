/// The incomplete last line of a recording whose writer was killed mid-line.
///
/// A recorder writes each line in one `write(2)` that ends with a newline. A last line without
/// its newline that is not a whole entry is what a killed writer leaves: ``Recording`` keeps
/// every complete line and reports this one, instead of refusing the whole log.
public struct TornLine: Equatable, Sendable, CustomStringConvertible {
    /// The number of the line, counting from 1.
    public var line: Int

    /// What was written of it.
    public var text: String

    /// Makes the diagnostic.
    ///
    /// - Parameters:
    ///   - line: The number of the line, counting from 1.
    ///   - text: What was written of it.
    public init(line: Int, text: String) {
        self.line = line
        self.text = text
    }

    /// A sentence naming the line and how much of it there is.
    public var description: String {
        "line \(line) of the recording is incomplete (\(text.utf8.count) bytes, no newline) and was left out"
    }
}
