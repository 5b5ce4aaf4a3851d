import TestSupport
import Testing
import ThreeDucks
@testable import three_ducks

/// The keys and clicks of the full-screen game, on virtual time: ``GameControls`` with the
/// real store, drawn by the real renderer.
@Suite struct FullScreenGameTests {
    private func playing(seed: UInt64 = 42, difficulty: Difficulty = .easy) throws
        -> FullScreenHarness
    {
        let harness = try FullScreenHarness(seed: seed, difficulty: difficulty)
        harness.start()
        harness.press(.enter)
        harness.settle()
        return harness
    }

    @Test(
        "title: arrows, hjkl and wasd move through the levels, 1 2 3 choose one, Enter, Space or n start"
    )
    func title() throws {
        let harness = try FullScreenHarness(difficulty: nil)
        harness.start()
        #expect(harness.state.difficulty == .normal)
        #expect(harness.screen.contains("  > 2  normal"))
        harness.press(.down)
        #expect(harness.state.difficulty == .hard)
        harness.press(.down, .character("j"), .character("s"))
        #expect(harness.state.difficulty == .hard, "stops at the last")
        harness.press(.up, .character("k"))
        #expect(harness.state.difficulty == .easy)
        harness.type("d")
        #expect(harness.state.difficulty == .normal)
        harness.type("3")
        #expect(harness.state.difficulty == .hard)
        harness.type("1")
        #expect(harness.state.difficulty == .easy)
        #expect(harness.screen.contains("  > 1  easy"))
        #expect(harness.state.screen == .title)

        for start in [Key.enter, .character(" "), .character("n"), .character("N")] {
            harness.press(.escape)
            harness.settle()
            #expect(harness.state.screen == .title)
            harness.press(start)
            harness.settle()
            #expect(harness.state.screen == .started && harness.state.cards.count == 8, "\(start)")
        }
    }

    @Test("the cursor starts on a1, moves with the arrows, hjkl and wasd, and stops at the edges")
    func cursor() throws {
        let harness = try playing()
        #expect(harness.cursorIndex == 0)
        harness.press(.right, .right)
        #expect(harness.cursorIndex == 2)
        harness.press(.down, .down, .down)
        #expect(harness.cursorIndex == 6)
        harness.type("lll")
        #expect(harness.cursorIndex == 7)
        harness.type("kh")
        #expect(harness.cursorIndex == 2)
        harness.type("wwaaas")
        #expect(harness.cursorIndex == 4)
        harness.press(.up, .left)
        #expect(harness.cursorIndex == 0)
        #expect(harness.state.moves == 0, "moving flips nothing")
    }

    @Test(
        "Space and Enter flip the card under the cursor; a card face up gets a reply, and nothing changes"
    )
    func flipUnderTheCursor() throws {
        let harness = try playing()
        let deck = seededDeck(.easy, seed: 42)
        harness.press(.character(" "))
        #expect(harness.state.cards[0].isFlipped && harness.state.moves == 1)
        let before = harness.state
        harness.press(.enter)
        #expect(harness.state == before)
        #expect(harness.screen.contains("a1 is already face up."))
        let match = try #require(
            deck.indices.first { $0 != 0 && deck[$0].animal == deck[0].animal })
        let coordinate = Grid(.easy).coordinate(ofIndex: match)
        harness.press(.down)
        #expect(!harness.screen.contains("already face up"), "a reply lasts until the next key")
        harness.type(coordinate.description)
        #expect(harness.state.cards[match].isFlipped && harness.state.moves == 2)
        #expect(harness.cursorIndex == match, "the cursor goes where the coordinate was typed")
    }

    @Test(
        "a row letter then a column flips that card; a coordinate off the grid gets a reply; a column alone asks for the row"
    )
    func typedCoordinates() throws {
        let harness = try playing()
        harness.type("b")
        #expect(harness.screen.contains("Row b: now its column, 1 to 4."))
        harness.type("3")
        #expect(harness.state.cards[harness.state.index(at: "b3")].isFlipped)
        harness.type("b9")
        #expect(harness.screen.contains("There is no card b9: the grid has rows a-b, columns 1-4."))
        harness.type("c")
        #expect(
            harness.screen.contains("Unknown key c: press ? for the keys."), "easy has no row c")
        harness.type("1")
        #expect(harness.screen.contains("Type a row letter, then its column number: b3."))
        harness.press(.character("a"), .backspace, .character("1"))
        #expect(!harness.state.cards[0].isFlipped, "Backspace forgets the row")
        #expect(harness.state.moves == 1)
    }

    @Test(
        "a flip pressed while a mismatch shows waits, and is played the moment the pair turns back")
    func flipDuringTheMismatch() throws {
        let harness = try playing()
        let deck = seededDeck(.easy, seed: 42)
        let pairs = pairs(in: deck)
        let (first, second) = (pairs[0].0, pairs[1].0)
        let third = try #require(deck.indices.first { ![first, second].contains($0) })
        harness.type(coordinate(of: first, in: deck) + coordinate(of: second, in: deck))
        #expect(harness.screen.contains("No match: these two turn back in a moment."))

        harness.type(coordinate(of: third, in: deck))
        #expect(
            harness.screen.contains(
                "\(coordinate(of: third, in: deck)) turns over as soon as these two turn back."))
        #expect(harness.state.moves == 2)
        harness.advance(by: .milliseconds(999))
        #expect(harness.state.moves == 2 && harness.state.cards[first].isFlipped)

        harness.advance(by: .milliseconds(1))
        #expect(harness.state.moves == 3)
        #expect(!harness.state.cards[first].isFlipped && !harness.state.cards[second].isFlipped)
        #expect(
            harness.state.cards[third].isFlipped && harness.state.selectedCards == [deck[third].id])
        #expect(!harness.screen.contains("turns over"))
    }

    @Test(
        "a card of the mismatch showing, pressed during the second, is flipped again once the pair turns back"
    )
    func flipACardOfTheMismatch() throws {
        let harness = try playing()
        let deck = seededDeck(.easy, seed: 42)
        let pairs = pairs(in: deck)
        harness.type(coordinate(of: pairs[0].0, in: deck) + coordinate(of: pairs[1].0, in: deck))
        harness.type(coordinate(of: pairs[0].0, in: deck))
        #expect(harness.screen.contains("turns over again as soon as these two turn back."))
        harness.advance(by: .seconds(1))
        #expect(harness.state.moves == 3 && harness.state.selectedCards == [deck[pairs[0].0].id])
    }

    @Test("giving up during the mismatch drops the flip that was waiting")
    func giveUpDropsTheWaitingFlip() throws {
        let harness = try playing()
        let deck = seededDeck(.easy, seed: 42)
        let pairs = pairs(in: deck)
        harness.type(
            coordinate(of: pairs[0].0, in: deck) + coordinate(of: pairs[1].0, in: deck)
                + coordinate(of: pairs[2].0, in: deck))
        harness.press(.escape)
        harness.settle()
        #expect(harness.state.screen == .title)
        harness.press(.enter)
        harness.settle()
        #expect(harness.state.moves == 0 && harness.state.cards.allSatisfy { !$0.isFlipped })
    }

    @Test(
        "a click flips the card it hits and moves the cursor there; a release, the wheel or a click between cards do nothing"
    )
    func clicks() throws {
        let harness = try playing()
        let b3 = harness.state.index(at: "b3")
        let hotspot = try #require(harness.frame.hotspot(of: .card(b3)))
        let row = hotspot.row + 1
        harness.press(
            .mouse(
                MouseReport(
                    button: .left, column: hotspot.columns.lowerBound + 1, row: row, isRelease: true
                )))
        harness.press(
            .mouse(
                MouseReport(button: .wheelDown, column: hotspot.columns.lowerBound + 1, row: row)))
        harness.press(
            .mouse(MouseReport(button: .right, column: hotspot.columns.lowerBound + 1, row: row)))
        harness.press(.mouse(MouseReport(button: .left, column: 1, row: row)))
        harness.press(
            .mouse(MouseReport(button: .left, column: hotspot.columns.lowerBound + 1, row: row + 1))
        )
        #expect(harness.state.moves == 0)

        // The first and the last column of the card's slot both hit it.
        harness.press(
            .mouse(MouseReport(button: .left, column: hotspot.columns.upperBound, row: row)))
        #expect(harness.state.cards[b3].isFlipped && harness.state.moves == 1)
        #expect(harness.cursorIndex == b3)
        harness.click(.card(0))
        #expect(harness.state.cards[0].isFlipped && harness.cursorIndex == 0)
    }

    @Test(
        "the last pair: the record shows at once, the won screen a second later; then Enter plays again, g goes back, a click on Go Again or Title"
    )
    func wonScreen() throws {
        let harness = try playing()
        let deck = seededDeck(.easy, seed: 42)
        for line in winningScript(for: deck) {
            harness.type(line)
            harness.advance(by: .milliseconds(500))
        }
        #expect(harness.state.screen == .started && harness.state.isNewRecord)
        #expect(harness.screen.contains("New high score at easy: 10 moves!"))
        harness.advance(by: .milliseconds(500))
        #expect(harness.state.screen == .won)
        #expect(harness.screen.contains("You found every pair in 10 moves!"))
        #expect(harness.frame.lines.contains(" (ta-da)"), "the won screen starts with its own cue")

        harness.press(.enter)
        harness.settle()
        #expect(
            harness.state.screen == .started && harness.state.moves == 0
                && harness.state.difficulty == .easy)
        harness.press(.character("g"))
        harness.settle()
        #expect(harness.state.screen == .title)

        for (target, screen) in [(ScreenFrame.Target.goAgain, Screen.started), (.title, .title)] {
            let again = try playing()
            for line in winningScript(for: deck) {
                again.type(line)
                again.settle()
            }
            #expect(again.state.screen == .won)
            #expect(again.click(target) == .carryOn)
            again.settle()
            #expect(again.state.screen == screen)
        }
    }

    @Test("q, Ctrl-C and Ctrl-D quit from every screen; Ctrl-Z suspends, Ctrl-L redraws")
    func leaving() throws {
        let harness = try playing()
        #expect(harness.press(.character("q")) == [.quit])
        #expect(harness.press(.interrupt) == [.quit])
        #expect(harness.press(.endOfInput) == [.quit])
        #expect(harness.press(.suspend) == [.suspend])
        #expect(harness.press(.redraw) == [.redraw])
        harness.press(.escape)
        harness.settle()
        #expect(harness.state.screen == .title)
        #expect(harness.press(.character("Q")) == [.quit])
    }

    @Test("? shows the keys over the screen; any key closes it and does nothing else")
    func help() throws {
        let harness = try playing()
        harness.press(.character("?"))
        #expect(harness.screen.contains("Press any key to go back."))
        #expect(harness.screen.contains("flip the card under the cursor"))
        harness.press(.character(" "))
        #expect(!harness.screen.contains("Press any key"))
        #expect(harness.state.moves == 0, "the key that closed the help flipped nothing")
        harness.press(.character(" "))
        #expect(harness.state.moves == 1)
    }

    @Test("the cues of a pair show together, each in its own words; the next pair starts afresh")
    func cues() throws {
        let harness = try playing()
        let deck = seededDeck(.easy, seed: 42)
        let duck = try #require(deck.indices.first { deck[$0].animal == .ducks })
        let otherDuck = try #require(deck.indices.last { deck[$0].animal == .ducks })
        let other = try #require(deck.indices.first { deck[$0].animal != .ducks })
        harness.type(coordinate(of: duck, in: deck))
        #expect(harness.frame.lines.contains(" (quack)"))
        harness.type(coordinate(of: otherDuck, in: deck))
        #expect(harness.frame.lines.contains(" (quack)  (quack)  (match)"))
        harness.type(coordinate(of: other, in: deck))
        #expect(!harness.screen.contains("(quack)"))
        #expect(!harness.screen.contains("(match)"))
        let mismatch = try #require(
            deck.indices.first {
                !harness.state.cards[$0].isFlipped && deck[$0].animal != deck[other].animal
                    && deck[$0].animal != .ducks
            })
        harness.type(coordinate(of: mismatch, in: deck))
        #expect(harness.frame.lines.contains(" (no match)"))
    }

    @Test("a mute game shows no cues")
    func muted() throws {
        let base = try SessionHarness(sounds: .muted)
        let game = FullScreenGame(session: base.session, style: .plain)
        base.session.begin()
        base.scheduler.run()
        _ = game.handle(.enter, on: game.frame(for: .standard))
        base.scheduler.run()
        game.refresh()
        let deck = seededDeck(.easy, seed: 42)
        let duck = try #require(deck.indices.first { deck[$0].animal == .ducks })
        for character in coordinate(of: duck, in: deck) {
            _ = game.handle(.character(character), on: game.frame(for: .standard))
        }
        #expect(base.state.moves == 1)
        #expect(!game.frame(for: .standard).lines.contains { $0.contains("(quack)") })
    }
}
