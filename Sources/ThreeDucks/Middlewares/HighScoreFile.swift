#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
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
/// - ``save(_:)`` merges and is atomic. It takes an advisory lock (`flock`) on
///   `.high-scores.json.lock` beside the file, reads the file again, keeps the better score at
///   each level (so that two games sharing the file never lose each other's records) and
///   whatever the file holds that this version does not know, writes a temporary file in the
///   same folder, flushes it to disk, renames it over the old file, then unlocks. A crash
///   mid-save leaves the old file or the new one, never a broken one. Missing folders are
///   created.
/// - Only a regular file, or nothing, is ever replaced: a folder, a device, a pipe or a socket
///   at the path is an error. A symbolic link is followed: the file it leads to is the one
///   read, locked beside, and replaced (atomically, beside it), and the link stays.
/// - ``load()`` loses nothing: a file that is empty, cut short, not JSON or of another version
///   is moved aside to `high-scores.json.corrupt-1` (or `-2`, … never overwriting an earlier
///   backup), and the error says so. A file that cannot be read (no permission) is left where
///   it is. No file yet means no scores, not an error. It also removes the temporary files
///   that saves killed before their rename left behind, once their process has ended.
///
/// Both block on the disk, and on another game's save of the same file: run them in an effect,
/// off the thread that dispatches (the high-scores middleware runs them on its I/O scheduler).
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
    public static func defaultPath(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> String {
        let dataHome: String
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            dataHome = xdg
        } else {
            let home =
                environment["HOME"].flatMap { $0.isEmpty ? nil : $0 }
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
    ///   `.unreadable` when the system would not let it be read (it is left as it is),
    ///   `.notAFile` when a folder, a device or the like is in the way.
    public func load() throws(HighScoreFileError) -> [Difficulty: HighScore] {
        let target: String
        switch FileSystem.resolvingSymbolicLinks(path) {
        case .success(let resolved): target = resolved
        case .failure(let error): throw .unreadable(path: path, reason: error.reason)
        }
        if case .success(let kind) = FileSystem.kind(of: target),
            kind == .directory || kind == .other
        {
            // Nothing is created beside what is in the way.
            throw .notAFile(path: path)
        }
        // The lock keeps a save from changing the file between the read and a move aside. In a
        // folder this user may not write there is no lock file to be had, and nothing to move
        // or remove either: the file is only read.
        let lock = try? FileLock.acquire(Self.lockPath(besides: target)).get()
        defer { lock?.unlock() }
        if lock != nil {
            FileSystem.removeAbandonedTemporaryFiles(of: target)
        }

        let problem: HighScoreFileError.Problem
        switch try read(target) {
        case .missing:
            return [:]
        case .document(let document):
            return document.scores
        case .unusable(let unusable):
            problem = unusable
        }
        switch FileSystem.moveAside(target, suffix: "corrupt") {
        case .success(let backup):
            throw .movedAside(path: path, problem: problem, backup: backup)
        case .failure(let error):
            throw .couldNotMoveAside(path: path, problem: problem, reason: error.reason)
        }
    }

    /// Adds `scores` to the file: under the lock, the file is read again and, level by level,
    /// the better of its score and the one given is written back, atomically.
    ///
    /// A file that became unusable since it was loaded is moved aside first, as ``load()`` does,
    /// so nothing is lost.
    ///
    /// - Parameter scores: The best score at each level this game knows of.
    /// - Returns: The scores now in the file: those given, and the better ones it already held.
    /// - Throws: ``HighScoreFileError/couldNotSave(path:reason:)``; the old file, if any, is
    ///   then untouched.
    @discardableResult
    public func save(_ scores: [Difficulty: HighScore]) throws(HighScoreFileError) -> [Difficulty:
        HighScore]
    {
        let target: String
        switch FileSystem.resolvingSymbolicLinks(path) {
        case .success(let resolved): target = resolved
        case .failure(let error): throw .couldNotSave(path: path, reason: error.reason)
        }
        // Checked before anything is created beside it, and again under the lock.
        try checkReplaceable(target)
        if let error = FileSystem.makeDirectories(FileSystem.parentDirectory(of: target)) {
            throw .couldNotSave(path: path, reason: error.reason)
        }
        let lock: FileLock
        switch FileLock.acquire(Self.lockPath(besides: target)) {
        case .success(let acquired): lock = acquired
        case .failure(let error): throw .couldNotSave(path: path, reason: error.reason)
        }
        defer { lock.unlock() }

        var document: Document
        do throws(HighScoreFileError) {
            switch try read(target) {
            case .missing:
                document = Document()
            case .document(let existing):
                document = existing
            case .unusable:
                if case .failure(let error) = FileSystem.moveAside(target, suffix: "corrupt") {
                    throw .couldNotSave(path: path, reason: error.reason)
                }
                document = Document()
            }
        } catch {
            switch error {
            case .notAFile, .unreadable:
                try checkReplaceable(target)
                throw .couldNotSave(path: path, reason: Self.reason(error))
            default:
                throw error
            }
        }
        document.merge(scores)
        if let error = FileSystem.writeAtomically(Self.encode(document), to: target) {
            throw .couldNotSave(path: path, reason: error.reason)
        }
        return document.scores
    }

    // MARK: Reading

    /// What the file at a path holds.
    private enum Reading {
        case missing
        case document(Document)
        case unusable(HighScoreFileError.Problem)
    }

    /// Reads the file at `target` (the path, its links followed).
    ///
    /// - Throws: `.notAFile` or `.unreadable`, naming ``path``.
    private func read(_ target: String) throws(HighScoreFileError) -> Reading {
        switch FileSystem.read(target) {
        case .missing:
            return .missing
        case .notARegularFile:
            throw .notAFile(path: path)
        case .failed(let reason):
            throw .unreadable(path: path, reason: reason)
        case .contents(let bytes):
            switch Self.decode(bytes) {
            case .success(let document): return .document(document)
            case .failure(let decodingProblem): return .unusable(decodingProblem.problem)
            }
        }
    }

    /// Throws unless `target` is a regular file or nothing: nothing else is ever replaced.
    private func checkReplaceable(_ target: String) throws(HighScoreFileError) {
        switch FileSystem.kind(of: target) {
        case .success(.missing), .success(.regularFile):
            return
        case .success(.directory):
            throw .couldNotSave(path: path, reason: String(cString: strerror(EISDIR)))
        case .success(.other):
            throw .couldNotSave(path: path, reason: "It is not a regular file")
        case .failure(let error):
            throw .couldNotSave(path: path, reason: error.reason)
        }
    }

    private static func reason(_ error: HighScoreFileError) -> String {
        if case .unreadable(_, let reason) = error { return reason }
        return "It is not a regular file"
    }

    /// The lock file of the high-score file at `target`: `.NAME.lock` in the same folder.
    static func lockPath(besides target: String) -> String {
        FileSystem.parentDirectory(of: target) + "/." + FileSystem.fileName(of: target) + ".lock"
    }

    private static func join(_ folder: String, _ relative: String) -> String {
        folder.hasSuffix("/") ? folder + relative : folder + "/" + relative
    }
}
