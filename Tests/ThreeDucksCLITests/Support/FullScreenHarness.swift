import Effects
import ThreeDucks
@testable import three_ducks

/// The full-screen game without a terminal: a ``FullScreenGame`` on a session on virtual
/// time, its keys pressed by the test and its frames read as text.
///
/// What the loop does on a terminal, the harness does by hand: after a delayed action
/// arrives (the scheduler advanced), it lets the game take in the new state (`refresh`).
final class FullScreenHarness {
    let base: SessionHarness
    let game: FullScreenGame
    var size = TerminalSize.standard

    init(seed: UInt64 = 42, difficulty: Difficulty? = .easy, style: RenderStyle = .plain) throws {
        base = try SessionHarness(seed: seed, difficulty: difficulty, style: style)
        game = FullScreenGame(session: base.session, style: style)
    }

    var state: ThreeDucksState {
        base.state
    }

    var frame: ScreenFrame {
        game.frame(for: size)
    }

    /// The frame's lines, joined.
    var screen: String {
        frame.lines.joined(separator: "\n")
    }

    /// Chooses the level, loads the high scores, takes the state in.
    func start() {
        base.session.begin()
        base.scheduler.run()
        game.refresh()
    }

    /// Presses `keys`, one after the other, with no time passing.
    @discardableResult
    func press(_ keys: Key...) -> [FullScreenLoop.Outcome] {
        keys.map { game.handle($0, on: frame) }
    }

    /// Types `text`, a character at a time.
    @discardableResult
    func type(_ text: String) -> [FullScreenLoop.Outcome] {
        text.map { game.handle(.character($0), on: frame) }
    }

    /// Clicks the middle of what shows `target`.
    @discardableResult
    func click(_ target: ScreenFrame.Target) -> FullScreenLoop.Outcome? {
        guard let hotspot = frame.hotspot(of: target) else { return nil }
        let column = (hotspot.columns.lowerBound + hotspot.columns.upperBound) / 2
        return game.handle(
            .mouse(MouseReport(button: .left, column: column + 1, row: hotspot.row + 1)), on: frame)
    }

    /// Lets `duration` of game time pass, and the game take in what it brought.
    func advance(by duration: Duration) {
        base.scheduler.advance(by: duration)
        game.refresh()
    }

    /// Lets everything pending happen.
    func settle() {
        base.scheduler.run()
        game.refresh()
    }

    /// The card under the cursor: the one marked `>[`…`]<`.
    var cursorIndex: Int? {
        let marked = frame.lines.enumerated().first { $0.element.contains(">[") }
        guard let (row, line) = marked, let start = line.range(of: ">[") else { return nil }
        let column = line.distance(from: line.startIndex, to: start.lowerBound)
        guard case .card(let index)? = frame.target(atRow: row, column: column) else { return nil }
        return index
    }
}

extension ThreeDucksState {
    /// The index of the card at `coordinate` (`"b3"`).
    func index(at coordinate: String) -> Int {
        let row = Int(coordinate.unicodeScalars.first!.value) - 97
        let column = Int(coordinate.dropFirst())! - 1
        return Grid(cardCount: cards.count).index(of: Coordinate(row: row, column: column))!
    }
}
