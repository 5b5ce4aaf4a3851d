import Foundation
import Testing
import ThreeDucks

@Suite struct HighScoreFileTests {
    private let folder: TemporaryDirectory
    private let file: HighScoreFile

    init() throws {
        folder = try TemporaryDirectory()
        file = HighScoreFile(path: folder.file("high-scores.json"))
    }

    @Test("saves version-1 JSON with ISO 8601 dates, and loads it back")
    func roundTrip() throws {
        let scores: [Difficulty: HighScore] = [
            .easy: HighScore(moves: 12, date: fixedDate),
            .hard: HighScore(moves: 31, date: fixedDate.addingTimeInterval(3_600)),
        ]
        try file.save(scores)
        #expect(folder.contents(of: "high-scores.json") == """
            {
              "scores" : {
                "easy" : {
                  "date" : "2026-11-22T10:00:00Z",
                  "moves" : 12
                },
                "hard" : {
                  "date" : "2026-11-22T11:00:00Z",
                  "moves" : 31
                }
              },
              "version" : 1
            }

            """)
        #expect(try file.load() == scores)
    }

    @Test("no file means no scores")
    func missingFile() throws {
        #expect(try file.load() == [:])
    }

    @Test("saving makes the missing folders")
    func makesFolders() throws {
        let nested = HighScoreFile(path: folder.file("a/b/c/high-scores.json"))
        try nested.save([.normal: HighScore(moves: 14, date: fixedDate)])
        #expect(try nested.load() == [.normal: HighScore(moves: 14, date: fixedDate)])
    }

    @Test("saving replaces the old file and leaves no temporary file behind")
    func replaces() throws {
        try file.save([.easy: HighScore(moves: 12, date: fixedDate)])
        try file.save([.easy: HighScore(moves: 10, date: fixedDate)])
        #expect(try file.load() == [.easy: HighScore(moves: 10, date: fixedDate)])
        #expect(try folder.names() == ["high-scores.json"])
    }

    @Test("a save killed before its rename leaves the old file whole")
    func killedSave() throws {
        let scores: [Difficulty: HighScore] = [.easy: HighScore(moves: 12, date: fixedDate)]
        try file.save(scores)
        // What a kill between writing the temporary file and renaming it leaves.
        try folder.write("{\"version\": 1, \"sco", to: ".high-scores.json.4242-1.tmp")
        #expect(try file.load() == scores)
    }

    @Test(
        "an unusable file is moved aside, and the error says why",
        arguments: [
            ("", HighScoreFileError.Problem.empty),
            ("  \n", .empty),
            ("{\"version\": 1, \"scores\": {\"ea", .notJSON),
            ("<html>", .notJSON),
            ("{\"version\": 3, \"scores\": {}}", .unsupportedVersion(3)),
            ("{\"scores\": {}}", .unexpectedFormat("it has no version")),
            ("[1, 2, 3]", .unexpectedFormat("it is not a JSON object")),
            ("{\"version\": 1}", .unexpectedFormat("\"scores\" is missing")),
            ("{\"version\": 1, \"scores\": {\"easy\": {\"moves\": \"ten\", \"date\": \"2026-11-22T10:00:00Z\"}}}",
             .unexpectedFormat("scores.easy.moves has the wrong type")),
            ("{\"version\": 1, \"scores\": {\"easy\": {\"moves\": -4, \"date\": \"2026-11-22T10:00:00Z\"}}}",
             .unexpectedFormat("the easy score has -4 moves")),
        ]
    )
    func movedAside(_ contents: String, _ problem: HighScoreFileError.Problem) throws {
        try folder.write(contents, to: "high-scores.json")
        #expect(throws: HighScoreFileError.movedAside(path: file.path, problem: problem, backup: file.path + ".corrupt-1")) {
            try file.load()
        }
        #expect(folder.contents(of: "high-scores.json.corrupt-1") == contents)
        #expect(folder.contents(of: "high-scores.json") == nil)
        // Nothing left to complain about: the next load finds no file.
        #expect(try file.load() == [:])
    }

    @Test("a backup is never overwritten: the next free number is used")
    func backupsAreNumbered() throws {
        try folder.write("first", to: "high-scores.json.corrupt-1")
        try folder.write("second", to: "high-scores.json.corrupt-2")
        try folder.write("third", to: "high-scores.json")
        #expect(throws: HighScoreFileError.movedAside(path: file.path, problem: .notJSON, backup: file.path + ".corrupt-3")) {
            try file.load()
        }
        #expect(folder.contents(of: "high-scores.json.corrupt-1") == "first")
        #expect(folder.contents(of: "high-scores.json.corrupt-2") == "second")
        #expect(folder.contents(of: "high-scores.json.corrupt-3") == "third")
    }

    @Test("levels this version does not know are skipped")
    func unknownLevels() throws {
        try folder.write("""
            {"version": 1, "scores": {"easy": {"moves": 9, "date": "2026-11-22T10:00:00Z"},
                                      "nightmare": {"moves": 99, "date": "2026-11-22T10:00:00Z"}}}
            """, to: "high-scores.json")
        #expect(try file.load() == [.easy: HighScore(moves: 9, date: fixedDate)])
    }

    @Test("a folder in the way cannot be loaded or saved, and is left alone")
    func folderInTheWay() throws {
        try FileManager.default.createDirectory(atPath: file.path, withIntermediateDirectories: true)
        #expect(throws: HighScoreFileError.notAFile(path: file.path)) {
            try file.load()
        }
        #expect(throws: HighScoreFileError.couldNotSave(path: file.path, reason: "Is a directory")) {
            try file.save([:])
        }
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory) && isDirectory.boolValue)
    }

    @Test("a path through a file cannot be saved, and the error names the file in the way")
    func pathThroughAFile() throws {
        try folder.write("x", to: "blocker")
        let blocked = HighScoreFile(path: folder.file("blocker/high-scores.json"))
        #expect(try blocked.load() == [:])
        #expect(throws: HighScoreFileError.couldNotSave(path: blocked.path, reason: "\(folder.file("blocker")) is not a folder")) {
            try blocked.save([:])
        }
    }

    @Test("the errors are sentences for the player")
    func messages() {
        #expect(
            HighScoreFileError.movedAside(path: "/d/high-scores.json", problem: .notJSON, backup: "/d/high-scores.json.corrupt-1").description
                == "The high-score file at /d/high-scores.json could not be read (it is not valid JSON); "
                + "it was moved to /d/high-scores.json.corrupt-1 and a new one will be written."
        )
        #expect(
            HighScoreFileError.movedAside(path: "/d/s.json", problem: .unsupportedVersion(2), backup: "/d/s.json.corrupt-1").description
                == "The high-score file at /d/s.json could not be read (it is version 2, and this game reads version 1); "
                + "it was moved to /d/s.json.corrupt-1 and a new one will be written."
        )
        #expect(
            HighScoreFileError.couldNotSave(path: "/d/s.json", reason: "Read-only file system").description
                == "The high scores could not be saved to /d/s.json (read-only file system); they are kept until the game quits."
        )
        #expect(
            HighScoreFileError.couldNotMoveAside(path: "/d/s.json", problem: .empty, reason: "Permission denied").description
                == "The high-score file at /d/s.json could not be read (it is empty), "
                + "and it could not be moved aside (permission denied); it was left as it is."
        )
    }

    @Test("the default location follows XDG_DATA_HOME, else ~/.local/share")
    func defaultPath() {
        #expect(
            HighScoreFile.defaultPath(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/ann"])
                == "/data/three-ducks/high-scores.json"
        )
        #expect(
            HighScoreFile.defaultPath(environment: ["XDG_DATA_HOME": "/data/", "HOME": "/home/ann"])
                == "/data/three-ducks/high-scores.json"
        )
        #expect(
            HighScoreFile.defaultPath(environment: ["HOME": "/home/ann"])
                == "/home/ann/.local/share/three-ducks/high-scores.json"
        )
        #expect(
            HighScoreFile.defaultPath(environment: ["XDG_DATA_HOME": "relative/data", "HOME": "/home/ann"])
                == "/home/ann/.local/share/three-ducks/high-scores.json"
        )
        #expect(
            HighScoreFile.defaultPath(environment: ["XDG_DATA_HOME": "", "HOME": "/home/ann"])
                == "/home/ann/.local/share/three-ducks/high-scores.json"
        )
    }
}
