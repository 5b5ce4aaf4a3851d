#if canImport(Glibc)
import Glibc
#endif
import Foundation
import TestSupport
import Testing
import ThreeDucks
@testable import three_ducks

/// The full-screen game, played through a pseudo-terminal as a person plays it in a terminal
/// window. These tests belong to ``EndToEndTests``.
///
/// Frames are plain ASCII (`NO_COLOR`), read back from a ``VirtualScreen``. No test sleeps: each
/// waits for the screen to show something, with a deadline only a hung program reaches. The
/// game's clock runs fast (`--speed`), except where a test needs the mismatch to last.
extension EndToEndTests {
    /// Starts the game on a terminal of `columns` × `rows`.
    private func terminal(
        _ arguments: [String],
        columns: Int = 80,
        rows: Int = 24,
        environment: [String: String] = [:]
    ) throws -> PseudoTerminal {
        try PseudoTerminal(
            ["--high-scores", highScores] + arguments,
            in: folder,
            columns: columns,
            rows: rows,
            environment: environment.merging(["NO_COLOR": "1"]) { mine, _ in mine }
        )
    }

    /// Signals take their default course after the game's handler, not the Swift runtime's
    /// backtracer, which would wait for a key on a terminal, or go on after a signal that no
    /// fault raised.
    private var withoutBacktracer: [String: String] {
        ["SWIFT_BACKTRACE": "enable=no"]
    }

    /// The arrow keys that take the cursor from one card to another.
    private func arrows(from: Int, to: Int, in grid: Grid) -> String {
        let here = grid.coordinate(ofIndex: from)
        let there = grid.coordinate(ofIndex: to)
        var keys = ""
        keys += String(
            repeating: there.row > here.row ? "\u{1B}[B" : "\u{1B}[A",
            count: abs(there.row - here.row))
        keys += String(
            repeating: there.column > here.column ? "\u{1B}[C" : "\u{1B}[D",
            count: abs(there.column - here.column))
        return keys
    }

    /// The cell of the card at `index` on the screen: its row, and the column of its `[`
    /// (both from 0), read from the screen itself.
    private func cell(of index: Int, in grid: Grid, on screen: VirtualScreen) -> (
        row: Int, column: Int
    )? {
        let coordinate = grid.coordinate(ofIndex: index)
        guard
            let row = screen.lines.firstIndex(where: { $0.hasPrefix(" \(coordinate.rowLetter) ") })
        else { return nil }
        let brackets = screen.lines[row].indices.filter { screen.lines[row][$0] == "[" }
        guard coordinate.column < brackets.count else { return nil }
        return (
            row,
            screen.lines[row].distance(
                from: screen.lines[row].startIndex, to: brackets[coordinate.column])
        )
    }

    /// What the card at `index` shows on the screen: `[  DUCK  ]`, `[        ]`.
    private func face(of index: Int, in grid: Grid, on screen: VirtualScreen) -> String? {
        guard let (row, column) = cell(of: index, in: grid, on: screen) else { return nil }
        return String(screen.cells(ofRow: row)[column..<(column + 10)].joined())
    }

    func faceUp(_ card: Card) -> String {
        "["
            + Renderer(style: .plain).centered(
                Renderer(style: .plain).shortName(card.animal), width: 8) + "]"
    }

    func sameModes(_ a: termios, _ b: termios) -> Bool {
        var a = a
        var b = b
        return a.c_iflag == b.c_iflag && a.c_oflag == b.c_oflag && a.c_cflag == b.c_cflag
            && a.c_lflag == b.c_lflag
            && withUnsafeBytes(of: &a.c_cc) { Array($0) }
                == withUnsafeBytes(of: &b.c_cc) { Array($0) }
    }

    func isRaw(_ modes: termios) -> Bool {
        modes.c_lflag & tcflag_t(ICANON | ECHO | ISIG) == 0
    }

    @Test(
        "on a terminal, the arrow keys and Space play a seeded game to the won screen, and the record is kept"
    )
    func fullScreenGameToAWin() throws {
        let deck = seededDeck(.easy, seed: 42)
        let grid = Grid(.easy)
        let game = try terminal(["--seed", "42", "--difficulty", "easy", "--speed", "1000"])
        #expect(
            game.waitUntil { $0.contains("> 1  easy") && $0.contains("[ New game ]") },
            "\(game.screen.text)")
        #expect(game.screen.isAlternate && !game.screen.showsCursor && game.screen.reportsMouse)
        #expect(isRaw(game.modes))

        game.send("\r")
        #expect(
            game.waitUntil { $0.contains("moves: 0 | best: -") && $0.contains(">[        ]<") },
            "\(game.screen.text)")

        // A move of the cursor rewrites the one row it changes, nothing else.
        let written = game.transcript.count
        game.send("\u{1B}[C")
        #expect(
            game.waitUntil { $0.contains(" a  [        ] >[        ]<") }, "\(game.screen.text)")
        let update = String(decoding: game.transcript[written...], as: UTF8.self)
        let row = try #require(game.screen.row(containing: " a  ["))
        #expect(
            update
                == "\u{1B}[\(row + 1);1H a  [        ] >[        ]< [        ]  [        ]\u{1B}[0m\u{1B}[K"
        )
        game.send("\u{1B}[D")
        var cursor = 0
        for (move, line) in winningScript(for: deck).enumerated() {
            let target = try #require(
                grid.index(
                    of: Coordinate(
                        row: Int(line.unicodeScalars.first!.value) - 97,
                        column: Int(line.dropFirst())! - 1)))
            game.send(arrows(from: cursor, to: target, in: grid) + " ")
            cursor = target
            #expect(
                game.waitUntil { $0.contains("moves: \(move + 1) |") },
                "move \(move + 1): \(game.screen.text)")
        }
        #expect(
            game.waitUntil { $0.contains("You found every pair in 10 moves!") },
            "\(game.screen.text)")
        #expect(game.screen.contains("New high score at easy: 10 moves!"))
        #expect(game.screen.contains("[ Go again ]"))
        for index in deck.indices {
            #expect(face(of: index, in: grid, on: game.screen) == faceUp(deck[index]))
        }

        game.send("q")
        #expect(game.waitForExit() == .exited(0))
        #expect(!game.screen.isAlternate && game.screen.showsCursor && !game.screen.reportsMouse)
        #expect(
            game.screen.contains("Goodbye, and thanks for playing Three Ducks!"),
            "\(String(decoding: game.transcript.suffix(300), as: UTF8.self).debugDescription)")
        #expect(sameModes(game.modes, game.modesBefore))
        #expect(try HighScoreFile(path: highScores).load()[.easy]?.moves == 10)
    }

    @Test("on a terminal, a click chooses a level, starts the game, and flips the card clicked")
    func fullScreenMouse() throws {
        let deck = seededDeck(.hard, seed: 9)
        let grid = Grid(.hard)
        let game = try terminal(["--seed", "9", "--speed", "1000"])
        #expect(game.waitUntil { $0.contains("> 2  normal") }, "\(game.screen.text)")

        // A click on a level chooses it; a click on the level chosen starts the game.
        let hard = try #require(game.screen.row(containing: "3  hard"))
        game.send("\u{1B}[<0;8;\(hard + 1)M\u{1B}[<0;8;\(hard + 1)m")
        #expect(game.waitUntil { $0.contains("> 3  hard") }, "\(game.screen.text)")
        game.send("\u{1B}[<0;8;\(hard + 1)M\u{1B}[<0;8;\(hard + 1)m")
        #expect(
            game.waitUntil {
                $0.contains("hard | moves: 0") && $0.lines.contains { $0.hasPrefix(" d ") }
            }, "\(game.screen.text)")

        // A click anywhere on the card's cell, here on its last column.
        let b3 = try #require(grid.index(of: Coordinate(row: 1, column: 2)))
        let (row, column) = try #require(cell(of: b3, in: grid, on: game.screen))
        game.send("\u{1B}[<0;\(column + 10);\(row + 1)M\u{1B}[<0;\(column + 10);\(row + 1)m")
        #expect(game.waitUntil { $0.contains("moves: 1 |") }, "\(game.screen.text)")
        #expect(face(of: b3, in: grid, on: game.screen) == faceUp(deck[b3]))
        #expect(
            game.screen.lines[row].contains(">" + faceUp(deck[b3]) + "<"),
            "the cursor followed the click")

        // A release, the wheel and a click between cards flip nothing.
        game.send("\u{1B}[<0;5;\(row + 1)m\u{1B}[<64;5;\(row + 1)M\u{1B}[<0;1;1M")
        game.send("q")
        #expect(game.waitForExit() == .exited(0))
        #expect(game.screen.contains("Goodbye"))
    }

    @Test(
        "on a terminal, keys pressed while a mismatch shows are handled: the cursor moves at once, and a flip waits for the pair to turn back"
    )
    func fullScreenKeysDuringTheMismatch() throws {
        let deck = seededDeck(.easy, seed: 42)
        let grid = Grid(.easy)
        let pairs = pairs(in: deck)
        let (first, second) = (pairs[0].0, pairs[1].0)
        let third = try #require(
            deck.indices.first {
                ![first, second].contains($0) && deck[$0].animal != deck[first].animal
                    && deck[$0].animal != deck[second].animal
            })
        // Two seconds of mismatch: time enough for the keys below to arrive during it even on
        // a busy machine; the test waits for the screen, never for the clock.
        let game = try terminal(["--seed", "42", "--difficulty", "easy", "--speed", "0.5"])
        #expect(game.waitUntil { $0.contains("> 1  easy") }, "\(game.screen.text)")
        game.send("n")
        #expect(game.waitUntil { $0.contains("moves: 0 |") })

        // Coordinates typed as in the line mode flip too.
        game.send(coordinate(of: first, in: deck) + coordinate(of: second, in: deck))
        #expect(
            game.waitUntil { $0.contains("No match: these two turn back in a moment.") },
            "\(game.screen.text)")

        // During the second: a cursor move, a typed coordinate, and help opened and closed.
        let typed = coordinate(of: third, in: deck)
        game.send("\u{1B}[B" + typed + "?")
        #expect(game.waitUntil { $0.contains("Press any key to go back.") }, "\(game.screen.text)")
        game.send("x")
        #expect(
            game.waitUntil { $0.contains("\(typed) turns over as soon as these two turn back.") },
            "\(game.screen.text)")
        #expect(
            face(of: first, in: grid, on: game.screen) == faceUp(deck[first]),
            "the pair still shows")
        #expect(face(of: second, in: grid, on: game.screen) == faceUp(deck[second]))
        #expect(game.screen.contains("moves: 2 |"))
        #expect(game.screen.contains("(no match)"))

        // Then the pair turns back, and the waiting flip is played.
        #expect(game.waitUntil { $0.contains("moves: 3 |") }, "\(game.screen.text)")
        #expect(face(of: first, in: grid, on: game.screen) == "[        ]")
        #expect(face(of: second, in: grid, on: game.screen) == "[        ]")
        #expect(face(of: third, in: grid, on: game.screen) == faceUp(deck[third]))
        #expect(game.screen.lines.contains { $0.contains(">" + faceUp(deck[third]) + "<") })
        game.send("q")
        #expect(game.waitForExit() == .exited(0))
    }

    @Test(
        "on a terminal, a signal gives the terminal back as it was: modes, screen, cursor, mouse",
        arguments: [
            SIGINT, SIGTERM, SIGHUP, SIGQUIT,
        ])
    func fullScreenSignals(_ signal: Int32) throws {
        let game = try terminal(["--seed", "3", "--speed", "1000"], environment: withoutBacktracer)
        #expect(!isRaw(game.modesBefore))
        #expect(game.waitUntil { $0.contains("[ New game ]") }, "\(game.screen.text)")
        game.send("n")
        #expect(game.waitUntil { $0.contains("moves: 0 |") })
        #expect(isRaw(game.modes))

        game.signal(signal)
        #expect(game.waitForExit() == .signalled(signal), "the signal takes its course")
        #expect(sameModes(game.modes, game.modesBefore))
        #expect(!game.screen.isAlternate && game.screen.showsCursor && !game.screen.reportsMouse)
    }

    // Not under ThreadSanitizer: it runs the handler of a crash signal at once wherever the
    // signal lands, even inside its own runtime with its locks held, where the handler's
    // instrumented code deadlocks. A real crash raises its signal in the program's code; one
    // sent from outside, as here, can land anywhere.
    @Test(
        "on a terminal, a crash gives the terminal back as it was",
        .disabled(
            if: isUnderThreadSanitizer,
            "under ThreadSanitizer, a crash signal sent from outside can deadlock its handler"),
        arguments: [SIGILL, SIGTRAP, SIGSEGV, SIGABRT]
    )
    func fullScreenCrash(_ signal: Int32) throws {
        let game = try terminal(["--seed", "3"], environment: withoutBacktracer)
        #expect(game.waitUntil { $0.contains("[ New game ]") }, "\(game.screen.text)")
        #expect(isRaw(game.modes))

        // The signal a crash raises (a Swift runtime error: SIGILL on x86-64, SIGTRAP on ARM),
        // sent from outside: the handler cannot tell the difference.
        game.signal(signal)
        #expect(game.waitForExit() == .signalled(signal))
        #expect(sameModes(game.modes, game.modesBefore))
        #expect(!game.screen.isAlternate && game.screen.showsCursor && !game.screen.reportsMouse)
    }

    @Test(
        "on a terminal, q, Ctrl-C and Ctrl-D leave with status 0 and give the terminal back",
        arguments: ["q", "\u{3}", "\u{4}"])
    func fullScreenLeaving(_ key: String) throws {
        let game = try terminal(["--seed", "3"])
        #expect(game.waitUntil { $0.contains("[ New game ]") }, "\(game.screen.text)")
        game.send(key)
        #expect(game.waitForExit() == .exited(0))
        #expect(sameModes(game.modes, game.modesBefore))
        #expect(!game.screen.isAlternate && game.screen.showsCursor && !game.screen.reportsMouse)
        #expect(game.screen.contains("Goodbye, and thanks for playing Three Ducks!"))
    }

    @Test("on a terminal too small, the game says so; once resized, it draws the screen")
    func fullScreenTooSmall() throws {
        let game = try terminal(["--seed", "3", "--difficulty", "hard"], columns: 60, rows: 12)
        #expect(
            game.waitUntil {
                $0.words.contains("The terminal is too small for this screen: it is 60 x 12")
            }, "\(game.screen.text)")
        game.resize(columns: 80, rows: 24)
        #expect(game.waitUntil { $0.contains("> 3  hard") }, "\(game.screen.text)")
        game.send("n")
        #expect(game.waitUntil { $0.contains("hard | moves: 0") }, "\(game.screen.text)")
        game.resize(columns: 50, rows: 24)
        #expect(
            game.waitUntil { $0.words.contains("it is 50 x 24, and the screen needs 64 x 16.") },
            "\(game.screen.text)")
        game.resize(columns: 64, rows: 16)
        #expect(game.waitUntil { $0.contains(" d  [        ]") }, "\(game.screen.text)")
        game.send("q")
        #expect(game.waitForExit() == .exited(0))
    }

    @Test("on a terminal, --plain keeps the line mode, with its prompt")
    func plainOnATerminal() throws {
        let game = try terminal(["--seed", "3", "--plain"])
        #expect(
            game.waitUntil { $0.contains("Commands: new (n)") && $0.lines.contains(">") },
            "\(game.screen.text)")
        #expect(!game.screen.isAlternate && !game.screen.reportsMouse)
        game.send("quit\r")
        #expect(game.waitForExit() == .exited(0))
    }
}

extension EndToEndTests {
    /// Records a seeded easy game won after one mismatch; returns the log's path and its
    /// number of actions.
    private func recordedGame() throws -> (path: String, count: Int) {
        let log = folder.file("game.jsonl")
        let deck = seededDeck(.easy, seed: 5)
        let input = (["new"] + winningScript(for: deck)).map { $0 + "\n" }.joined()
        let recorded = try runThreeDucks(
            [
                "--high-scores", highScores, "--speed", "1000", "--seed", "5", "--difficulty",
                "easy", "--record", log,
            ],
            input: input,
            in: folder
        )
        #expect(recorded.status == 0)
        let count = try #require(folder.contents(of: "game.jsonl")).split(separator: "\n").count
        return (log, count)
    }

    @Test(
        "replay --step on a terminal steps through a recorded game, forward and back, and jumps to either end"
    )
    func inspectorOnATerminal() throws {
        let (log, count) = try recordedGame()
        let deck = seededDeck(.easy, seed: 5)
        let inspector = try PseudoTerminal(["replay", log, "--step"], in: folder)
        #expect(
            inspector.waitUntil {
                $0.contains("action 1 of \(count)") && $0.contains("setDifficulty(easy)")
            }, "\(inspector.screen.text)")
        #expect(inspector.screen.contains("difficulty: normal -> easy"))
        #expect(inspector.screen.isAlternate && isRaw(inspector.modes))

        // The fifth action deals; the sixth flips the first card of the game.
        inspector.send("\u{1B}[C\u{1B}[C\u{1B}[C\u{1B}[C")
        #expect(
            inspector.waitUntil {
                $0.contains("action 5 of \(count)") && $0.contains("dealt(8 cards)")
            }, "\(inspector.screen.text)")
        #expect(inspector.screen.contains(" a  [        ]  [        ]  [        ]  [        ]"))
        let firstFlip = coordinate(of: pairs(in: deck)[0].0, in: deck)
        inspector.send("\u{1B}[C")
        #expect(
            inspector.waitUntil { $0.contains("action 6 of \(count)") }, "\(inspector.screen.text)")
        #expect(inspector.screen.contains("flipCard(\(pairs(in: deck)[0].0)): \(firstFlip)"))
        #expect(inspector.screen.contains("isFlipped (\(firstFlip)): false -> true"))
        #expect(inspector.screen.contains("moves: 0 -> 1"))
        #expect(inspector.screen.contains(faceUp(deck[pairs(in: deck)[0].0])))

        inspector.send("\u{1B}[D")
        #expect(
            inspector.waitUntil { $0.contains("action 5 of \(count)") }, "\(inspector.screen.text)")
        inspector.send("\u{1B}[F")
        #expect(
            inspector.waitUntil { $0.contains("action \(count) of \(count)") },
            "\(inspector.screen.text)")
        #expect(inspector.screen.contains("won screen, easy, 10 moves, 8 of 8 cards face up"))
        inspector.send("\u{1B}[C")
        #expect(
            inspector.waitUntil { $0.contains("action \(count) of \(count)") },
            "the last stays the last")
        inspector.send("\u{1B}[H")
        #expect(
            inspector.waitUntil { $0.contains("action 1 of \(count)") }, "\(inspector.screen.text)")
        inspector.send("\u{1B}[6~")
        #expect(
            inspector.waitUntil { $0.contains("action 11 of \(count)") }, "\(inspector.screen.text)"
        )

        inspector.send("q")
        #expect(inspector.waitForExit() == .exited(0))
        #expect(sameModes(inspector.modes, inspector.modesBefore))
        #expect(
            !inspector.screen.isAlternate && inspector.screen.showsCursor
                && !inspector.screen.reportsMouse)
    }

    @Test(
        "replay --step without a terminal prints every action in a block: its time, what it changed, the board"
    )
    func inspectorPiped() throws {
        let (log, count) = try recordedGame()
        let result = try runThreeDucks(["replay", log, "--step"], in: folder)
        #expect(result.status == 0)
        #expect(result.standardError == "")
        let lines = result.lines
        #expect(lines[0] == "Stepping through \(log): \(count) actions, one block each.")
        #expect(lines.filter { $0.hasPrefix("Action ") }.count == count)
        #expect(lines.contains("Action 1 of \(count), at 0.000 s: setDifficulty(easy)"))
        #expect(lines.contains("  difficulty: normal -> easy"))
        #expect(lines.contains { $0.hasPrefix("Action \(count) of \(count), at ") })
        #expect(lines.contains("  won screen, easy, 10 moves, 8 of 8 cards face up"))
        #expect(!result.standardOutput.contains("\u{1B}"))

        let replayed = try runThreeDucks(["replay", log], in: folder)
        let final = try #require(replayed.lines.first { $0.hasPrefix("Final state: ") })
        #expect(lines.contains(final), "the same final state as replay prints")
        #expect(lines.contains("Replayed \(count) actions from \(log)."))
    }
}
