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

    @Test("replay takes a file, --step and --plain")
    func replay() throws {
        #expect(try Options(parsing: ["replay", "game.jsonl"]).mode == .replay("game.jsonl"))
        #expect(try !Options(parsing: ["replay", "game.jsonl"]).isStepping)
        let plain = try Options(parsing: ["--plain", "replay", "game.jsonl"])
        #expect(plain.mode == .replay("game.jsonl"))
        #expect(plain.isPlain)
        let stepping = try Options(parsing: ["replay", "--step", "game.jsonl", "--plain"])
        #expect(stepping.mode == .replay("game.jsonl"))
        #expect(stepping.isStepping && stepping.isPlain)
    }

    @Test("--speed takes anything from 0.01 to 1000")
    func speedRange() throws {
        #expect(try Options(parsing: ["--speed", "0.01"]).speed == 0.01)
        #expect(try Options(parsing: ["--speed=1000"]).speed == 1000)
        #expect(try Options(parsing: ["--speed", "1e3"]).speed == 1000)
    }

    @Test("-- ends the options: what follows is taken as it is")
    func endOfOptions() throws {
        #expect(try Options(parsing: ["--", "replay", "game.jsonl"]).mode == .replay("game.jsonl"))
        #expect(
            try Options(parsing: ["replay", "--", "-game.jsonl"]).mode == .replay("-game.jsonl"))
        #expect(
            try Options(parsing: ["--plain", "replay", "--", "--help"]).mode == .replay("--help"))
        #expect(try Options(parsing: ["replay", "--", "--"]).mode == .replay("--"))
        #expect(try Options(parsing: ["--seed", "4", "--"]) == Options(parsing: ["--seed", "4"]))
    }

    @Test("--help and --version win over everything else")
    func helpAndVersion() throws {
        #expect(try Options(parsing: ["--bogus", "-h"]).mode == .help)
        #expect(try Options(parsing: ["replay", "--help"]).mode == .help)
        #expect(try Options(parsing: ["--seed", "x", "--version"]).mode == .version)
    }

    @Test(
        "a usage error has a one-line reason",
        arguments: [
            (["--difficulty"], "--difficulty needs a value"),
            (
                ["--difficulty", "extreme"],
                "--difficulty must be easy, normal or hard, not 'extreme'"
            ),
            (
                ["--seed", "-1"],
                "--seed must be a whole number from 0 to 18446744073709551615, not '-1'"
            ),
            (
                ["--seed", "18446744073709551616"],
                "--seed must be a whole number from 0 to 18446744073709551615, not '18446744073709551616'"
            ),
            (["--speed", "0"], "--speed must be a number from 0.01 to 1000, not '0'"),
            (["--speed", "nan"], "--speed must be a number from 0.01 to 1000, not 'nan'"),
            (["--speed=inf"], "--speed must be a number from 0.01 to 1000, not 'inf'"),
            (["--speed", "1e-21"], "--speed must be a number from 0.01 to 1000, not '1e-21'"),
            (["--speed", "1e-9"], "--speed must be a number from 0.01 to 1000, not '1e-9'"),
            (["--speed", "0.0099"], "--speed must be a number from 0.01 to 1000, not '0.0099'"),
            (["--speed", "1000.5"], "--speed must be a number from 0.01 to 1000, not '1000.5'"),
            (["--speed", "1e6"], "--speed must be a number from 0.01 to 1000, not '1e6'"),
            (["--", "--seed", "3"], "unexpected argument '--seed'"),
            (["replay", "a", "--", "--plain"], "unexpected argument '--plain'"),
            (["--record", ""], "--record needs a file name"),
            (["--mute=yes"], "--mute takes no value"),
            (["-x"], "unknown option '-x'"),
            (["--colour\u{1B}[31m"], "unknown option '--colour?[31m'"),
            (["play"], "unexpected argument 'play'"),
            (["replay"], "replay needs the FILE to replay"),
            (["replay", "a", "b"], "unexpected argument 'b'"),
            (
                ["replay", "a", "--seed", "3"],
                "replay takes a FILE, --step and --plain only, not --seed"
            ),
            (["--step"], "--step goes with replay FILE"),
            (["--autoplay", "--step"], "--step goes with replay FILE"),
            (["replay", "a", "--step=yes"], "--step takes no value"),
        ])
    func usageErrors(arguments: [String], reason: String) {
        #expect(throws: UsageError(reason: reason)) {
            try Options(parsing: arguments)
        }
        #expect(
            UsageError(reason: reason).message == "three-ducks: \(reason) (see three-ducks --help)")
    }

    @Test("the help fits in 80 columns and names every option")
    func helpText() {
        for line in Options.helpText.split(separator: "\n") {
            #expect(line.count <= 80, "too wide: \(line)")
        }
        #expect(Options.helpText.contains("from 0.01 to 1000: a mismatch stays face up for 1/X"))
        for option in [
            "--difficulty LEVEL", "--seed", "--autoplay", "--speed", "--record", "--high-scores",
            "--mute", "--plain", "--step", "--help", "--version", "replay FILE",
        ] {
            #expect(Options.helpText.contains(option))
        }
    }

    @Test(
        "in each section of the help, the descriptions start in one column, two spaces or more after the names"
    )
    func helpColumns() throws {
        // Sentences that run across a section's columns.
        let prose = [
            "  Options may come", "  three-ducks replay -- ", "  A line longer than",
            "  On a terminal, the game",
            "  Piped in, or with", "  A signal (SIGINT", "  terminal is put back",
        ]
        var sections: [(name: String, lines: [String])] = []
        for line in Options.helpText.split(separator: "\n").map(String.init) {
            if let first = line.first, first != " " {
                sections.append((line, []))
            } else if !sections.isEmpty, !prose.contains(where: line.hasPrefix) {
                sections[sections.count - 1].lines.append(line)
            }
        }
        #expect(
            sections.map(\.name).dropFirst().elementsEqual([
                "USAGE", "OPTIONS", "IN THE GAME", "EXIT STATUS",
            ]))
        for (name, lines) in sections.dropFirst() {
            // The column is where a description carried over to the next line starts, or else
            // where the first row's description starts.
            let carried = lines.first { $0.hasPrefix("   ") }.map { $0.prefix { $0 == " " }.count }
            let firstRow = try #require(lines.first)
            let column = try #require(
                carried
                    ?? firstRow.dropFirst(2).range(of: "  ").map { range in
                        firstRow.distance(
                            from: firstRow.startIndex,
                            to: firstRow[range.lowerBound...].firstIndex { $0 != " " }!)
                    })
            for line in lines {
                let characters = Array(line)
                #expect(characters.count > column, "\(name): \(line)")
                guard characters.count > column else { continue }
                let isRow = !line.hasPrefix("   ")
                #expect(
                    characters[column] != " " && characters[column - 1] == " ",
                    "\(name): not in column \(column): \(line)")
                if isRow {
                    #expect(
                        characters[column - 2] == " ",
                        "\(name): no gap before the description: \(line)")
                } else {
                    #expect(characters[..<column].allSatisfy { $0 == " " }, "\(name): \(line)")
                }
            }
        }
    }

    @Test("the help states every exit status as the program returns it")
    func exitStatuses() {
        let help = Options.helpText
        #expect(
            help.contains(
                "  0                   the game ended: quit, or the end of the input; also when\n"
                    + "                      the high-score file could not be read or saved"))
        #expect(
            help.contains(
                "  1                   the --record FILE or the FILE to replay could not be\n"))
        #expect(help.contains("  2                   a usage error"))
    }
}
