import ThreeDucks

extension Renderer {
    /// An action in a line, with what it is about: `flipCard(5): b2, a bat`, `dealt(8 cards)`,
    /// `newHighScore(easy, 10 moves)`.
    ///
    /// - Parameters:
    ///   - action: The action.
    ///   - state: The state it was dispatched in, to name the card a flip is about.
    func summary(of action: ThreeDucksAction, in state: ThreeDucksState) -> String {
        switch action {
        case .setDifficulty(let difficulty): return "setDifficulty(\(difficulty.rawValue))"
        case .startGame: return "startGame"
        case .endGame: return "endGame"
        case .flipCard(let id):
            guard let index = state.index(ofCard: id) else {
                return "flipCard(\(id)): no such card"
            }
            let coordinate = Grid(cardCount: state.cards.count).coordinate(ofIndex: index)
            let animal = state.cards[index].animal
            return
                "flipCard(\(id)): \(coordinate), \(animal == .ducks ? "ducks" : "a " + animal.rawValue)"
        case .dealt(let cards):
            return "dealt(\(cards.count == 1 ? "1 card" : "\(cards.count) cards"))"
        case .clearSelectedCards: return "clearSelectedCards"
        case .unFlipSelectedCards: return "unFlipSelectedCards"
        case .winGame: return "winGame"
        case .loadHighScores: return "loadHighScores"
        case .highScoresLoaded(let scores):
            let levels = Difficulty.allCases.compactMap { level in
                scores[level].map { "\(level.rawValue) \(moves($0.moves))" }
            }
            return "highScoresLoaded(\(levels.isEmpty ? "none" : levels.joined(separator: ", ")))"
        case .highScoresFailedToLoad(let message): return "highScoresFailedToLoad(\"\(message)\")"
        case .newHighScore(let difficulty, let score):
            return "newHighScore(\(difficulty.rawValue), \(moves(score.moves)))"
        case .highScoresSaved: return "highScoresSaved"
        case .highScoresFailedToSave(let message): return "highScoresFailedToSave(\"\(message)\")"
        }
    }

    /// What a step changed, a line per field: `moves: 1 → 2`, `cards[5].isFlipped (b2): false → true`;
    /// `(no change)` when nothing did. A card's field names its coordinate too.
    ///
    /// - Parameter step: The step.
    /// - Returns: The lines, without indentation.
    func changes(in step: ReplayTimeline.Step) -> [String] {
        let changes = step.diff.changes
        guard !changes.isEmpty else { return ["(no change)"] }
        let grid = Grid(cardCount: step.after.cards.count)
        let arrow = style.usesEmoji ? "→" : "->"
        return changes.map { change in
            var path = change.path.isEmpty ? "(state)" : change.path
            if path.hasPrefix("cards["), path.contains("]."),
                let index = Int(path.dropFirst(6).prefix { $0 != "]" }), index < grid.cardCount
            {
                path += " (\(grid.coordinate(ofIndex: index)))"
            }
            return "\(path): \(Self.value(change.old)) \(arrow) \(Self.value(change.new))"
        }
    }

    /// A value as `StateDiff` describes it, without module names.
    private static func value(_ description: String) -> String {
        description.replacingOccurrences(of: "ThreeDucks.", with: "")
    }

    /// `1.204 s`: a time in a log, to the millisecond.
    func time(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let milliseconds = Int(attoseconds / 1_000_000_000_000_000)
        let fraction = String(milliseconds).leftPadded(to: 3).replacingOccurrences(
            of: " ", with: "0")
        return "\(seconds).\(fraction) s"
    }

    /// One action of a log, as `replay FILE --step` prints it without a terminal: the action
    /// and its time, what it changed, the board after it (when there is one) and a summary.
    ///
    /// - Parameters:
    ///   - step: The step.
    ///   - count: The number of actions in the log.
    ///   - width: The widest a line of changes may be; longer ones are cut.
    func block(for step: ReplayTimeline.Step, of count: Int, width: Int = 100) -> String {
        var text =
            "Action \(step.number) of \(count), at \(time(step.time)): \(summary(of: step.action, in: step.before))\n"
        for line in changes(in: step) {
            text +=
                "  "
                + TextWidth.truncated(line, to: width - 2, marker: style.usesEmoji ? "…" : "...")
                + "\n"
        }
        if !step.after.cards.isEmpty {
            text += board(step.after).split(separator: "\n", omittingEmptySubsequences: false)
                .dropLast()
                .map { "  " + $0 + "\n" }.joined()
        }
        text += "  " + summary(step.after) + "\n"
        return text
    }
}
