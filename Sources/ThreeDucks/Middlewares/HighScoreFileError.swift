/// Why the high-score file could not be read or written, and what was done about it.
///
/// Its ``description`` is a sentence for the player; the high-scores middleware puts it in
/// ``ThreeDucksState/highScoreError``:
///
/// ```text
/// The high-score file at /home/ann/.local/share/three-ducks/high-scores.json could not be
/// read (it is not valid JSON); it was moved to …/high-scores.json.corrupt-1 and a new one
/// will be written.
/// ```
public enum HighScoreFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file could not be used and was moved aside to `backup`, which was a free name.
    case movedAside(path: String, problem: Problem, backup: String)

    /// The file could not be used, and could not be moved aside either; it was left alone.
    case couldNotMoveAside(path: String, problem: Problem, reason: String)

    /// Something other than a regular file (a folder, a device, a pipe) is where the file
    /// should be; it is left alone.
    case notAFile(path: String)

    /// The system would not let the file be read (no permission, say); it was left where it is,
    /// and no save replaces it while it cannot be read.
    case unreadable(path: String, reason: String)

    /// The scores could not be written to the file; it was left as it was.
    case couldNotSave(path: String, reason: String)

    /// What is wrong with a high-score file's contents.
    public enum Problem: Equatable, Sendable, CustomStringConvertible {
        /// The file is empty.
        case empty
        /// The file is not JSON (it may have been cut short).
        case notJSON
        /// The file is from another version of the game.
        case unsupportedVersion(Int)
        /// The file is JSON, but not a high-score file; the text says what is off.
        case unexpectedFormat(String)

        /// A short clause: "it is empty", "it is not valid JSON"….
        public var description: String {
            switch self {
            case .empty: "it is empty"
            case .notJSON: "it is not valid JSON"
            case .unsupportedVersion(let version):
                "it is version \(version), and this game reads version \(HighScoreFile.version)"
            case .unexpectedFormat(let detail): "it is not a high-score file: \(detail)"
            }
        }
    }

    /// The path of the file concerned.
    public var path: String {
        switch self {
        case .movedAside(let path, _, _), .couldNotMoveAside(let path, _, _), .notAFile(let path),
            .unreadable(let path, _), .couldNotSave(let path, _):
            path
        }
    }

    /// A sentence for the player: what happened, and what happens next.
    public var description: String {
        switch self {
        case .movedAside(let path, let problem, let backup):
            "The high-score file at \(path) could not be read (\(problem)); "
                + "it was moved to \(backup) and a new one will be written."
        case .couldNotMoveAside(let path, let problem, let reason):
            "The high-score file at \(path) could not be read (\(problem)), "
                + "and it could not be moved aside (\(reason.lowercased())); it was left as it is."
        case .notAFile(let path):
            "The high-score file at \(path) is not a regular file; "
                + "high scores cannot be read from it or saved to it, and it was left alone."
        case .unreadable(let path, let reason):
            "The high-score file at \(path) could not be read (\(reason.lowercased())); "
                + "it was left as it is, and new high scores are kept until the game quits."
        case .couldNotSave(let path, let reason):
            "The high scores could not be saved to \(path) (\(reason.lowercased())); "
                + "they are kept until the game quits."
        }
    }
}
