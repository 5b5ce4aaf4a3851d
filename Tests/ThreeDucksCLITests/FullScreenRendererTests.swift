import Foundation
import TestSupport
import Testing
import ThreeDucks
@testable import three_ducks

/// The full-screen frames as pure functions of the state, the controls and the size.
@Suite struct FullScreenRendererTests {
    private let plain = FullScreenRenderer(style: .plain)
    private let fancy = FullScreenRenderer(style: .fancy)

    private func game(
        _ difficulty: Difficulty, seed: UInt64 = 1, flipped: [Int] = [], selected: [Int] = []
    ) -> ThreeDucksState {
        var cards = seededDeck(difficulty, seed: seed)
        for index in flipped + selected { cards[index].isFlipped = true }
        return ThreeDucksState(
            screen: .started,
            difficulty: difficulty,
            cards: cards,
            selectedCards: selected.map { cards[$0].id },
            moves: flipped.count + selected.count,
            highScores: [difficulty: HighScore(moves: 14, date: fixedDate)]
        )
    }

    private func controls(pressing keys: [Key] = [], in state: ThreeDucksState) -> GameControls {
        var controls = GameControls()
        _ = controls.observe(state, cues: [])
        for key in keys { _ = controls.handle(key, in: state, frame: nil) }
        return controls
    }

    /// Every screen the game can show, at every level, with the longest texts they can hold.
    private func everyScreen() -> [(String, ThreeDucksState, GameControls)] {
        let error =
            "The high-score file at /home/someone/.local/share/three-ducks/high-scores.json could not be read "
            + "(it is not valid JSON); it was moved to /home/someone/.local/share/three-ducks/high-scores.json.corrupt-1 "
            + "and a new one will be written."
        var screens: [(String, ThreeDucksState, GameControls)] = []
        for difficulty in Difficulty.allCases {
            var title = ThreeDucksState(difficulty: difficulty, highScoreError: error)
            title.highScores = [
                .easy: HighScore(moves: 10, date: fixedDate),
                .hard: HighScore(moves: 1234, date: fixedDate),
            ]
            screens.append(
                ("title \(difficulty)", title, controls(pressing: [.character("x")], in: title)))
            let deck = seededDeck(difficulty, seed: 1)
            let other = deck.indices.first { deck[$0].animal != deck[0].animal }!
            var mismatch = game(difficulty, selected: [0, other])
            mismatch.isNewRecord = true
            mismatch.highScoreError = error
            var turning = controls(pressing: [.character("b"), .character("9")], in: mismatch)
            _ = turning.observe(mismatch, cues: [.quack, .mismatch, .match, .win])
            screens.append(("game \(difficulty)", mismatch, turning))
            var won = game(difficulty, flipped: Array(deck.indices))
            won.screen = .won
            won.isNewRecord = true
            won.highScoreError = error
            screens.append(("won \(difficulty)", won, controls(in: won)))
        }
        var help = GameControls()
        _ = help.handle(.character("?"), in: ThreeDucksState(), frame: nil)
        screens.append(("help", ThreeDucksState(), help))
        return screens
    }

    @Test(
        "every screen, at every level and in both styles, fits an 80 x 24 terminal without wrapping"
    )
    func everyScreenFits() {
        for (name, state, controls) in everyScreen() {
            for renderer in [plain, fancy] {
                let frame = renderer.frame(state, controls: controls, size: .standard)
                #expect(
                    !frame.lines.contains { $0.contains("too small") },
                    "\(name): \(frame.lines.joined(separator: "\n"))")
                #expect(
                    frame.fits(in: .standard), "\(name) is \(frame.width) x \(frame.lines.count)")
                #expect(
                    !frame.lines.contains {
                        $0.contains("\n") || $0.contains("\r") || $0.contains("H\u{1B}")
                    })
            }
        }
    }

    @Test("the plain style is ASCII without escape codes; the fancy one has colours and emoji")
    func styles() {
        for (name, state, controls) in everyScreen() {
            let text = plain.frame(state, controls: controls, size: .standard).lines.joined()
            #expect(text.unicodeScalars.allSatisfy { $0.isASCII && $0 != "\u{1B}" }, "\(name)")
        }
        let state = game(.easy, flipped: [0])
        let text = fancy.frame(state, controls: controls(in: state), size: .standard).lines.joined()
        #expect(
            text.contains("\u{1B}[")
                && text.contains(Renderer(style: .fancy).emoji(state.cards[0].animal)))
    }

    @Test(
        "the game screen: the moves and the best in the header, the cursor on its card, a hotspot on every card"
    )
    func gameScreen() {
        let state = game(.normal, flipped: [5])
        var controls = controls(in: state)
        _ = controls.handle(.down, in: state, frame: nil)
        _ = controls.handle(.right, in: state, frame: nil)
        let frame = plain.frame(state, controls: controls, size: .standard)

        #expect(frame.lines[0] == " THREE DUCKS | normal | moves: 1 | best: 14")
        let grid = Grid(.normal)
        for index in state.cards.indices {
            let hotspot = frame.hotspots.first { $0.target == .card(index) }
            #expect(hotspot != nil)
            guard let hotspot else { continue }
            let line = Array(frame.lines[hotspot.row])
            #expect(hotspot.columns.count == 12)
            #expect(
                line[hotspot.columns.lowerBound + 1] == "["
                    && line[hotspot.columns.upperBound - 2] == "]")
            #expect(
                frame.lines[hotspot.row].hasPrefix(" \(grid.coordinate(ofIndex: index).rowLetter) ")
            )
            let face = String(
                line[(hotspot.columns.lowerBound + 1)..<(hotspot.columns.upperBound - 1)])
            #expect(
                face
                    == (index == 5
                        ? "["
                            + Renderer(style: .plain).centered(
                                Renderer(style: .plain).shortName(state.cards[5].animal), width: 8)
                            + "]" : "[        ]"))
            // A row ends at its last card: a mark of the cursor only, no blank after it.
            let end = hotspot.columns.upperBound - 1
            let marks = (line[hotspot.columns.lowerBound], end < line.count ? line[end] : " ")
            #expect(
                index == 5 ? marks == (">", "<") : marks == (" ", " "),
                "the cursor is on b2 (index 5) only")
        }
        #expect(frame.target(atRow: 0, column: 0) == nil)
    }

    @Test("a mismatch shows both cards and says they turn back; a pair says what it is")
    func verdicts() throws {
        let deck = seededDeck(.easy, seed: 1)
        let other = try #require(deck.indices.first { deck[$0].animal != deck[0].animal })
        let match = try #require(
            deck.indices.first { $0 != 0 && deck[$0].animal == deck[0].animal })
        let mismatch = game(.easy, selected: [0, other])
        let mismatchFrame = plain.frame(mismatch, controls: controls(in: mismatch), size: .standard)
        #expect(mismatchFrame.lines.contains(" No match: these two turn back in a moment."))
        let faces = mismatchFrame.lines.joined()
        #expect(
            faces.contains(Renderer(style: .plain).shortName(deck[0].animal))
                && faces.contains(Renderer(style: .plain).shortName(deck[other].animal)))
        let fancyMismatch = fancy.frame(mismatch, controls: controls(in: mismatch), size: .standard)
            .lines.joined()
        #expect(fancyMismatch.contains("\u{1B}[1;31m["), "the mismatched cards are red")

        let pair = game(.easy, selected: [0, match])
        #expect(
            plain.frame(pair, controls: controls(in: pair), size: .standard).lines.contains(
                " A pair of \(deck[0].animal.pluralName)!"))
    }

    @Test("each cue shows in words and a colour of its own")
    func cues() {
        let state = game(.easy)
        var controls = controls(in: state)
        _ = controls.observe(state, cues: SoundCue.allCases)
        #expect(
            plain.frame(state, controls: controls, size: .standard).lines.contains(
                " (quack)  (match)  (no match)  (ta-da)"))
        let line =
            fancy.frame(state, controls: controls, size: .standard).lines.first { $0.contains("♪") }
            ?? ""
        for (cue, code) in [
            ("♪ Quack!", "1;33"), ("♪ Match!", "1;32"), ("♪ No match.", "1;31"),
            ("♪ Ta-da!", "1;35"),
        ] {
            #expect(line.contains("\u{1B}[\(code)m\(cue)\u{1B}[0m"))
        }
    }

    @Test(
        "the title screen: the chosen level is marked, and every level and New Game can be clicked")
    func titleScreen() {
        let state = ThreeDucksState(
            difficulty: .hard, highScores: [.easy: HighScore(moves: 9, date: fixedDate)])
        let frame = plain.frame(state, controls: controls(in: state), size: .standard)
        #expect(frame.lines.contains("  > 3  hard    10 pairs, 4 x 5"))
        #expect(frame.lines.contains("    1  easy     4 pairs, 2 x 4"))
        #expect(frame.lines.contains { $0.hasPrefix("    easy    9 moves (") })
        for level in Difficulty.allCases {
            let hotspot = frame.hotspot(of: .difficulty(level))
            #expect(hotspot.map { frame.lines[$0.row].contains(level.rawValue) } == true)
        }
        let newGame = frame.hotspot(of: .newGame)
        #expect(newGame.map { String(Array(frame.lines[$0.row])[$0.columns]) } == "[ New game ]")
    }

    @Test("the won screen: the result, the record, and Go Again and Title to click")
    func wonScreen() {
        var state = game(.easy, flipped: Array(0..<8))
        state.screen = .won
        state.moves = 12
        let frame = plain.frame(state, controls: controls(in: state), size: .standard)
        #expect(frame.lines.contains(" You found every pair in 12 moves!"))
        #expect(
            frame.lines.contains(
                " Best at easy: 14 moves (\(Renderer(style: .plain).day(fixedDate)))."))
        #expect(
            frame.hotspot(of: .goAgain).map { String(Array(frame.lines[$0.row])[$0.columns]) }
                == "[ Go again ]")
        #expect(
            frame.hotspot(of: .title).map { String(Array(frame.lines[$0.row])[$0.columns]) }
                == "[ Title ]")
        #expect(!frame.lines.joined().contains(">["), "no cursor on a finished grid")
        state.isNewRecord = true
        #expect(
            plain.frame(state, controls: controls(in: state), size: .standard).lines.contains(
                " New high score at easy: 12 moves!"))
    }

    @Test(
        "a terminal too small: a frame that says so, with the size the screen needs, within the terminal"
    )
    func tooSmall() {
        let state = game(.hard)
        let size = TerminalSize(columns: 40, rows: 10)
        let frame = fancy.frame(state, controls: controls(in: state), size: size)
        #expect(frame.fits(in: size))
        #expect(frame.hotspots.isEmpty)
        let text = frame.lines.joined(separator: " ")
        #expect(
            text.contains("too small for this screen: it is 40 × 10, and the screen needs 78 × 16.")
        )

        let tiny = TerminalSize(columns: 12, rows: 2)
        #expect(plain.frame(state, controls: controls(in: state), size: tiny).fits(in: tiny))
        let oneShort = TerminalSize(columns: 77, rows: 16)
        #expect(fancy.frame(state, controls: controls(in: state), size: oneShort).hotspots.isEmpty)
        let enough = TerminalSize(columns: 78, rows: 16)
        #expect(
            fancy.frame(state, controls: controls(in: state), size: enough).hotspots.count == 20)
    }
}
