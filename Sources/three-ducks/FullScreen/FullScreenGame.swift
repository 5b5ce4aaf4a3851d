import ThreeDucks

/// The game on a whole terminal: ``GameControls`` turn keys into actions on the session's
/// store, ``FullScreenRenderer`` draws, ``FullScreenLoop`` runs both.
///
/// ```swift
/// if let terminal = Terminal(input: 0, output: 1) {
///     FullScreenGame(session: session, style: .fancy).run(on: terminal)
/// }
/// ```
///
/// The store's observer only wakes the loop; everything else happens on the loop's thread, so
/// a delayed action (a mismatch turning back, the win) is drawn by the same thread that reads
/// keys, and keys typed meanwhile are never lost.
final class FullScreenGame: FullScreenScene {
    /// The session whose store is played.
    let session: Session

    private let renderer: FullScreenRenderer
    private var controls = GameControls()

    /// A game on `session`'s store, drawn in `style`.
    init(session: Session, style: RenderStyle) {
        self.session = session
        renderer = FullScreenRenderer(style: style)
    }

    /// Plays until the player quits or the input ends; the terminal is given back when it
    /// returns.
    func run(on terminal: Terminal) {
        guard let wake = WakePipe() else { return }
        session.begin()
        let observation = session.store.subscribe { _ in wake.wake(.stateChanged) }
        FullScreenLoop(terminal: terminal, wake: wake).run(self)
        observation.cancel()
    }

    func frame(for size: TerminalSize) -> ScreenFrame {
        renderer.frame(session.store.state, controls: controls, size: size)
    }

    func handle(_ key: Key, on frame: ScreenFrame) -> FullScreenLoop.Outcome {
        var outcome = FullScreenLoop.Outcome.carryOn
        for command in controls.handle(key, in: session.store.state, frame: frame) {
            switch command {
            case .dispatch(let action): session.store.dispatch(action)
            case .quit: return .quit
            case .suspend: outcome = .suspend
            case .redraw: outcome = .redraw
            }
        }
        refresh()
        return outcome
    }

    func refresh() {
        for case .dispatch(let action) in controls.observe(
            session.store.state, cues: session.cues.take())
        {
            session.store.dispatch(action)
        }
    }
}
