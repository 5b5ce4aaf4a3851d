import ReduxRecording
import TestSupport
import Testing
import ThreeDucks
@testable import three_ducks

/// The inspector's keys and frames, without a terminal.
@Suite struct ReplayInspectorTests {
    private func timeline(actions: Int = 30) -> ReplayTimeline {
        let deck = seededDeck(.easy, seed: 5)
        var entries: [ThreeDucksAction] = [.setDifficulty(.easy), .startGame, .dealt(deck)]
        while entries.count < actions {
            entries += [.flipCard(entries.count % 8), .unFlipSelectedCards]
        }
        return ReplayTimeline(
            Recording(
                entries: entries.prefix(actions).enumerated().map {
                    RecordedAction(time: .milliseconds(100 * $0.offset), action: $0.element)
                }))
    }

    private func press(_ inspector: ReplayInspector, _ keys: Key...) -> [FullScreenLoop.Outcome] {
        keys.map { inspector.handle($0, on: inspector.frame(for: .standard)) }
    }

    @Test(
        "the arrows step back and forth, Home and End jump, Page Up and Down move by ten, within the log"
    )
    func keys() {
        let inspector = ReplayInspector(timeline: timeline(), name: "game.jsonl", style: .plain)
        #expect(inspector.position == 1)
        _ = press(inspector, .left)
        #expect(inspector.position == 1, "nothing before the first")
        _ = press(inspector, .right, .right, .character("l"), .character(" "))
        #expect(inspector.position == 5)
        _ = press(inspector, .left, .character("h"))
        #expect(inspector.position == 3)
        _ = press(inspector, .end)
        #expect(inspector.position == 30)
        _ = press(inspector, .right)
        #expect(inspector.position == 30, "nothing after the last")
        _ = press(inspector, .pageUp)
        #expect(inspector.position == 20)
        _ = press(inspector, .home, .pageDown, .pageDown)
        #expect(inspector.position == 21)
        _ = press(inspector, .mouse(MouseReport(button: .wheelUp, column: 1, row: 1)))
        #expect(inspector.position == 20)
        _ = press(inspector, .character("x"), .unknown([1, 2]))
        #expect(inspector.position == 20)
    }

    @Test("q, Escape, Ctrl-C and Ctrl-D quit")
    func quitting() {
        let inspector = ReplayInspector(timeline: timeline(), name: "game.jsonl", style: .plain)
        #expect(
            press(inspector, .character("q"), .escape, .interrupt, .endOfInput) == [
                .quit, .quit, .quit, .quit,
            ])
        #expect(press(inspector, .right) == [.carryOn])
    }

    @Test(
        "a frame: where in the log and when, the action, the board after it, the summary, what changed"
    )
    func frame() {
        let inspector = ReplayInspector(timeline: timeline(), name: "game.jsonl", style: .plain)
        _ = press(inspector, .right, .right, .right)
        let lines = inspector.frame(for: .standard).lines
        #expect(lines[0] == " REPLAY action 4 of 30 | at 0.300 s | game.jsonl")
        let animal = seededDeck(.easy, seed: 5)[3].animal
        #expect(
            lines[1] == " flipCard(3): a4, " + (animal == .ducks ? "ducks" : "a \(animal.rawValue)")
        )
        #expect(lines.contains { $0.hasPrefix(" a  [        ]  [        ]  [        ]  [") })
        #expect(lines.contains(" game screen, easy, 1 move, 1 of 8 cards face up"))
        #expect(lines.contains(" What it changed:"))
        #expect(lines.contains("   cards[3].isFlipped (a4): false -> true"))
        #expect(lines.contains("   moves: 0 -> 1"))
        #expect(lines.last == " left, right step | Home End first, last | PgUp PgDn ten | q quit")
        #expect(inspector.frame(for: .standard).fits(in: .standard))
    }

    @Test(
        "changes that do not fit end with how many more there are; a board that does not fit says the terminal is too small"
    )
    func smallTerminals() {
        let inspector = ReplayInspector(timeline: timeline(), name: "game.jsonl", style: .fancy)
        _ = press(inspector, .right, .right)
        let short = TerminalSize(columns: 80, rows: 16)
        let frame = inspector.frame(for: short)
        #expect(frame.fits(in: short))
        #expect(
            frame.lines.contains { $0.contains("cards: [] → [Card(id: 0") && $0.hasSuffix("…") },
            "a long value is cut")
        let tiny = TerminalSize(columns: 30, rows: 8)
        let tooSmall = inspector.frame(for: tiny)
        #expect(tooSmall.fits(in: tiny))
        #expect(tooSmall.lines.joined(separator: " ").contains("too small"))

        // Many changes on few rows: the last row counts the rest.
        var state = ThreeDucksState(
            screen: .started, difficulty: .easy, cards: seededDeck(.easy, seed: 5))
        let before = state
        for index in state.cards.indices { state.cards[index].isFlipped = true }
        let step = ReplayTimeline.Step(
            number: 1, time: .zero, action: .winGame, before: before, after: state)
        let crowded = InspectorRenderer(style: .plain).frame(
            step, of: 1, name: "x", size: TerminalSize(columns: 80, rows: 14))
        #expect(crowded.fits(in: TerminalSize(columns: 80, rows: 14)))
        let more = crowded.lines.first { $0.contains("... and ") }
        #expect(more != nil, "\(crowded.lines.joined(separator: "\n"))")
        let shown = crowded.lines.filter { $0.hasPrefix("   cards[") }.count
        #expect(more == "   ... and \(8 - shown) more")
    }

    @Test("an empty log says there is nothing to step through")
    func emptyLog() {
        let inspector = ReplayInspector(
            timeline: ReplayTimeline(Recording<ThreeDucksAction>()), name: "empty.jsonl",
            style: .plain)
        #expect(inspector.position == 0)
        #expect(press(inspector, .right, .end, .home) == [.carryOn, .carryOn, .carryOn])
        let lines = inspector.frame(for: .standard).lines
        #expect(lines[0] == " REPLAY no actions | empty.jsonl")
        #expect(lines.contains(" The log has no actions to step through."))
    }
}
