import Effects
import Foundation
import ReduxRecording
import TestSupport
import Testing
import ThreeDucks
@testable import three_ducks

@Suite struct SessionTests {
    @Test("the title screen shows the difficulty and the high scores loaded at start")
    func titleScreen() throws {
        let harness = try SessionHarness()
        try harness.folder.write(
            #"{"scores":{"easy":{"date":"2026-11-22T10:00:00Z","moves":9}},"version":1}"#,
            to: "high-scores.json"
        )
        let title = harness.start()

        #expect(title.hasPrefix("THREE DUCKS\n"))
        #expect(title.contains("Difficulty: easy (4 pairs, 2 x 4)\n"))
        #expect(title.contains("  easy    9 moves ("))
        #expect(title.contains("  normal  none yet\n"))
        #expect(harness.state.highScores[.easy]?.moves == 9)
    }

    @Test("new deals the grid and draws it once, all face down")
    func newGame() throws {
        let harness = try SessionHarness()
        harness.start()

        #expect(harness.type("new") == .done)

        let screen = harness.output.take()
        #expect(
            screen.components(separatedBy: "THREE DUCKS").count == 2,
            "drawn once, not before the deck arrives")
        #expect(screen.contains("  a [        ] [        ] [        ] [        ]\n"))
        #expect(harness.state.cards == seededDeck(.easy, seed: 42))
    }

    @Test("a flip draws the card face up, and a ducks card quacks after the screen")
    func flipAndQuack() throws {
        let harness = try SessionHarness()
        harness.start()
        harness.type("new")
        _ = harness.output.take()
        let deck = seededDeck(.easy, seed: 42)
        let duck = try #require(deck.firstIndex { $0.animal == .ducks })

        harness.type(coordinate(of: duck, in: deck))

        let screen = harness.output.take()
        #expect(screen.contains("moves: 1"))
        #expect(screen.contains("[  DUCK  ]"))
        #expect(
            screen.hasSuffix(
                "Commands: a coordinate like b3 flips a card; new, give up (q), help, quit\n(quack)\n"
            ))
    }

    @Test("a mismatch stays face up for a second, then the screen redraws by itself")
    func mismatchTurnsBack() throws {
        let harness = try SessionHarness()
        harness.start()
        harness.type("new")
        let deck = seededDeck(.easy, seed: 42)
        let pairs = pairs(in: deck)
        harness.typeQuickly(coordinate(of: pairs[0].0, in: deck))
        harness.typeQuickly(coordinate(of: pairs[1].0, in: deck))
        let shown = harness.output.take()
        #expect(shown.contains("No match: these two turn back in a moment.\n"))
        #expect(shown.hasSuffix("(no match)\n"))

        harness.scheduler.advance(by: .milliseconds(999))
        #expect(harness.output.take() == "")

        harness.scheduler.advance(by: .milliseconds(1))
        let redrawn = harness.output.take()
        #expect(redrawn.hasPrefix("\nTHREE DUCKS  |  easy  |  moves: 2  |  best: -\n"))
        #expect(!redrawn.contains("No match"))
        #expect(harness.state.cards.allSatisfy { !$0.isFlipped })
        #expect(harness.scheduler.pendingWorkCount == 0)
    }

    @Test("a flip while a mismatch shows is refused with one line, as the rules say")
    func flipDuringMismatch() throws {
        let harness = try SessionHarness()
        harness.start()
        harness.type("new")
        let deck = seededDeck(.easy, seed: 42)
        let pairs = pairs(in: deck)
        harness.typeQuickly(coordinate(of: pairs[0].0, in: deck))
        harness.typeQuickly(coordinate(of: pairs[1].0, in: deck))
        _ = harness.output.take()
        let before = harness.state

        #expect(harness.typeQuickly(coordinate(of: pairs[2].0, in: deck)) == .refused)
        #expect(harness.output.take() == "Wait a moment: the two cards turn back first.\n")
        #expect(harness.state == before)
        #expect(harness.typeQuickly(coordinate(of: pairs[0].0, in: deck)) == .refused)
        #expect(
            harness.output.take() == "\(coordinate(of: pairs[0].0, in: deck)) is already face up.\n"
        )
    }

    @Test(
        "a won game: the new high score is told at the last pair, then the won screen shows it, and it is saved"
    )
    func winning() throws {
        let harness = try SessionHarness()
        harness.start()
        harness.type("new")
        let deck = seededDeck(.easy, seed: 42)
        for line in winningScript(for: deck) {
            harness.type(line)
        }
        let output = harness.output.take()

        let won = try #require(
            output.range(of: "THREE DUCKS  |  easy\n\nYou found every pair in 10 moves!\n"))
        let before = String(output[..<won.lowerBound])
        let after = String(output[won.lowerBound...])
        #expect(before.hasSuffix("(match)\nNew high score at easy: 10 moves!\n\n"))
        #expect(
            after.hasSuffix(
                "\nNew high score at easy: 10 moves!\n\nCommands: new (play again), title (q), easy / normal / hard, scores, help, quit\n(ta-da)\n"
            ))
        #expect(harness.state.screen == .won)
        #expect(harness.state.highScores[.easy] == HighScore(moves: 10, date: fixedDate))
        #expect(harness.folder.contents(of: "high-scores.json")?.contains("\"moves\" : 10") == true)
    }

    @Test(
        "new, a difficulty or q typed before the won screen shows keep the record",
        arguments: ["new", "hard", "q"])
    func leavingBeforeTheWonScreen(_ command: String) throws {
        let harness = try SessionHarness()
        harness.start()
        harness.type("new")
        let deck = seededDeck(.easy, seed: 42)
        for line in winningScript(for: deck) {
            harness.typeQuickly(line)
            // Every turned pair is answered, but no time passes: the won screen is still a
            // second away when the command comes.
            if harness.state.selectedCards.count == 2, !harness.state.isWon {
                harness.scheduler.advance(by: .seconds(1))
            }
        }
        #expect(harness.state.isWon && harness.state.screen == .started)
        harness.typeQuickly(command)
        harness.scheduler.advance(by: .seconds(5))

        let record = HighScore(moves: 10, date: fixedDate)
        #expect(harness.state.highScores == [.easy: record])
        #expect(harness.state.screen == (command == "q" ? .title : .started))
        let output = harness.output.take()
        #expect(output.contains("New high score at easy: 10 moves!\n"))
        #expect(!output.contains("You found every pair"))
        #expect(
            try HighScoreFile(path: harness.folder.file("high-scores.json")).load() == [
                .easy: record
            ])
    }

    @Test("a line too long to read gets one line back, and changes nothing")
    func longLine() throws {
        let harness = try SessionHarness()
        harness.start()
        harness.type("new")
        _ = harness.output.take()
        let before = harness.state

        #expect(harness.session.refuseLongLine(limit: 4_096) == .refused)
        #expect(
            harness.output.take()
                == "That line is longer than 4096 bytes, so it was not read: type a card's coordinate, like b3, or help.\n"
        )
        #expect(harness.state == before)
    }

    @Test("q gives up a game, leaves the won screen, and quits from the title")
    func back() throws {
        let harness = try SessionHarness()
        harness.start()
        harness.type("new")
        #expect(harness.type("q") == .done)
        #expect(harness.state.screen == .title)
        #expect(harness.type("Q") == .quit)
    }

    @Test("give up and title are refused with one line where there is nothing to leave")
    func nothingToLeave() throws {
        let harness = try SessionHarness()
        harness.start()
        #expect(harness.type("give up") == .refused)
        #expect(harness.output.take() == "There is no game to give up: type new to start one.\n")
        #expect(harness.type("title") == .refused)
        #expect(harness.output.take() == "This is the title screen: type new to start a game.\n")
        #expect(harness.type("b3") == .refused)
        #expect(harness.output.take() == "No game is being played: type new to start one.\n")
    }

    @Test("a difficulty on the title changes it; during a game it starts a new one, drawn once")
    func difficulty() throws {
        let harness = try SessionHarness()
        harness.start()

        #expect(harness.type("hard") == .done)
        #expect(harness.state.difficulty == .hard)
        #expect(harness.output.take().contains("Difficulty: hard (10 pairs, 4 x 5)"))
        #expect(harness.type("difficulty hard") == .refused)
        #expect(
            harness.output.take() == "The difficulty is already hard: type new to start a game.\n")

        harness.type("new")
        harness.type("a1")
        _ = harness.output.take()
        #expect(harness.type("easy") == .done)
        let screen = harness.output.take()
        #expect(screen.components(separatedBy: "THREE DUCKS").count == 2)
        #expect(screen.contains("THREE DUCKS  |  easy  |  moves: 0"))
        #expect(harness.state.screen == .started)
        #expect(harness.state.cards.count == 8)
    }

    @Test("help and scores print several lines and change nothing")
    func helpAndScores() throws {
        let harness = try SessionHarness()
        harness.start()
        harness.type("new")
        _ = harness.output.take()
        let before = harness.state

        #expect(harness.type("help") == .done)
        #expect(harness.output.take() == Renderer(style: .plain).help(for: .started))
        #expect(harness.type("scores") == .done)
        #expect(
            harness.output.take()
                == "High scores:\n  easy    none yet\n  normal  none yet\n  hard    none yet\n")
        #expect(harness.state == before)
    }

    @Test("muted, no cue shows and no bell rings; otherwise the bell rings once per cue")
    func sounds() throws {
        let deck = seededDeck(.easy, seed: 42)
        let duck = coordinate(of: try #require(deck.firstIndex { $0.animal == .ducks }), in: deck)

        let muted = try SessionHarness(sounds: .muted)
        muted.start()
        muted.type("new")
        muted.type(duck)
        #expect(!muted.output.take().contains("(quack)"))

        let ringing = try SessionHarness(sounds: .visibleWithBell)
        ringing.start()
        ringing.type("new")
        ringing.type(duck)
        #expect(ringing.output.take().hasSuffix("(quack)\n"))
        #expect(ringing.bell.take() == "\u{7}")
    }

    @Test("a high-score file that cannot be read is shown on the title, and play goes on")
    func highScoreError() throws {
        let harness = try SessionHarness()
        try harness.folder.write("{ not json", to: "high-scores.json")
        let title = harness.start()

        #expect(
            title.contains(
                "! The high-score file at \(harness.folder.file("high-scores.json")) could not be read (it is not valid JSON)"
            ))
        #expect(harness.type("new") == .done)
        #expect(harness.state.screen == .started)
    }

    @Test("a recorded session replays, with the reducer alone, to the same state")
    func recordAndReplay() throws {
        let folder = try TemporaryDirectory()
        let log = try RecordingFile(path: folder.file("session.jsonl"))
        let harness = try SessionHarness(recording: log)
        harness.start()
        harness.type("new")
        for line in winningScript(for: seededDeck(.easy, seed: 42)) {
            harness.type(line)
        }
        harness.type("hard")
        harness.type("new")
        harness.type("c5")
        log.close()

        let replay = try ReplayCommand.replay(path: log.path).get()
        #expect(replay.state == harness.state)
        #expect(replay.tornLastLine == nil)
        #expect(StateFingerprint.of(replay.state) == StateFingerprint.of(harness.state))
    }
}

@Suite struct SessionPromptTests {
    @Test(
        "at a prompt, the answer to a line ends with one prompt, after everything the line set off; what arrives later starts a line of its own"
    )
    func promptAfterEverything() throws {
        let harness = try SessionHarness(prompt: "> ")
        harness.start()
        harness.type("new")
        let deck = seededDeck(.easy, seed: 42)
        let script = winningScript(for: deck)
        for line in script.dropLast() {
            harness.type(line)
        }
        _ = harness.output.take()

        // The last pair: its screen, its cue and the record it sets, then the prompt, once.
        harness.typeQuickly(script.last!)
        let answer = harness.output.take()
        #expect(answer.hasSuffix("(match)\nNew high score at easy: 10 moves!\n> "))
        #expect(answer.components(separatedBy: "> ").count == 2, "one prompt")

        // The won screen comes a second later, by itself: after the prompt, on a line of its
        // own, and followed by the prompt again.
        harness.scheduler.advance(by: .seconds(1))
        let won = harness.output.take()
        #expect(won.hasPrefix("\nTHREE DUCKS  |  easy\n"))
        #expect(won.hasSuffix("(ta-da)\n> "))
    }

    @Test("at a prompt, a mismatch turning back by itself starts a line of its own")
    func mismatchAfterThePrompt() throws {
        let harness = try SessionHarness(prompt: "> ")
        harness.start()
        harness.type("new")
        let deck = seededDeck(.easy, seed: 42)
        let pairs = pairs(in: deck)
        harness.typeQuickly(coordinate(of: pairs[0].0, in: deck))
        harness.typeQuickly(coordinate(of: pairs[1].0, in: deck))
        #expect(harness.output.take().hasSuffix("(no match)\n> "))
        harness.scheduler.advance(by: .seconds(1))
        let redrawn = harness.output.take()
        #expect(redrawn.hasPrefix("\nTHREE DUCKS  |  easy  |  moves: 2"))
        #expect(redrawn.hasSuffix("> "))
    }

    @Test("a reply to a typed line follows it directly, as before")
    func replies() throws {
        let harness = try SessionHarness(prompt: "> ")
        #expect(harness.start().hasSuffix("quit (q)\n> "))
        harness.type("z9")
        #expect(harness.output.take() == "No game is being played: type new to start one.\n> ")
        harness.type("help")
        #expect(harness.output.take().hasPrefix("How to play"))
    }
}
