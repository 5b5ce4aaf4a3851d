#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import TestSupport
import Testing
import ThreeDucks
@testable import three_ducks

/// The built executable, run with piped input, as a newcomer would run it.
///
/// Every run passes `--high-scores` in a temporary folder (the real home is never touched) and
/// `--speed 1000`, so a mismatch turns back after a millisecond.
@Suite struct EndToEndTests {
    let folder: TemporaryDirectory
    let highScores: String

    init() throws {
        folder = try TemporaryDirectory()
        highScores = folder.file("high-scores.json")
    }

    private func play(_ lines: [String], _ arguments: [String] = []) throws -> ExecutableResult {
        try runThreeDucks(
            ["--high-scores", highScores, "--speed", "1000"] + arguments,
            input: lines.map { $0 + "\n" }.joined(),
            in: folder
        )
    }

    @Test("a seeded game played to a win shows the mismatch turning back, the moves, the win")
    func seededGameToAWin() throws {
        let deck = seededDeck(.easy, seed: 42)
        let script = winningScript(for: deck)
        let result = try play(["new"] + script, ["--seed", "42", "--difficulty", "easy"])

        #expect(result.status == 0)
        #expect(result.standardError == "")
        let output = result.standardOutput
        #expect(output.hasPrefix("THREE DUCKS\n"))
        #expect(!output.contains("\u{1B}"), "piped output has no escape codes")
        #expect(output.unicodeScalars.allSatisfy { $0.isASCII }, "piped output is plain ASCII")
        // The deliberate mismatch: both cards show, then the screen redraws by itself.
        let mismatch = try #require(
            output.range(of: "No match: these two turn back in a moment.\n"))
        #expect(output[mismatch.upperBound...].hasPrefix("\nCommands:"))
        #expect(output.contains("(no match)\n\nTHREE DUCKS  |  easy  |  moves: 2  |  best: -\n"))
        #expect(output.contains("moves: \(deck.count + 2)"))
        #expect(output.contains("You found every pair in \(deck.count + 2) moves!"))
        #expect(output.contains("(match) (ta-da)\n") || output.contains("(ta-da)\n"))
        #expect(output.contains("New high score at easy: \(deck.count + 2) moves!"))
        #expect(result.lines.suffix(2) == ["Goodbye, and thanks for playing Three Ducks!", ""])
    }

    @Test("an unknown coordinate and a garbled command each get one line, and the game goes on")
    func invalidCoordinateAndGarbledCommand() throws {
        let result = try play(
            ["new", "z9", "b33", "fl!p b3 \u{1B}[31m", "", "a1"],
            ["--seed", "1", "--difficulty", "easy"])

        #expect(result.status == 0)
        let lines = result.lines
        let refusals = [
            "There is no card z9: the grid has rows a-b, columns 1-4.",
            "There is no card b33: the grid has rows a-b, columns 1-4.",
            "Unknown command 'fl!p b3 ?[31m': type a card's coordinate, like b3, or help.",
            "Type a card's coordinate, like b3, or help for the commands.",
        ]
        let first = try #require(lines.firstIndex(of: refusals[0]))
        #expect(Array(lines[first..<first + 4]) == refusals, "one line each, one after the other")
        #expect(lines[first + 4] == "", "then the next screen")
        #expect(lines[first + 5] == "THREE DUCKS  |  easy  |  moves: 1  |  best: -")
    }

    @Test("the end of the input in the middle of a game says goodbye and exits with 0")
    func endOfInputMidGame() throws {
        let result = try play(["new", "a1"], ["--seed", "3"])

        #expect(result.status == 0)
        #expect(result.standardError == "")
        #expect(result.standardOutput.contains("THREE DUCKS  |  normal  |  moves: 1  |  best: -"))
        #expect(result.lines.suffix(2) == ["Goodbye, and thanks for playing Three Ducks!", ""])
    }

    @Test("--autoplay wins a whole game and prints every move")
    func autoplayWins() throws {
        let result = try runThreeDucks(
            ["--autoplay", "--seed", "7", "--speed", "1000"], in: folder)

        #expect(result.status == 0)
        #expect(result.standardError == "")
        let lines = result.lines
        #expect(lines[0] == "THREE DUCKS autoplay: normal (6 pairs, 3 x 4), seed 7.")
        #expect(
            lines.contains(
                "The clock runs 1000x faster than real time: a mismatch stays face up for 1 ms."))
        let moves = lines.filter { $0.hasPrefix("move ") }
        let won = try #require(lines.first { $0.hasPrefix("Won in ") })
        #expect(
            won
                == "Won in \(moves.count) moves with perfect memory; a player whose every guess is lucky needs 12."
        )
        #expect(moves.count >= 12 && moves.count < 24)
        #expect(moves.last?.hasSuffix("(ta-da)") == true)
        // No high-score file unless one is asked for.
        #expect(!FileManager.default.fileExists(atPath: highScores))
    }

    @Test("--autoplay tells the player of an unusable high-score file, which is kept as a backup")
    func autoplayTellsOfAnUnusableFile() throws {
        try folder.write("{ not json", to: "high-scores.json")
        let result = try runThreeDucks(
            ["--autoplay", "--seed", "7", "--speed", "1000", "--high-scores", highScores],
            in: folder)

        #expect(result.status == 0)
        #expect(
            result.lines.contains(
                "! The high-score file at \(highScores) could not be read (it is not valid JSON); "
                    + "it was moved to \(highScores).corrupt-1 and a new one will be written."
            ))
        #expect(folder.contents(of: "high-scores.json.corrupt-1") == "{ not json")
        #expect(try HighScoreFile(path: highScores).load()[.normal] != nil)
    }

    @Test("--record then replay gives the same final state")
    func recordThenReplay() throws {
        let log = folder.file("session.jsonl")
        let deck = seededDeck(.easy, seed: 5)
        let recorded = try play(
            ["new"] + winningScript(for: deck) + ["new", "a1"],
            ["--seed", "5", "--difficulty", "easy", "--record", log])
        #expect(recorded.status == 0)
        let recordedFinal = try #require(recorded.lines.first { $0.hasPrefix("Final state: ") })
        #expect(
            recordedFinal.hasPrefix(
                "Final state: game screen, easy, 1 move, 1 of 8 cards face up (fingerprint "))

        let replayed = try runThreeDucks(["replay", log], in: folder)
        #expect(replayed.status == 0)
        #expect(replayed.standardError == "")
        #expect(replayed.lines.contains(recordedFinal))
        let count = try #require(recorded.lines.first { $0.hasPrefix("Recorded ") })
        #expect(
            replayed.lines.contains(
                count.replacingOccurrences(of: "Recorded", with: "Replayed")
                    .replacingOccurrences(of: " to ", with: " from ")))
    }

    @Test("replaying a malformed log fails with the line's number; a torn last line is a warning")
    func malformedAndTornLogs() throws {
        try folder.write(
            """
            {"action":{"startGame":{}},"nanoseconds":0}
            {"action":{"flipCard":{"_0":"three"}},"nanoseconds":5}

            """,
            to: "bad.jsonl"
        )
        let bad = try runThreeDucks(["replay", "bad.jsonl"], in: folder)
        #expect(bad.status == 1)
        #expect(bad.standardOutput == "")
        #expect(
            bad.standardError.hasPrefix(
                "three-ducks: cannot replay bad.jsonl: line 2 of the recording is not a recorded action"
            ))

        try folder.write(
            #"{"action":{"startGame":{}},"nanoseconds":0}"# + "\n" + #"{"action":{"endG"#,
            to: "torn.jsonl")
        let torn = try runThreeDucks(["replay", "torn.jsonl"], in: folder)
        #expect(torn.status == 0)
        #expect(
            torn.standardError
                == "three-ducks: warning: line 2 of the recording is incomplete (16 bytes, no newline) and was left out\n"
        )
        #expect(torn.lines.contains("Replayed 1 action from torn.jsonl."))

        let missing = try runThreeDucks(["replay", "nowhere.jsonl"], in: folder)
        #expect(missing.status == 1)
        #expect(
            missing.standardError
                == "three-ducks: cannot replay nowhere.jsonl: there is no such file\n")
    }

    @Test("-- ends the options: replay takes the file after it, even one named like an option")
    func endOfOptions() throws {
        let log = #"{"action":{"startGame":{}},"nanoseconds":0}"# + "\n"
        try folder.write(log, to: "game.jsonl")
        try folder.write(log, to: "-game.jsonl")

        let replayed = try runThreeDucks(["--", "replay", "game.jsonl"], in: folder)
        #expect(replayed.status == 0)
        #expect(replayed.lines.contains("Replayed 1 action from game.jsonl."))

        let dashed = try runThreeDucks(["replay", "--", "-game.jsonl"], in: folder)
        #expect(dashed.status == 0)
        #expect(dashed.standardError == "")
        #expect(dashed.lines.contains("Replayed 1 action from -game.jsonl."))
    }

    @Test("replaying /dev/null says it is a device, with status 1")
    func replayDevice() throws {
        let result = try runThreeDucks(["replay", "/dev/null"], in: folder)
        #expect(result.status == 1)
        #expect(result.standardOutput == "")
        #expect(
            result.standardError
                == "three-ducks: cannot replay /dev/null: it is a device, not a file of recorded actions\n"
        )
    }

    @Test(
        "a 64 MiB line is refused with one line, quickly and in little memory, and the game goes on"
    )
    func hugeLine() throws {
        // Written a MiB at a time: the test itself never holds the line.
        let input = folder.file("huge.stdin")
        #expect(FileManager.default.createFile(atPath: input, contents: Data("new\n".utf8)))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: input))
        try handle.seekToEnd()
        let mebibyte = Data(repeating: UInt8(ascii: "a"), count: 1_024 * 1_024)
        for _ in 0..<64 {
            try handle.write(contentsOf: mebibyte)
        }
        try handle.write(contentsOf: Data("\na1\nquit\n".utf8))
        try handle.close()

        let started = ContinuousClock.now
        let result = try runThreeDucks(
            [
                "--high-scores", highScores, "--speed", "1000", "--seed", "1", "--difficulty",
                "easy",
            ],
            inputFile: input,
            in: folder,
            // Well above what the game needs, well below what holding the line would take (the
            // bytes and a string of them, 128 MiB at least): reading it whole fails the run.
            // (A limit, not the child's peak memory as `getrusage` reports it: Linux counts the
            // test process's own pages at the fork in the child's peak.) None under
            // ThreadSanitizer, whose shadow memory no such limit allows: there the test looks
            // for races on this path, and the normal run checks the memory.
            dataLimitKiB: isUnderThreadSanitizer ? nil : 96 * 1_024
        )
        let elapsed = ContinuousClock.now - started

        #expect(result.status == 0)
        let refusal =
            "That line is longer than 4096 bytes, so it was not read: type a card's coordinate, like b3, or help."
        #expect(result.lines.filter { $0 == refusal }.count == 1)
        #expect(
            result.standardOutput.contains("THREE DUCKS  |  easy  |  moves: 1  |  best: -"),
            "the next line was played")
        #expect(elapsed < .seconds(10), "took \(elapsed)")
    }

    @Test(
        "a usage error exits with 2 and one line on standard error",
        arguments: [
            (
                ["--difficulty", "extreme"],
                "--difficulty must be easy, normal or hard, not 'extreme'"
            ),
            (["--seed"], "--seed needs a value"),
            (["--colour"], "unknown option '--colour'"),
            (["replay"], "replay needs the FILE to replay"),
            (["--speed", "1e-21"], "--speed must be a number from 0.01 to 1000, not '1e-21'"),
            (
                ["--speed", "1e-9", "--autoplay"],
                "--speed must be a number from 0.01 to 1000, not '1e-9'"
            ),
            (["--", "replay"], "replay needs the FILE to replay"),
        ])
    func usageError(arguments: [String], reason: String) throws {
        let result = try runThreeDucks(arguments, in: folder)

        #expect(result.status == 2)
        #expect(result.standardOutput == "")
        #expect(result.standardError == "three-ducks: \(reason) (see three-ducks --help)\n")
    }

    @Test("--help and --version print and exit with 0")
    func helpAndVersion() throws {
        let help = try runThreeDucks(["--help"], in: folder)
        #expect(help.status == 0)
        #expect(help.standardOutput == Options.helpText)
        #expect(help.standardOutput.contains("--speed X"))

        let version = try runThreeDucks(["--version"], in: folder)
        #expect(version.status == 0)
        #expect(version.standardOutput == "three-ducks 0.1.0\n")
    }

    @Test("high scores persist from one run to the next")
    func highScoresPersist() throws {
        let deck = seededDeck(.easy, seed: 42)
        let first = try play(
            ["new"] + winningScript(for: deck), ["--seed", "42", "--difficulty", "easy"])
        #expect(first.status == 0)

        let second = try play([], ["--difficulty", "easy"])
        #expect(second.lines.contains { $0.hasPrefix("  easy    \(deck.count + 2) moves (") })
    }

    @Test("a high-score file that cannot be used is shown, and play goes on")
    func persistenceError() throws {
        try FileManager.default.createDirectory(
            atPath: highScores, withIntermediateDirectories: true)
        let deck = seededDeck(.easy, seed: 42)
        let result = try play(
            ["new"] + winningScript(for: deck), ["--seed", "42", "--difficulty", "easy"])

        #expect(result.status == 0)
        #expect(
            result.lines.contains(
                "! The high-score file at \(highScores) is not a regular file; high scores cannot be read from it or saved to it, and it was left alone."
            ))
        #expect(
            result.lines.contains(
                "! The high scores could not be saved to \(highScores) (is a directory); they are kept until the game quits."
            ))
        #expect(result.standardOutput.contains("You found every pair in \(deck.count + 2) moves!"))
    }
}
