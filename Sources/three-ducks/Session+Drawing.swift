import ThreeDucks

extension Session {
    /// What was last drawn, to draw only what changed.
    struct Display {
        var isShowing = false
        /// While held, nothing is drawn: a command that dispatches several actions shows only
        /// where they lead.
        var isHeld = false
        var frame: Frame?
        var isNewRecord = false
        var highScoreError: String?
    }

    /// The part of the state a screen shows. The selection is left out: a match cleared at once
    /// changes nothing on screen.
    struct Frame: Equatable {
        var screen: Screen
        var difficulty: Difficulty
        var cards: [Card]
        var moves: Int
        /// Only the title screen shows them.
        var highScores: [Difficulty: HighScore]?
        var highScoreError: String?

        /// Nil for a game whose deck has not arrived yet: nothing worth drawing.
        init?(_ state: ThreeDucksState) {
            if state.screen == .started, state.cards.isEmpty { return nil }
            screen = state.screen
            difficulty = state.difficulty
            cards = state.cards
            moves = state.moves
            highScores = state.screen == .title ? state.highScores : nil
            highScoreError = state.screen == .title ? state.highScoreError : nil
        }
    }

    /// Runs `body` without drawing, then draws where it led: a command that dispatches several
    /// actions shows only the end.
    func withoutDrawing(_ body: () -> Void) {
        display.withLock { $0.isHeld = true }
        body()
        display.withLock { $0.isHeld = false }
        draw(store.state)
    }

    /// Draws what changed since the last drawing: the screen, the cues, the notices.
    func draw(_ state: ThreeDucksState) {
        let text = display.withLock { display -> String in
            guard display.isShowing, !display.isHeld, let frame = Frame(state) else { return "" }
            var text = ""
            let isNewScreen = frame != display.frame
            if isNewScreen {
                // Without clearing, a blank line keeps one screen from running into the last.
                if display.frame != nil, !renderer.style.clearsScreen { text += "\n" }
                text += renderer.screen(state)
                display.frame = frame
            }
            text += renderer.cues(cues.take())
            if state.isNewRecord, !display.isNewRecord, !(isNewScreen && state.screen == .won) {
                text += renderer.newRecord(state)
            }
            display.isNewRecord = state.isNewRecord
            if let error = state.highScoreError, error != display.highScoreError,
                !(isNewScreen && state.screen == .title)
            {
                text += renderer.highScoreError(error)
            }
            display.highScoreError = state.highScoreError
            return text
        }
        guard !text.isEmpty else { return }
        output.write(text + (configuration.prompt ?? ""))
    }
}
