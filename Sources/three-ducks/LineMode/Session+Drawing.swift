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
        /// Whether the cursor sits after a prompt, no line typed since: what is drawn then
        /// (a delayed action's screen, a record saved meanwhile) starts a line of its own.
        var isAtPrompt = false
        /// While a typed line is handled, drawings and replies leave the prompt out: it is
        /// written once, after everything the line set off.
        var isHandlingLine = false
        /// Whether something was written while handling a line, so that a prompt is due.
        var owesPrompt = false
    }

    /// Runs `body`, which answers a typed line, and writes the prompt once after what it
    /// wrote (if it wrote anything).
    func answeringLine<Answer>(_ body: () -> Answer) -> Answer {
        display.withLock { display in
            // The player pressed Enter: the cursor is on a line of its own.
            display.isAtPrompt = false
            display.isHandlingLine = true
        }
        let result = body()
        let owesPrompt = display.withLock { display -> Bool in
            display.isHandlingLine = false
            defer { display.owesPrompt = false }
            guard display.owesPrompt, configuration.prompt != nil else { return false }
            display.isAtPrompt = true
            return true
        }
        if owesPrompt, let prompt = configuration.prompt {
            output.write(prompt)
        }
        return result
    }

    /// Writes `text`: with the prompt after it, unless a line is being answered; on a line of
    /// its own if the cursor sat after a prompt.
    func write(_ text: String) {
        let text = display.withLock { display -> String in
            placed(text, in: &display)
        }
        output.write(text)
    }

    /// `text` as it must be written given `display`, which it updates: after a newline when
    /// the cursor sits after a prompt, followed by the prompt unless a line is being answered.
    private func placed(_ text: String, in display: inout Display) -> String {
        var text = text
        if display.isAtPrompt, !text.hasPrefix("\n") {
            text = "\n" + text
        }
        if display.isHandlingLine {
            display.owesPrompt = true
            display.isAtPrompt = false
            return text
        }
        display.isAtPrompt = configuration.prompt != nil
        return text + (configuration.prompt ?? "")
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
            guard !text.isEmpty else { return "" }
            return placed(text, in: &display)
        }
        guard !text.isEmpty else { return }
        output.write(text)
    }
}
