import ThreeDucks

extension Renderer {
    /// What `--autoplay` prints first: the game, the player's strategy, the speed, and a
    /// problem with the high-score file if loading it found one.
    func autoplayHeader(
        difficulty: Difficulty, seed: UInt64, speed: Double, highScoreError: String? = nil
    ) -> String {
        let grid = Grid(difficulty)
        let times = style.usesEmoji ? "×" : "x"
        let notice = highScoreError.map { self.highScoreError($0) } ?? ""
        return """
            THREE DUCKS autoplay: \(difficulty.rawValue) (\(difficulty.pairCount) pairs, \
            \(grid.rows) \(times) \(grid.columns)), seed \(seed).
            A player with perfect memory: it turns a pair it has seen when it knows one, otherwise
            an unseen card, then that card's match if it has seen it.
            The clock runs \(Self.number(speed))\(times) faster than real time: a mismatch stays face up for \
            \(Self.duration(seconds: 1 / speed)).
            \(notice)

            """
    }

    /// One move of `--autoplay`: `move  4  b2  BEAR      a pair: they stay face up  (match)`.
    func autoplayMove(
        number: Int,
        coordinate: Coordinate,
        animal: Animal,
        outcome: FlipOutcome,
        cues: [SoundCue]
    ) -> String {
        let numberText = String(number)
        var line =
            "move " + String(repeating: " ", count: max(3 - numberText.count, 0)) + numberText
        line += "  " + coordinate.description.padding(toLength: 4, withPad: " ", startingAt: 0)
        if style.usesEmoji { line += emoji(animal) + " " }
        line += shortName(animal).padding(toLength: 10, withPad: " ", startingAt: 0)
        switch outcome {
        case .first: break
        case .pair: line += "a pair: they stay face up"
        case .mismatch: line += "no match: they turn back"
        }
        let cueText = self.cues(cues)
        if !cueText.isEmpty {
            line += (outcome == .first ? "" : "  ") + cueText.dropLast()
        }
        while line.hasSuffix(" ") { line.removeLast() }
        return line + "\n"
    }

    /// The end of `--autoplay`: the moves, against the fewest a lucky player could need, the
    /// new high score, and a problem with the high-score file unless it is `alreadyTold`.
    func autoplayResult(_ state: ThreeDucksState, alreadyTold: String? = nil) -> String {
        guard state.screen == .won else {
            return "The game did not end: \(summary(state)).\n"
        }
        var text =
            "Won in \(moves(state.moves)) with perfect memory; "
            + "a player whose every guess is lucky needs \(state.cards.count).\n"
        if state.isNewRecord {
            text += newRecord(state)
        }
        if let error = state.highScoreError, error != alreadyTold {
            text += highScoreError(error)
        }
        return text
    }

    /// `20`, `2.5`: a speed without a useless fraction.
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// `1 s`, `50 ms`, `0.5 ms`: a short duration for people.
    static func duration(seconds: Double) -> String {
        if seconds >= 1 { return number((seconds * 10).rounded() / 10) + " s" }
        let milliseconds = seconds * 1000
        if milliseconds >= 1 { return number(milliseconds.rounded()) + " ms" }
        return "less than 1 ms"
    }
}
