import ThreeDucks

/// `three-ducks replay FILE --step` on a terminal: a recorded game, one action at a time, on
/// the whole screen. ←/→ step back and forth, Home/End jump to the first and the last action,
/// Page Up/Down move by ten, `q` quits: the habit of Redux DevTools, without a browser.
///
/// ```swift
/// let inspector = ReplayInspector(timeline: timeline, name: "game.jsonl", style: .fancy)
/// inspector.run(on: terminal)
/// ```
final class ReplayInspector: FullScreenScene {
    /// The log.
    let timeline: ReplayTimeline
    /// The log's name, for the header.
    let name: String
    /// The action shown, from 1; 0 when the log is empty.
    private(set) var position: Int

    private let renderer: InspectorRenderer

    /// An inspector on the first action of `timeline`.
    init(timeline: ReplayTimeline, name: String, style: RenderStyle) {
        self.timeline = timeline
        self.name = name
        renderer = InspectorRenderer(style: style)
        position = timeline.count > 0 ? 1 : 0
    }

    /// Steps through the log until `q` or the end of the input; the terminal is given back
    /// when it returns.
    func run(on terminal: Terminal) {
        guard let wake = WakePipe() else { return }
        FullScreenLoop(terminal: terminal, wake: wake).run(self)
    }

    func frame(for size: TerminalSize) -> ScreenFrame {
        renderer.frame(
            position > 0 ? timeline.step(position) : nil, of: timeline.count, name: name, size: size
        )
    }

    func handle(_ key: Key, on frame: ScreenFrame) -> FullScreenLoop.Outcome {
        let last = timeline.count
        func move(by offset: Int) {
            guard last > 0 else { return }
            position = min(max(position + offset, 1), last)
        }
        switch key {
        case .left, .up, .backspace, .character("h"), .character("k"), .character("a"),
            .character("p"):
            move(by: -1)
        case .right, .down, .enter, .character(" "), .character("l"), .character("j"),
            .character("d"), .character("n"):
            move(by: 1)
        case .pageUp:
            move(by: -10)
        case .pageDown:
            move(by: 10)
        case .home, .character("g"):
            move(by: -last)
        case .end, .character("G"):
            move(by: last)
        case .mouse(let report) where report.button == .wheelUp:
            move(by: -1)
        case .mouse(let report) where report.button == .wheelDown:
            move(by: 1)
        case .character("q"), .character("Q"), .escape, .interrupt, .endOfInput:
            return .quit
        case .suspend:
            return .suspend
        case .redraw:
            return .redraw
        default:
            break
        }
        return .carryOn
    }

    func refresh() {}
}
