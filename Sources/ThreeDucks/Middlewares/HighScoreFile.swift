import Foundation

/// The file where high scores persist between games: JSON, at a path the caller chooses.
///
/// ```json
/// {
///   "scores" : {
///     "easy" : { "date" : "2026-11-22T10:00:00Z", "moves" : 12 }
///   },
///   "version" : 1
/// }
/// ```
///
/// - ``save(_:)`` is atomic: the scores go to a temporary file in the same folder, which is
///   flushed to disk, then renamed over the old file. A crash mid-save leaves the old file or
///   the new one, never a broken one. Missing folders are created.
/// - ``load()`` loses nothing: a file that is empty, cut short, not JSON, of another version or
///   unreadable is moved aside to `high-scores.json.corrupt-1` (or `-2`, … never overwriting
///   an earlier backup), and the error says so. No file yet means no scores, not an error.
///
/// Both block on the disk: run them in an effect, off the thread that dispatches (the
/// high-scores middleware runs them on its I/O scheduler).
public struct HighScoreFile: Hashable, Sendable {
    /// The version of the format this game reads and writes.
    public static let version = 1

    /// The file's path.
    public var path: String

    /// A high-score file at `path`.
    ///
    /// - Parameter path: Where the file is, or will be.
    public init(path: String) {
        self.path = path
    }

    /// The high-score file at the default location, ``defaultPath(environment:)``.
    public static var standard: HighScoreFile {
        HighScoreFile(path: defaultPath())
    }

    /// The default location: `$XDG_DATA_HOME/three-ducks/high-scores.json`, or
    /// `~/.local/share/three-ducks/high-scores.json` when `XDG_DATA_HOME` is unset, empty or
    /// relative (as the XDG Base Directory specification asks).
    ///
    /// - Parameter environment: The environment variables to read; by default the process's.
    /// - Returns: The path.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let dataHome: String
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            dataHome = xdg
        } else {
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 }
                ?? FileManager.default.homeDirectoryForCurrentUser.path
            dataHome = Self.join(home, ".local/share")
        }
        return Self.join(dataHome, "three-ducks/high-scores.json")
    }

    /// Reads the scores.
    ///
    /// - Returns: The best score at each level in the file; empty if there is no file yet.
    /// - Throws: ``HighScoreFileError``: `.movedAside` when the file could not be used and is
    ///   now under a backup name, `.couldNotMoveAside` when it could not even be moved,
    ///   `.notAFile` when a folder (or the like) is in the way.
    public func load() throws(HighScoreFileError) -> [Difficulty: HighScore] {
        let problem: HighScoreFileError.Problem
        switch FileSystem.read(path) {
        case .missing:
            return [:]
        case .notARegularFile:
            throw .notAFile(path: path)
        case .failed(let reason):
            problem = .unreadable(reason)
        case .contents(let bytes):
            switch Self.decode(bytes) {
            case .success(let scores):
                return scores
            case .failure(let decodingProblem):
                problem = decodingProblem.problem
            }
        }
        switch FileSystem.moveAside(path, suffix: "corrupt") {
        case .success(let backup):
            throw .movedAside(path: path, problem: problem, backup: backup)
        case .failure(let error):
            throw .couldNotMoveAside(path: path, problem: problem, reason: error.reason)
        }
    }

    /// Writes `scores`, replacing the file atomically.
    ///
    /// - Parameter scores: The best score at each level.
    /// - Throws: ``HighScoreFileError/couldNotSave(path:reason:)``; the old file, if any, is
    ///   then untouched.
    public func save(_ scores: [Difficulty: HighScore]) throws(HighScoreFileError) {
        let bytes = Self.encode(scores)
        if let error = FileSystem.makeDirectories(FileSystem.parentDirectory(of: path)) {
            throw .couldNotSave(path: path, reason: error.reason)
        }
        if let error = FileSystem.writeAtomically(bytes, to: path) {
            throw .couldNotSave(path: path, reason: error.reason)
        }
    }

    // MARK: The format

    private struct Contents: Codable {
        var version: Int
        var scores: [String: Entry]
    }

    private struct Entry: Codable {
        var moves: Int
        var date: Date

        init(moves: Int, date: Date) {
            self.moves = moves
            self.date = date
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            do {
                moves = try container.decode(Int.self, forKey: .moves)
            } catch let error as DecodingError {
                throw error
            } catch {
                // A number that is no Int (12.5, 1e30) fails with an error of Foundation's own,
                // which it reports as invalid JSON with no path; say which field it is instead.
                throw DecodingError.typeMismatch(
                    Int.self,
                    DecodingError.Context(codingPath: container.codingPath + [CodingKeys.moves], debugDescription: "not a whole number")
                )
            }
            date = try container.decode(Date.self, forKey: .date)
        }
    }

    private struct Header: Decodable {
        var version: Int?
        /// Whether there is a version that is not a whole number (text, 1.5, 1e30).
        var hasMalformedVersion = false

        private enum CodingKeys: String, CodingKey {
            case version
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            do {
                version = try container.decodeIfPresent(Int.self, forKey: .version)
            } catch {
                hasMalformedVersion = true
            }
        }
    }

    private struct DecodingProblem: Error {
        var problem: HighScoreFileError.Problem
    }

    static func encode(_ scores: [Difficulty: HighScore]) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        var entries: [String: Entry] = [:]
        for (difficulty, score) in scores {
            entries[difficulty.rawValue] = Entry(moves: score.moves, date: score.date)
        }
        // Encoding plain integers, strings and dates cannot fail.
        let data = (try? encoder.encode(Contents(version: version, scores: entries))) ?? Data()
        return Array(data) + [UInt8(ascii: "\n")]
    }

    private static func decode(_ bytes: [UInt8]) -> Result<[Difficulty: HighScore], DecodingProblem> {
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            return .failure(DecodingProblem(problem: .empty))
        }
        let data = Data(bytes)
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601

        let header: Header
        do {
            header = try decoder.decode(Header.self, from: data)
        } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {
            return .failure(DecodingProblem(problem: .notJSON))
        } catch {
            return .failure(DecodingProblem(problem: .unexpectedFormat("it is not a JSON object")))
        }
        if header.hasMalformedVersion {
            return .failure(DecodingProblem(problem: .unexpectedFormat("its version is not a whole number")))
        }
        guard let version = header.version else {
            return .failure(DecodingProblem(problem: .unexpectedFormat("it has no version")))
        }
        guard version == Self.version else {
            return .failure(DecodingProblem(problem: .unsupportedVersion(version)))
        }

        let contents: Contents
        do {
            contents = try decoder.decode(Contents.self, from: data)
        } catch {
            return .failure(DecodingProblem(problem: .unexpectedFormat(describe(error))))
        }
        var scores: [Difficulty: HighScore] = [:]
        for (key, entry) in contents.scores {
            // A level this version does not know (from a later one, say) is skipped.
            guard let difficulty = Difficulty(rawValue: key) else { continue }
            guard entry.moves > 0 else {
                return .failure(DecodingProblem(problem: .unexpectedFormat("the \(key) score has \(entry.moves) moves")))
            }
            scores[difficulty] = HighScore(moves: entry.moves, date: entry.date)
        }
        return .success(scores)
    }

    private static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.map(\.stringValue).joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, let context):
            let parent = path(context)
            return parent.isEmpty ? "\"\(key.stringValue)\" is missing" : "\(parent) has no \"\(key.stringValue)\""
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "\(path(context)) has the wrong type"
        case .dataCorrupted(let context):
            return "\(path(context)) is not valid (\(context.debugDescription))"
        @unknown default:
            return "\(error)"
        }
    }

    private static func join(_ folder: String, _ relative: String) -> String {
        folder.hasSuffix("/") ? folder + relative : folder + "/" + relative
    }
}
