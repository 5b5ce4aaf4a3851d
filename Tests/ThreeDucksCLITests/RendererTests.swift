import Foundation
import Testing
import ThreeDucks
@testable import three_ducks

/// The screens, as text.
@Suite struct RendererTests {
    let plain = Renderer(style: .plain)
    let fancy = Renderer(style: .fancy)

    /// An easy deck (bat, ducks, bear, pelican, twice each) in a fixed order.
    static let deck: [Card] = [
        .bat, .ducks, .bear, .pelican, .pelican, .bear, .ducks, .bat,
    ].enumerated().map { Card(id: $0.offset, animal: $0.element) }

    static func game(flipped: [Int] = [], selected: [Int] = [], moves: Int = 0) -> ThreeDucksState {
        var cards = deck
        for index in flipped { cards[index].isFlipped = true }
        return ThreeDucksState(
            screen: .started, difficulty: .easy, cards: cards, selectedCards: selected, moves: moves
        )
    }

    @Test("the title screen, plain")
    func title() {
        let state = ThreeDucksState(difficulty: .hard)
        #expect(
            plain.screen(state) == """
                THREE DUCKS
                Find the pairs: turn two cards at a time, in as few moves as you can.

                Difficulty: hard (10 pairs, 4 x 5)

                High scores:
                  easy    none yet
                  normal  none yet
                  hard    none yet

                Commands: new (n), easy / normal / hard, scores, help, quit (q)

                """)
    }

    @Test("the game screen: coordinates, face-up cards by name, the moves, the commands")
    func game() {
        let state = Self.game(flipped: [1, 4, 3], selected: [4], moves: 5)
        #expect(
            plain.screen(state) == """
                THREE DUCKS  |  easy  |  moves: 5  |  best: -

                        1          2          3          4
                  a [        ] [  DUCK  ] [        ] [PELICAN ]
                  b [PELICAN ] [        ] [        ] [        ]

                Commands: a coordinate like b3 flips a card; new, give up (q), help, quit

                """)
    }

    @Test("a mismatch showing says the cards turn back; a pair says so too")
    func pairShowing() {
        let mismatch = Self.game(flipped: [0, 1], selected: [0, 1], moves: 2)
        #expect(plain.game(mismatch).contains("\nNo match: these two turn back in a moment.\n"))
        let pair = Self.game(flipped: [0, 7], selected: [0, 7], moves: 2)
        #expect(plain.game(pair).contains("\nA pair of bats!\n"))
    }

    @Test("a pair is named in the plural, for every animal", arguments: Animal.allCases)
    func pairOfEveryAnimal(_ animal: Animal) {
        let plurals: [Animal: String] = [
            .bat: "bats", .ducks: "ducks", .bear: "bears", .pelican: "pelicans", .horse: "horses",
            .elephant: "elephants", .owl: "owls", .frog: "frogs", .fox: "foxes", .whale: "whales",
        ]
        let state = ThreeDucksState(
            screen: .started,
            difficulty: .hard,
            cards: (0..<4).map {
                Card(
                    id: $0, animal: $0 < 2 ? animal : (animal == .bat ? .owl : .bat),
                    isFlipped: $0 < 2)
            },
            selectedCards: [0, 1],
            moves: 2
        )
        #expect(plain.game(state).contains("\nA pair of \(plurals[animal]!)!\n"))
    }

    @Test("the won screen shows the moves, the grid, and the best score or the new record")
    func won() {
        var state = Self.game(flipped: Array(0..<8), moves: 12)
        state.screen = .won
        state.highScores[.easy] = HighScore(
            moves: 9, date: Date(timeIntervalSince1970: 1_795_341_600))
        let text = plain.screen(state)
        #expect(text.hasPrefix("THREE DUCKS  |  easy\n\nYou found every pair in 12 moves!\n\n"))
        #expect(text.contains("  b [PELICAN ] [  BEAR  ] [  DUCK  ] [  BAT   ]\n"))
        #expect(text.contains("\nBest at easy: 9 moves (2026-11-2"))
        #expect(
            text.hasSuffix(
                "\nCommands: new (play again), title (q), easy / normal / hard, scores, help, quit\n"
            ))

        state.isNewRecord = true
        #expect(plain.screen(state).contains("\nNew high score at easy: 12 moves!\n"))
        #expect(!plain.screen(state).contains("Best at"))
    }

    @Test("the hard grid has four rows of five")
    func hardBoard() {
        let cards = (0..<20).map {
            Card(id: $0, animal: Animal.allCases[$0 / 2], isFlipped: $0 == 19)
        }
        let board = plain.board(ThreeDucksState(screen: .started, difficulty: .hard, cards: cards))
        #expect(
            board == """
                        1          2          3          4          5
                  a [        ] [        ] [        ] [        ] [        ]
                  b [        ] [        ] [        ] [        ] [        ]
                  c [        ] [        ] [        ] [        ] [        ]
                  d [        ] [        ] [        ] [        ] [ WHALE  ]

                """)
    }

    @Test("plain text is printable ASCII with no escape codes; fancy has colours, emoji, a clear")
    func styles() {
        var state = Self.game(flipped: Array(0..<8), moves: 12)
        for screen in [Screen.title, .started, .won] {
            state.screen = screen
            let text =
                plain.screen(state) + plain.cues(SoundCue.allCases) + plain.newRecord(state)
                + plain.highScoreError("The file is gone.") + plain.help(for: screen)
            #expect(
                text.unicodeScalars.allSatisfy { (0x20...0x7E).contains($0.value) || $0 == "\n" })
        }
        state.screen = .started
        let text = fancy.screen(state)
        #expect(text.hasPrefix("\u{1B}[H\u{1B}[2J"))
        #expect(text.contains("\u{1B}[32m[🦆 DUCK    ]\u{1B}[0m"))
        #expect(fancy.cues([.quack, .match]) == "\u{1B}[35m♪ Quack!  ♪ Match!\u{1B}[0m\n")
    }

    @Test("every screen and every help fits in 80 columns in plain text")
    func width() {
        var state = Self.game(flipped: Array(0..<8), moves: 12)
        state.highScoreError = nil
        for screen in [Screen.title, .started, .won] {
            state.screen = screen
            for line in (plain.screen(state) + plain.help(for: screen)).split(separator: "\n") {
                #expect(line.count <= 80, "too wide: \(line)")
            }
        }
    }

    @Test("sound cues, plain and on one line")
    func cues() {
        #expect(plain.cues([]) == "")
        #expect(plain.cues([.quack]) == "(quack)\n")
        #expect(plain.cues([.quack, .mismatch]) == "(quack) (no match)\n")
        #expect(plain.cues([.match, .win]) == "(match) (ta-da)\n")
    }

    @Test("a summary names the screen, the level, the moves and the cards face up")
    func summary() {
        #expect(
            plain.summary(Self.game(flipped: [0], selected: [0], moves: 1))
                == "game screen, easy, 1 move, 1 of 8 cards face up")
        #expect(
            plain.summary(ThreeDucksState())
                == "title screen, normal, 0 moves, 0 of 0 cards face up")
        let final = plain.finalState(ThreeDucksState())
        #expect(
            final.hasPrefix(
                "Final state: title screen, normal, 0 moves, 0 of 0 cards face up (fingerprint "))
        #expect(final == plain.finalState(ThreeDucksState()))
        #expect(final != plain.finalState(ThreeDucksState(difficulty: .easy)))
    }

    @Test("an autoplay move: number, coordinate, animal, what became of the pair, the cues")
    func autoplayMove() {
        let b2 = Coordinate(row: 1, column: 1)
        #expect(
            plain.autoplayMove(number: 3, coordinate: b2, animal: .bear, outcome: .first, cues: [])
                == "move   3  b2  BEAR\n")
        #expect(
            plain.autoplayMove(
                number: 4, coordinate: b2, animal: .ducks, outcome: .pair, cues: [.quack, .match])
                == "move   4  b2  DUCK      a pair: they stay face up  (quack) (match)\n")
        #expect(
            plain.autoplayMove(
                number: 12, coordinate: b2, animal: .elephant, outcome: .mismatch, cues: [])
                == "move  12  b2  ELEPHANT  no match: they turn back\n")
        #expect(Renderer.duration(seconds: 1) == "1 s")
        #expect(Renderer.duration(seconds: 1 / 20) == "50 ms")
        #expect(Renderer.duration(seconds: 1 / 3) == "333 ms")
        #expect(Renderer.duration(seconds: 1 / 5000) == "less than 1 ms")
    }

    @Test(
        "the style follows the output: fancy on a terminal, plain for pipes, NO_COLOR, dumb terminals and --plain"
    )
    func styleForOutput() {
        #expect(
            RenderStyle.forOutput(isTerminal: true, environment: [:], plainRequested: false)
                == .fancy)
        #expect(
            RenderStyle.forOutput(isTerminal: false, environment: [:], plainRequested: false)
                == .plain)
        #expect(
            RenderStyle.forOutput(
                isTerminal: true, environment: ["NO_COLOR": "1"], plainRequested: false) == .plain)
        #expect(
            RenderStyle.forOutput(
                isTerminal: true, environment: ["NO_COLOR": ""], plainRequested: false) == .fancy)
        #expect(
            RenderStyle.forOutput(
                isTerminal: true, environment: ["TERM": "dumb"], plainRequested: false) == .plain)
        #expect(
            RenderStyle.forOutput(isTerminal: true, environment: [:], plainRequested: true)
                == .plain)
    }
}
