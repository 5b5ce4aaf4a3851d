import Testing
import ThreeDucks
@testable import three_ducks

@Suite struct OptionsTests {
    @Test("no arguments: play at the default level, from a random seed, in real time")
    func defaults() throws {
        let options = try Options(parsing: [])
        #expect(options.mode == .play)
        #expect(options.difficulty == nil && options.seed == nil && options.recordPath == nil)
        #expect(options.highScoresPath == nil && !options.isMuted && !options.isPlain)
        #expect(options.speed == 1)
    }

    @Test("every option, with its value after a space or an equals sign")
    func everyOption() throws {
        let options = try Options(parsing: [
            "--difficulty", "HARD", "--seed=7", "--speed", "2.5", "--record", "game.jsonl",
            "--high-scores=/tmp/scores.json", "--mute", "--plain",
        ])
        #expect(options.difficulty == .hard)
        #expect(options.seed == 7)
        #expect(options.speed == 2.5)
        #expect(options.recordPath == "game.jsonl")
        #expect(options.highScoresPath == "/tmp/scores.json")
        #expect(options.isMuted)
        #expect(options.isPlain)
    }

    @Test("--autoplay runs 20 times faster unless --speed says otherwise")
    func autoplaySpeed() throws {
        #expect(try Options(parsing: ["--autoplay"]).mode == .autoplay)
        #expect(try Options(parsing: ["--autoplay"]).speed == 20)
        #expect(try Options(parsing: ["--autoplay", "--speed", "1000"]).speed == 1000)
    }

    @Test("replay takes a file, and --plain")
    func replay() throws {
        #expect(try Options(parsing: ["replay", "game.jsonl"]).mode == .replay("game.jsonl"))
        let plain = try Options(parsing: ["--plain", "replay", "game.jsonl"])
        #expect(plain.mode == .replay("game.jsonl"))
        #expect(plain.isPlain)
    }

    @Test("--help and --version win over everything else")
    func helpAndVersion() throws {
        #expect(try Options(parsing: ["--bogus", "-h"]).mode == .help)
        #expect(try Options(parsing: ["replay", "--help"]).mode == .help)
        #expect(try Options(parsing: ["--seed", "x", "--version"]).mode == .version)
    }

    @Test("a usage error has a one-line reason", arguments: [
        (["--difficulty"], "--difficulty needs a value"),
        (["--difficulty", "extreme"], "--difficulty must be easy, normal or hard, not 'extreme'"),
        (["--seed", "-1"], "--seed must be a whole number from 0 to 18446744073709551615, not '-1'"),
        (["--seed", "18446744073709551616"], "--seed must be a whole number from 0 to 18446744073709551615, not '18446744073709551616'"),
        (["--speed", "0"], "--speed must be a number above 0 and at most 1000000, not '0'"),
        (["--speed", "nan"], "--speed must be a number above 0 and at most 1000000, not 'nan'"),
        (["--speed=inf"], "--speed must be a number above 0 and at most 1000000, not 'inf'"),
        (["--record", ""], "--record needs a file name"),
        (["--mute=yes"], "--mute takes no value"),
        (["-x"], "unknown option '-x'"),
        (["--colour\u{1B}[31m"], "unknown option '--colour?[31m'"),
        (["play"], "unexpected argument 'play'"),
        (["replay"], "replay needs the FILE to replay"),
        (["replay", "a", "b"], "unexpected argument 'b'"),
        (["replay", "a", "--seed", "3"], "replay takes a FILE and --plain only, not --seed"),
    ])
    func usageErrors(arguments: [String], reason: String) {
        #expect(throws: UsageError(reason: reason)) {
            try Options(parsing: arguments)
        }
        #expect(UsageError(reason: reason).message == "three-ducks: \(reason) (see three-ducks --help)")
    }

    @Test("the help fits in 80 columns and names every option")
    func helpText() {
        for line in Options.helpText.split(separator: "\n") {
            #expect(line.count <= 80, "too wide: \(line)")
        }
        for option in ["--difficulty LEVEL", "--seed", "--autoplay", "--speed", "--record", "--high-scores", "--mute", "--plain", "--help", "--version", "replay FILE"] {
            #expect(Options.helpText.contains(option))
        }
    }
}
