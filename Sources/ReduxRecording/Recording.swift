import Foundation

/// A parsed recording: the actions a recorder wrote, in order, ready to replay.
///
/// Parse a log with ``init(jsonLines:)-(String)`` or ``init(contentsOf:)``. Every complete line
/// must be a ``RecordedAction``, with times that never go backwards; otherwise parsing throws a
/// ``RecordingError`` naming the line. Blank lines are skipped. The one exception is a last
/// line that lacks its newline and does not parse: that is what a recorder killed mid-write
/// leaves, so it is reported in ``tornLastLine`` and the complete lines are kept.
///
/// ```swift
/// let recording = try Recording<GameAction>(contentsOf: path)
/// if let torn = recording.tornLastLine { print("warning:", torn) }
/// let final = Replayer(initial: Game(), reducer: gameReducer).replay(recording)
/// ```
public struct Recording<Action: Sendable>: Sendable {
    /// The recorded actions, in the order they were processed.
    public var entries: [RecordedAction<Action>]

    /// The incomplete last line, if the writer was stopped in the middle of it.
    public var tornLastLine: TornLine?

    /// Makes a recording from entries.
    ///
    /// - Parameters:
    ///   - entries: The recorded actions, in order.
    ///   - tornLastLine: The incomplete last line, if any.
    public init(entries: [RecordedAction<Action>] = [], tornLastLine: TornLine? = nil) {
        self.entries = entries
        self.tornLastLine = tornLastLine
    }
}

extension Recording: Equatable where Action: Equatable {}

extension Recording where Action: Decodable {
    /// Parses a JSON Lines log, one ``RecordedAction`` per line.
    ///
    /// - Parameter jsonLines: The log's text.
    /// - Throws: ``RecordingError`` naming the first line (from 1) that is not a recorded
    ///   action or goes back in time; a torn last line is not an error.
    public init(jsonLines: String) throws(RecordingError) {
        try self.init(jsonLines: Data(jsonLines.utf8))
    }

    /// Parses a JSON Lines log, one ``RecordedAction`` per line, from its bytes.
    ///
    /// - Parameter jsonLines: The log's bytes, UTF-8.
    /// - Throws: ``RecordingError`` naming the first line (from 1) that is not a recorded
    ///   action or goes back in time; a torn last line is not an error.
    public init(jsonLines: Data) throws(RecordingError) {
        let decoder = JSONDecoder()
        var entries: [RecordedAction<Action>] = []
        var tornLastLine: TornLine?
        let newline = UInt8(ascii: "\n")
        var lineStart = jsonLines.startIndex
        var lineNumber = 0

        while lineStart < jsonLines.endIndex {
            lineNumber += 1
            let lineEnd = jsonLines[lineStart...].firstIndex(of: newline)
            let line = jsonLines[lineStart..<(lineEnd ?? jsonLines.endIndex)]
            lineStart = lineEnd.map { jsonLines.index(after: $0) } ?? jsonLines.endIndex
            if line.allSatisfy(Self.isWhitespace) { continue }

            let entry: RecordedAction<Action>
            do {
                entry = try decoder.decode(RecordedAction<Action>.self, from: line)
            } catch {
                if lineEnd == nil {
                    // Only the last line can lack its newline: a writer stopped mid-line.
                    tornLastLine = TornLine(
                        line: lineNumber, text: String(decoding: line, as: UTF8.self))
                    break
                }
                throw RecordingError(line: lineNumber, reason: Self.describe(error, in: line))
            }
            if let previous = entries.last, entry.time < previous.time {
                throw RecordingError(
                    line: lineNumber,
                    reason:
                        "its time (\(entry.time)) is earlier than the line before (\(previous.time))"
                )
            }
            entries.append(entry)
        }
        self.init(entries: entries, tornLastLine: tornLastLine)
    }

    /// Reads and parses a JSON Lines log file.
    ///
    /// - Parameter path: The file's path.
    /// - Throws: The error from reading the file, or ``RecordingError`` naming a bad line.
    public init(contentsOf path: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        try self.init(jsonLines: data)
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
    }

    /// A short reason for a decoding failure, naming the field when there is one.
    private static func describe(_ error: any Error, in line: Data) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.map { key in key.intValue.map { "[\($0)]" } ?? key.stringValue }
                .joined(separator: ".")
        }
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            // Foundation also reports a number that does not fit its field (2.5 or 1e30 for an
            // Int) as invalid JSON, with no path; tell the two apart.
            if (try? JSONSerialization.jsonObject(with: line, options: [.fragmentsAllowed])) != nil
            {
                return "a number in it does not fit its field (a fraction, or too large)"
            }
            return "the JSON is not valid"
        case .dataCorrupted(let context):
            return "\(path(context)) is not valid (\(context.debugDescription))"
        case .keyNotFound(let key, let context):
            let parent = path(context)
            return parent.isEmpty
                ? "\"\(key.stringValue)\" is missing" : "\(parent) has no \"\(key.stringValue)\""
        case .typeMismatch(let type, let context):
            return "\(path(context).isEmpty ? "the line" : path(context)) is not a \(type)"
        case .valueNotFound(let type, let context):
            return
                "\(path(context).isEmpty ? "the line" : path(context)) is null, expected a \(type)"
        @unknown default:
            return "\(error)"
        }
    }
}
