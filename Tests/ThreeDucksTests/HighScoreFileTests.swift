#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import TestSupport
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
        #expect(
            folder.contents(of: "high-scores.json") == """
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
        // Beside it, only the lock file that saves share.
        #expect(try folder.names() == [".high-scores.json.lock", "high-scores.json"])
    }

    @Test(
        "a save killed before its rename leaves the old file whole, and its temporary file goes at the next load"
    )
    func killedSave() throws {
        let scores: [Difficulty: HighScore] = [.easy: HighScore(moves: 12, date: fixedDate)]
        try file.save(scores)
        // What a kill between writing the temporary file and renaming it leaves, by a process
        // that has ended (no process has this id), and one by a process still running (this one).
        let dead = ".high-scores.json.2000000000-17.tmp"
        let live = ".high-scores.json.\(getpid())-18.tmp"
        // Not temporary files of this high-score file: left alone.
        let others = [
            ".other.json.2000000000-19.tmp", ".high-scores.json.notes.tmp",
            "high-scores.json.2000000000-20.tmp",
        ]
        for name in [dead, live] + others {
            try folder.write("{\"version\": 1, \"sco", to: name)
        }
        #expect(try file.load() == scores)
        #expect(
            try folder.names()
                == ([".high-scores.json.lock", "high-scores.json", live] + others).sorted())
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
            (
                "{\"version\": 1, \"scores\": {\"easy\": {\"moves\": \"ten\", \"date\": \"2026-11-22T10:00:00Z\"}}}",
                .unexpectedFormat("scores.easy.moves has the wrong type")
            ),
            (
                "{\"version\": 1, \"scores\": {\"easy\": {\"moves\": -4, \"date\": \"2026-11-22T10:00:00Z\"}}}",
                .unexpectedFormat("the easy score has -4 moves")
            ),
        ]
    )
    func movedAside(_ contents: String, _ problem: HighScoreFileError.Problem) throws {
        try folder.write(contents, to: "high-scores.json")
        #expect(
            throws: HighScoreFileError.movedAside(
                path: file.path, problem: problem, backup: file.path + ".corrupt-1")
        ) {
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
        #expect(
            throws: HighScoreFileError.movedAside(
                path: file.path, problem: .notJSON, backup: file.path + ".corrupt-3")
        ) {
            try file.load()
        }
        #expect(folder.contents(of: "high-scores.json.corrupt-1") == "first")
        #expect(folder.contents(of: "high-scores.json.corrupt-2") == "second")
        #expect(folder.contents(of: "high-scores.json.corrupt-3") == "third")
    }

    @Test(
        "levels this version does not know are skipped on load, and kept as they were on save, with unknown fields"
    )
    func unknownLevels() throws {
        try folder.write(
            """
            {"version": 1, "scores": {"easy": {"moves": 9, "date": "2026-11-22T10:00:00Z"},
                                      "nightmare": {"moves": 99, "date": "2026-11-22T10:00:00Z", "ghosts": [1, 2.5, null]}},
             "player": {"name": "Ann", "trusted": true}}
            """, to: "high-scores.json")
        #expect(try file.load() == [.easy: HighScore(moves: 9, date: fixedDate)])

        let saved = try file.save([.hard: HighScore(moves: 30, date: fixedDate)])

        #expect(
            saved == [
                .easy: HighScore(moves: 9, date: fixedDate),
                .hard: HighScore(moves: 30, date: fixedDate),
            ])
        #expect(
            folder.contents(of: "high-scores.json") == """
                {
                  "player" : {
                    "name" : "Ann",
                    "trusted" : true
                  },
                  "scores" : {
                    "easy" : {
                      "date" : "2026-11-22T10:00:00Z",
                      "moves" : 9
                    },
                    "hard" : {
                      "date" : "2026-11-22T10:00:00Z",
                      "moves" : 30
                    },
                    "nightmare" : {
                      "date" : "2026-11-22T10:00:00Z",
                      "ghosts" : [
                        1,
                        2.5,
                        null
                      ],
                      "moves" : 99
                    }
                  },
                  "version" : 1
                }

                """)
    }

    @Test("a save merges with the file: the better score at each level wins, whoever wrote it")
    func savesMerge() throws {
        let earlier = fixedDate.addingTimeInterval(-3_600)
        // What another game saved since this one loaded.
        try file.save([
            .easy: HighScore(moves: 9, date: earlier), .hard: HighScore(moves: 30, date: earlier),
        ])

        // This game knows only its own view: a worse easy, an equal hard set later, a new normal.
        let saved = try file.save([
            .easy: HighScore(moves: 11, date: fixedDate),
            .hard: HighScore(moves: 30, date: fixedDate),
            .normal: HighScore(moves: 14, date: fixedDate),
        ])

        let best: [Difficulty: HighScore] = [
            .easy: HighScore(moves: 9, date: earlier),
            .hard: HighScore(moves: 30, date: earlier),
            .normal: HighScore(moves: 14, date: fixedDate),
        ]
        #expect(saved == best)
        #expect(try file.load() == best)
        // A better score replaces the file's.
        try file.save([.easy: HighScore(moves: 8, date: fixedDate)])
        #expect(try file.load()[.easy] == HighScore(moves: 8, date: fixedDate))
    }

    @Test(
        "a save through a symbolic link replaces the file it leads to, beside it, and the link stays"
    )
    func savesThroughASymbolicLink() throws {
        try FileManager.default.createDirectory(
            atPath: folder.file("real"), withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(
            atPath: file.path, withDestinationPath: "real/scores.json")
        let scores: [Difficulty: HighScore] = [.easy: HighScore(moves: 12, date: fixedDate)]

        // A link that leads nowhere yet: the save makes the file it names.
        try file.save(scores)
        try file.save([.easy: HighScore(moves: 10, date: fixedDate)])

        #expect(
            try FileManager.default.destinationOfSymbolicLink(atPath: file.path)
                == "real/scores.json")
        #expect(try file.load() == [.easy: HighScore(moves: 10, date: fixedDate)])
        #expect(
            try HighScoreFile(path: folder.file("real/scores.json")).load() == [
                .easy: HighScore(moves: 10, date: fixedDate)
            ])
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.file("real")).sorted() == [
                ".scores.json.lock", "scores.json",
            ])
    }

    @Test("an unusable file behind a symbolic link is moved aside beside it, and the link stays")
    func corruptFileBehindALink() throws {
        try folder.write("not json", to: "target.json")
        try FileManager.default.createSymbolicLink(
            atPath: file.path, withDestinationPath: folder.file("target.json"))
        #expect(
            throws: HighScoreFileError.movedAside(
                path: file.path, problem: .notJSON, backup: folder.file("target.json.corrupt-1"))
        ) {
            try file.load()
        }
        #expect(folder.contents(of: "target.json.corrupt-1") == "not json")
        try file.save([.easy: HighScore(moves: 12, date: fixedDate)])
        #expect(
            try FileManager.default.destinationOfSymbolicLink(atPath: file.path)
                == folder.file("target.json"))
        #expect(
            try HighScoreFile(path: folder.file("target.json")).load() == [
                .easy: HighScore(moves: 12, date: fixedDate)
            ])
    }

    @Test(
        "a named pipe where the file should be is neither read nor replaced, through a link or not",
        arguments: [false, true])
    func namedPipeInTheWay(throughALink: Bool) throws {
        let pipe = folder.file("pipe")
        #expect(mkfifo(pipe, 0o644) == 0)
        let file = throughALink ? self.file : HighScoreFile(path: pipe)
        if throughALink {
            try FileManager.default.createSymbolicLink(atPath: file.path, withDestinationPath: pipe)
        }
        #expect(throws: HighScoreFileError.notAFile(path: file.path)) {
            try file.load()
        }
        #expect(
            throws: HighScoreFileError.couldNotSave(
                path: file.path, reason: "It is not a regular file")
        ) {
            try file.save([.easy: HighScore(moves: 12, date: fixedDate)])
        }
        var info = stat()
        #expect(
            stat(pipe, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO, "the pipe is still a pipe")
        #expect(
            !(try folder.names().contains { $0.hasSuffix(".lock") || $0.hasSuffix(".tmp") }),
            "nothing was made beside it")
    }

    @Test("a loop of symbolic links is an error that says so, on load and on save")
    func symbolicLinkLoop() throws {
        try FileManager.default.createSymbolicLink(atPath: file.path, withDestinationPath: "loop")
        try FileManager.default.createSymbolicLink(
            atPath: folder.file("loop"), withDestinationPath: "high-scores.json")
        let reason = String(cString: strerror(ELOOP))
        #expect(throws: HighScoreFileError.unreadable(path: file.path, reason: reason)) {
            try file.load()
        }
        #expect(throws: HighScoreFileError.couldNotSave(path: file.path, reason: reason)) {
            try file.save([:])
        }
    }

    @Test("a folder in the way cannot be loaded or saved, and is left alone")
    func folderInTheWay() throws {
        try FileManager.default.createDirectory(
            atPath: file.path, withIntermediateDirectories: true)
        #expect(throws: HighScoreFileError.notAFile(path: file.path)) {
            try file.load()
        }
        #expect(throws: HighScoreFileError.couldNotSave(path: file.path, reason: "Is a directory"))
        {
            try file.save([:])
        }
        var isDirectory: ObjCBool = false
        #expect(
            FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory)
                && isDirectory.boolValue)
    }

    @Test("a path through a file cannot be saved, and the error names the file in the way")
    func pathThroughAFile() throws {
        try folder.write("x", to: "blocker")
        let blocked = HighScoreFile(path: folder.file("blocker/high-scores.json"))
        #expect(try blocked.load() == [:])
        #expect(
            throws: HighScoreFileError.couldNotSave(
                path: blocked.path, reason: "\(folder.file("blocker")) is not a folder")
        ) {
            try blocked.save([:])
        }
    }

    @Test("the errors are sentences for the player")
    func messages() {
        #expect(
            HighScoreFileError.movedAside(
                path: "/d/high-scores.json", problem: .notJSON,
                backup: "/d/high-scores.json.corrupt-1"
            ).description
                == "The high-score file at /d/high-scores.json could not be read (it is not valid JSON); "
                + "it was moved to /d/high-scores.json.corrupt-1 and a new one will be written."
        )
        #expect(
            HighScoreFileError.movedAside(
                path: "/d/s.json", problem: .unsupportedVersion(2), backup: "/d/s.json.corrupt-1"
            ).description
                == "The high-score file at /d/s.json could not be read (it is version 2, and this game reads version 1); "
                + "it was moved to /d/s.json.corrupt-1 and a new one will be written."
        )
        #expect(
            HighScoreFileError.couldNotSave(path: "/d/s.json", reason: "Read-only file system")
                .description
                == "The high scores could not be saved to /d/s.json (read-only file system); they are kept until the game quits."
        )
        #expect(
            HighScoreFileError.unreadable(path: "/d/s.json", reason: "Permission denied")
                .description
                == "The high-score file at /d/s.json could not be read (permission denied); "
                + "it was left as it is, and new high scores are kept until the game quits."
        )
        #expect(
            HighScoreFileError.notAFile(path: "/dev/null").description
                == "The high-score file at /dev/null is not a regular file; "
                + "high scores cannot be read from it or saved to it, and it was left alone."
        )
        #expect(
            HighScoreFileError.couldNotMoveAside(
                path: "/d/s.json", problem: .empty, reason: "Permission denied"
            ).description
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
            HighScoreFile.defaultPath(environment: [
                "XDG_DATA_HOME": "relative/data", "HOME": "/home/ann",
            ])
                == "/home/ann/.local/share/three-ducks/high-scores.json"
        )
        #expect(
            HighScoreFile.defaultPath(environment: ["XDG_DATA_HOME": "", "HOME": "/home/ann"])
                == "/home/ann/.local/share/three-ducks/high-scores.json"
        )
    }
}
