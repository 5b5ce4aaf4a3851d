#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import TestSupport
import Testing
import ThreeDucks

/// High-score files as people and accidents leave them: each gives a clear error, anything
/// that could not be read is kept as a backup, and the game goes on to a win that is saved.
@Suite struct HighScoreFileBadInputTests {
    /// A file that cannot be used, and what `load()` must say about it.
    struct BadFile: CustomTestStringConvertible, Sendable {
        var name: String
        var bytes: [UInt8]
        var problem: HighScoreFileError.Problem

        init(_ name: String, _ text: String, _ problem: HighScoreFileError.Problem) {
            self.init(name, Array(text.utf8), problem)
        }

        init(_ name: String, _ bytes: [UInt8], _ problem: HighScoreFileError.Problem) {
            self.name = name
            self.bytes = bytes
            self.problem = problem
        }

        var testDescription: String { name }
    }

    static let badFiles: [BadFile] = [
        BadFile("empty", "", .empty),
        BadFile("only blanks", " \n\t\r\n", .empty),
        BadFile("cut short", #"{"scores":{"easy":{"date":"2026-11-22T10:00:00Z","mo"#, .notJSON),
        BadFile("random bytes", randomBytes(count: 512, seed: 1), .notJSON),
        BadFile("not UTF-8", [0x7B, 0x22, 0xFF, 0xFE, 0x22, 0x3A, 0x31, 0x7D], .notJSON),
        BadFile("NUL bytes", [UInt8](repeating: 0, count: 64), .notJSON),
        BadFile(
            "a PNG header", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D],
            .notJSON),
        BadFile("an HTML page", "<!doctype html><title>404</title>", .notJSON),
        BadFile("two objects", #"{"version":1,"scores":{}}{"version":1,"scores":{}}"#, .notJSON),
        BadFile("a JSON string", #""high scores""#, .unexpectedFormat("it is not a JSON object")),
        BadFile("a JSON number", "42", .unexpectedFormat("it is not a JSON object")),
        BadFile("JSON null", "null", .unexpectedFormat("it is not a JSON object")),
        BadFile("a JSON array", #"[{"version":1}]"#, .unexpectedFormat("it is not a JSON object")),
        BadFile("no version", #"{"scores":{}}"#, .unexpectedFormat("it has no version")),
        BadFile(
            "a version that is text", #"{"version":"1","scores":{}}"#,
            .unexpectedFormat("its version is not a whole number")),
        BadFile(
            "a version too large", #"{"version":1e30,"scores":{}}"#,
            .unexpectedFormat("its version is not a whole number")),
        BadFile(
            "a fractional version", #"{"version":1.5,"scores":{}}"#,
            .unexpectedFormat("its version is not a whole number")),
        BadFile(
            "a future version",
            #"{"version":2,"scores":{"easy":{"moves":3,"date":"2031-01-01T00:00:00Z"}},"ghosts":true}"#,
            .unsupportedVersion(2)),
        BadFile("version 0", #"{"version":0,"scores":{}}"#, .unsupportedVersion(0)),
        BadFile("no scores", #"{"version":1}"#, .unexpectedFormat(#""scores" is missing"#)),
        BadFile(
            "scores that are a list", #"{"version":1,"scores":[]}"#,
            .unexpectedFormat("scores has the wrong type")),
        BadFile(
            "a score without a date", #"{"version":1,"scores":{"easy":{"moves":12}}}"#,
            .unexpectedFormat(#"scores.easy has no "date""#)),
        BadFile(
            "a date that is not ISO 8601",
            #"{"version":1,"scores":{"easy":{"moves":12,"date":"yesterday"}}}"#,
            .unexpectedFormat(
                "scores.easy is not valid (Expected date string to be ISO8601-formatted.)")),
        BadFile(
            "moves that are text",
            #"{"version":1,"scores":{"easy":{"moves":"12","date":"2026-11-22T10:00:00Z"}}}"#,
            .unexpectedFormat("scores.easy.moves has the wrong type")),
        BadFile(
            "moves that are a fraction",
            #"{"version":1,"scores":{"easy":{"moves":12.5,"date":"2026-11-22T10:00:00Z"}}}"#,
            .unexpectedFormat("scores.easy.moves has the wrong type")),
        BadFile(
            "moves too large",
            #"{"version":1,"scores":{"easy":{"moves":1e30,"date":"2026-11-22T10:00:00Z"}}}"#,
            .unexpectedFormat("scores.easy.moves has the wrong type")),
        BadFile(
            "no moves at all",
            #"{"version":1,"scores":{"hard":{"moves":0,"date":"2026-11-22T10:00:00Z"}}}"#,
            .unexpectedFormat("the hard score has 0 moves")),
    ]

    @Test(
        "an unusable file gives a clear error, is kept as a backup, and the game goes on",
        arguments: badFiles)
    func unusableFile(_ bad: BadFile) throws {
        let folder = try TemporaryDirectory()
        let file = HighScoreFile(path: folder.file("high-scores.json"))
        try folder.write(bad.bytes, to: "high-scores.json")
        let error = HighScoreFileError.movedAside(
            path: file.path, problem: bad.problem, backup: file.path + ".corrupt-1")

        let game = playOneWinningGame(file: file)

        // The player is told, in a sentence, what happened and where the old file went.
        #expect(game.afterLoading.highScoreError == error.description)
        #expect(game.afterLoading.highScores.isEmpty)
        #expect(folder.bytes(of: "high-scores.json.corrupt-1") == bad.bytes)
        // The game goes on, and its record is saved in a good new file.
        #expect(game.final.screen == .won)
        let record = try #require(game.final.highScores[.easy])
        #expect(game.final.isNewRecord)
        #expect(game.final.highScoreError == nil)
        #expect(try file.load() == [.easy: record])
        #expect(
            try folder.names() == [
                ".high-scores.json.lock", "high-scores.json", "high-scores.json.corrupt-1",
            ])
    }

    @Test("a file cut at any length is an error, never a crash, and is kept as a backup")
    func cutAtEveryLength() throws {
        let folder = try TemporaryDirectory()
        let file = HighScoreFile(path: folder.file("high-scores.json"))
        try file.save(highScores(forSave: 5))
        let whole = try #require(folder.bytes(of: "high-scores.json"))
        // The last byte is the newline: without it the file is still whole.
        for length in 0..<(whole.count - 1) {
            let cut = Array(whole.prefix(length))
            try folder.write(cut, to: "high-scores.json")
            let expected = HighScoreFileError.movedAside(
                path: file.path,
                problem: length == 0 ? .empty : .notJSON,
                backup: file.path + ".corrupt-\(length + 1)"
            )
            #expect(throws: expected) { try file.load() }
            #expect(folder.bytes(of: "high-scores.json.corrupt-\(length + 1)") == cut)
        }
        try folder.write(Array(whole.dropLast()), to: "high-scores.json")
        #expect(try file.load() == highScores(forSave: 5))
    }

    @Test(
        "a folder where the file should be: both errors are clear, the folder is left alone, the game goes on"
    )
    func folderInTheWay() throws {
        let folder = try TemporaryDirectory()
        let file = HighScoreFile(path: folder.file("high-scores.json"))
        try FileManager.default.createDirectory(
            atPath: file.path, withIntermediateDirectories: false)
        try folder.write("keep me", to: "high-scores.json/notes.txt")

        let game = playOneWinningGame(file: file)

        #expect(
            game.afterLoading.highScoreError
                == HighScoreFileError.notAFile(path: file.path).description)
        #expect(game.final.screen == .won)
        // The record is kept in memory, and the player is told it could not be saved.
        #expect(game.final.highScores[.easy] != nil)
        #expect(
            game.final.highScoreError
                == HighScoreFileError.couldNotSave(path: file.path, reason: "Is a directory")
                .description)
        #expect(folder.bytes(of: "high-scores.json/notes.txt") == Array("keep me".utf8))
        #expect(try folder.names() == ["high-scores.json"])
    }

    @Test(
        "a device or a named pipe at the path: told at start, told at save, never replaced, the game goes on",
        arguments: ["device", "named pipe"]
    )
    func specialFileInTheWay(_ kind: String) throws {
        let folder = try TemporaryDirectory()
        let path = folder.file("high-scores.json")
        let type = kind == "device" ? S_IFCHR : S_IFIFO
        // A character device like /dev/null (1, 3); making one takes root, and a container may
        // refuse it even to root: then only the named pipe is tried.
        guard mknod(path, type | 0o666, kind == "device" ? dev_t(1 << 8 | 3) : 0) == 0 else {
            try #require(kind == "device", "mkfifo failed: \(String(cString: strerror(errno)))")
            return
        }
        let file = HighScoreFile(path: path)

        let game = playOneWinningGame(file: file)

        #expect(
            game.afterLoading.highScoreError == HighScoreFileError.notAFile(path: path).description)
        #expect(game.final.screen == .won)
        #expect(game.final.highScores[.easy] != nil)
        #expect(
            game.final.highScoreError
                == HighScoreFileError.couldNotSave(path: path, reason: "It is not a regular file")
                .description)
        var info = stat()
        #expect(
            lstat(path, &info) == 0 && info.st_mode & S_IFMT == type, "the \(kind) is still there")
        #expect(try folder.names() == ["high-scores.json"])
    }

    // MARK: Permissions
    //
    // Root ignores permission bits, so these run the helper, which drops to the user "nobody"
    // when started as root: the errors below are the real EACCES paths.

    @Test(
        "a file nobody may read, in a folder they may not write: a clear error, the file left as it is"
    )
    func unreadableFileReadOnlyFolder() throws {
        let folder = try TemporaryDirectory()
        try makeDataFolder(in: folder)
        let path = folder.file("data/high-scores.json")
        let original = try encodedScores(highScores(forSave: 3))
        try folder.write(original, to: "data/high-scores.json")
        try folder.setPermissions(0o000, of: "data/high-scores.json")
        try folder.setPermissions(0o555, of: "data")

        let lines = try runAsNobody("load", path)

        let expected = HighScoreFileError.unreadable(path: path, reason: "Permission denied")
        #expect(lines == ["error \(expected.description)"])
        #expect(folder.bytes(of: "data/high-scores.json") == original)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.file("data")) == [
                "high-scores.json"
            ])
    }

    @Test(
        "a file nobody may read, in a folder they may write: a clear error, and it is left in place, not taken for a corrupt one"
    )
    func unreadableFileWritableFolder() throws {
        let folder = try TemporaryDirectory()
        try makeDataFolder(in: folder)
        let path = folder.file("data/high-scores.json")
        let original = try encodedScores(highScores(forSave: 3))
        try folder.write(original, to: "data/high-scores.json")
        try folder.setPermissions(0o000, of: "data/high-scores.json")
        try folder.setPermissions(0o777, of: "data")

        let lines = try runAsNobody("load", path)

        let expected = HighScoreFileError.unreadable(path: path, reason: "Permission denied")
        #expect(lines == ["error \(expected.description)"])
        try folder.setPermissions(0o644, of: "data/high-scores.json")
        #expect(folder.bytes(of: "data/high-scores.json") == original)
        #expect(!FileManager.default.fileExists(atPath: path + ".corrupt-1"))
    }

    @Test("saving where nobody may write: a clear error, and the old file untouched")
    func saveIntoReadOnlyFolder() throws {
        let folder = try TemporaryDirectory()
        try makeDataFolder(in: folder)
        let path = folder.file("data/high-scores.json")
        let original = try encodedScores(highScores(forSave: 3))
        try folder.write(original, to: "data/high-scores.json")
        try folder.setPermissions(0o444, of: "data/high-scores.json")
        try folder.setPermissions(0o555, of: "data")

        let lines = try runAsNobody("save", path)

        #expect(
            lines == [
                "error \(HighScoreFileError.couldNotSave(path: path, reason: "Permission denied").description)"
            ])
        #expect(folder.bytes(of: "data/high-scores.json") == original)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.file("data")) == [
                "high-scores.json"
            ])
    }

    @Test(
        "a game played where nobody may write: the old scores load, the new record is kept in memory, the game ends well"
    )
    func gameInReadOnlyFolder() throws {
        let folder = try TemporaryDirectory()
        try makeDataFolder(in: folder)
        let path = folder.file("data/high-scores.json")
        // An old record at a level the game does not play, and one it will beat.
        let old: [Difficulty: HighScore] = [
            .hard: HighScore(moves: 40, date: fixedDate),
            .easy: HighScore(moves: 99, date: fixedDate),
        ]
        let original = try encodedScores(old)
        try folder.write(original, to: "data/high-scores.json")
        try folder.setPermissions(0o444, of: "data/high-scores.json")
        try folder.setPermissions(0o555, of: "data")

        let lines = try runAsNobody("play", path)

        let (loaded, final) = try states(in: lines)
        #expect(loaded.highScores == old)
        #expect(loaded.highScoreError == nil)
        #expect(final.screen == .won)
        #expect(final.isNewRecord)
        #expect(final.highScores[.hard] == old[.hard])
        #expect(try #require(final.highScores[.easy]).moves < 99)
        #expect(
            final.highScoreError
                == HighScoreFileError.couldNotSave(path: path, reason: "Permission denied")
                .description)
        #expect(folder.bytes(of: "data/high-scores.json") == original)
    }

    @Test(
        "a game played with a file it may not read: told at start, told at save, the file never replaced, the game ends well",
        arguments: [0o555, 0o777]
    )
    func gameWithUnreadableFile(folderMode: Int) throws {
        let folder = try TemporaryDirectory()
        try makeDataFolder(in: folder)
        let path = folder.file("data/high-scores.json")
        let original = try encodedScores(highScores(forSave: 3))
        try folder.write(original, to: "data/high-scores.json")
        try folder.setPermissions(0o000, of: "data/high-scores.json")
        try folder.setPermissions(folderMode, of: "data")

        let lines = try runAsNobody("play", path)

        let (loaded, final) = try states(in: lines)
        let loadError = HighScoreFileError.unreadable(path: path, reason: "Permission denied")
        #expect(loaded.highScoreError == loadError.description)
        #expect(loaded.highScores.isEmpty)
        #expect(final.screen == .won)
        #expect(final.highScores[.easy] != nil)
        #expect(
            final.highScoreError
                == HighScoreFileError.couldNotSave(path: path, reason: "Permission denied")
                .description)
        // Even where the folder lets a new file take its place, a file that could not be read
        // (and so could not be merged) is not replaced.
        #expect(folder.bytes(of: "data/high-scores.json") == original)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.file("data")).filter {
                !$0.hasPrefix(".")
            } == ["high-scores.json"])
    }

    // MARK: Helpers

    /// Makes the folder `data` in `folder`, which the unprivileged helper may enter whatever the
    /// umask; each test then sets the permissions it is about.
    private func makeDataFolder(in folder: TemporaryDirectory) throws {
        try folder.setPermissions(0o755)
        try FileManager.default.createDirectory(
            atPath: folder.file("data"), withIntermediateDirectories: false)
    }

    /// Runs `reliability-helper as-nobody <command> <path>` and returns its output after the
    /// line that says which user it ran as (checked here: nobody, when the test runs as root).
    private func runAsNobody(_ command: String, _ path: String) throws -> [String] {
        let child = try ChildProcess(reliabilityHelperPath, ["as-nobody", command, path])
        let lines = try child.readRemainingLines()
        #expect(ChildProcess.exitedCleanly(try child.waitForExit()), "the helper failed: \(lines)")
        let expectedUser: uid_t = geteuid() == 0 ? 65_534 : geteuid()
        try #require(
            lines.first == "uid \(expectedUser)", "the helper did not run unprivileged: \(lines)")
        return Array(lines.dropFirst())
    }

    /// The states a `play` helper printed: after loading, and at the end.
    private func states(in lines: [String]) throws -> (ThreeDucksState, ThreeDucksState) {
        try #require(lines.count == 2, "unexpected output: \(lines)")
        let decoder = JSONDecoder()
        func state(after prefix: String, in line: String) throws -> ThreeDucksState {
            try #require(line.hasPrefix(prefix + " "), "unexpected line: \(line)")
            return try decoder.decode(
                ThreeDucksState.self, from: Data(line.dropFirst(prefix.count + 1).utf8))
        }
        return (
            try state(after: "loaded-state", in: lines[0]),
            try state(after: "final-state", in: lines[1])
        )
    }

    /// The bytes of a good high-score file holding `scores`.
    private func encodedScores(_ scores: [Difficulty: HighScore]) throws -> [UInt8] {
        let folder = try TemporaryDirectory()
        let file = HighScoreFile(path: folder.file("scores.json"))
        try file.save(scores)
        return try #require(folder.bytes(of: "scores.json"))
    }
}

/// `count` bytes from a seeded generator.
func randomBytes(count: Int, seed: UInt64) -> [UInt8] {
    var random = SplitMix64(seed: seed)
    return (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &random) }
}
