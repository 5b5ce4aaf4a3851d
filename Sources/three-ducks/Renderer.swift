import Foundation
import ThreeDucks

/// Draws the game as text: the title, game and won screens, the high scores, and the one-line
/// replies. Pure: the same state and style always give the same text.
///
/// Every piece ends with a newline. In ``RenderStyle/plain`` the text is ASCII with no escape
/// codes; in ``RenderStyle/fancy`` it has colours, emoji, and screens that clear the terminal.
///
/// ```swift
/// let renderer = Renderer(style: .plain)
/// print(renderer.screen(store.state), terminator: "")
/// ```
struct Renderer: Sendable {
    /// The style it draws in.
    var style: RenderStyle

    // MARK: Screens

    /// The screen for `state`: title, game or won.
    func screen(_ state: ThreeDucksState) -> String {
        let body: String
        switch state.screen {
        case .title: body = title(state)
        case .started: body = game(state)
        case .won: body = won(state)
        }
        return (style.clearsScreen ? "\u{1B}[H\u{1B}[2J" : "") + body
    }

    /// The title screen: New Game, the difficulty, the high scores.
    func title(_ state: ThreeDucksState) -> String {
        var text = bold("THREE DUCKS") + "\n"
        text += "Find the pairs: turn two cards at a time, in as few moves as you can.\n\n"
        text += "Difficulty: \(bold(state.difficulty.rawValue)) (\(describe(state.difficulty)))\n\n"
        text += highScores(state.highScores)
        if let error = state.highScoreError {
            text += highScoreError(error)
        }
        text += "\n" + commands("new (n), easy / normal / hard, scores, help, quit (q)")
        return text
    }

    /// The game screen: the grid with its coordinates, the moves, the commands.
    func game(_ state: ThreeDucksState) -> String {
        var text = header(state, showsMoves: true) + "\n"
        text += board(state)
        if let verdict = pairVerdict(state) {
            text += "\n" + verdict + "\n"
        }
        text += "\n" + commands("a coordinate like b3 flips a card; new, give up (q), help, quit")
        return text
    }

    /// The won screen: the moves, the finished grid, the best score, Go Again.
    func won(_ state: ThreeDucksState) -> String {
        var text = header(state, showsMoves: false) + "\n"
        text +=
            (style.usesEmoji ? "🎉 " : "") + bold("You found every pair in \(moves(state.moves))!")
            + "\n\n"
        text += board(state)
        if state.isNewRecord {
            text += "\n" + newRecord(state)
        } else if let best = state.highScore {
            text +=
                "\nBest at \(state.difficulty.rawValue): \(moves(best.moves)) (\(day(best.date))).\n"
        }
        text +=
            "\n" + commands("new (play again), title (q), easy / normal / hard, scores, help, quit")
        return text
    }

    /// The grid: column numbers on top, row letters on the left, a cell per card.
    func board(_ state: ThreeDucksState) -> String {
        let grid = Grid(cardCount: state.cards.count)
        let cellWidth = style.usesEmoji ? 13 : 10
        var text = "    "
        for column in 0..<grid.columns {
            if column > 0 { text += " " }
            text += centered(String(column + 1), width: cellWidth)
        }
        text = text.trimmingTrailingSpaces() + "\n"
        for row in 0..<grid.rows {
            var line = "  " + bold(Coordinate.letter(forRow: row)) + " "
            for column in 0..<grid.columns {
                guard let index = grid.index(of: Coordinate(row: row, column: column)) else {
                    break
                }
                if column > 0 { line += " " }
                line += cell(
                    state.cards[index],
                    isSelected: state.selectedCards.contains(state.cards[index].id))
            }
            text += line + "\n"
        }
        return text
    }

    // MARK: Parts

    /// What the two cards being turned say, when there are two: `A pair of ducks!` or
    /// `No match: these two turn back in a moment.`
    func pairVerdict(_ state: ThreeDucksState) -> String? {
        guard let matches = state.selectionMatches else { return nil }
        guard matches else { return "No match: these two turn back in a moment." }
        let animal = state.card(withID: state.selectedCards[0])?.animal
        return "A pair of \(animal?.pluralName ?? "cards")!"
    }

    /// The high scores, one level a line.
    func highScores(_ scores: [Difficulty: HighScore]) -> String {
        var text = "High scores:\n"
        for difficulty in Difficulty.allCases {
            let name = difficulty.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)
            if let score = scores[difficulty] {
                text += "  \(name)\(moves(score.moves)) (\(day(score.date)))\n"
            } else {
                text += "  \(name)none yet\n"
            }
        }
        return text
    }

    /// The line that shows a problem with the high-score file.
    func highScoreError(_ message: String) -> String {
        style.usesEmoji ? color("⚠ " + message, code: "31") + "\n" : "! " + message + "\n"
    }

    /// The line that celebrates a new high score.
    func newRecord(_ state: ThreeDucksState) -> String {
        let text = "New high score at \(state.difficulty.rawValue): \(moves(state.moves))!"
        return style.usesEmoji ? color("🏆 " + text, code: "1;33") + "\n" : text + "\n"
    }

    /// The visible sound cues, on one line: `♪ Quack!  ♪ Match!` or `(quack) (match)`.
    func cues(_ cues: [SoundCue]) -> String {
        guard !cues.isEmpty else { return "" }
        if style.usesEmoji {
            return color(cues.map(fancyCue).joined(separator: "  "), code: "35") + "\n"
        }
        return cues.map(plainCue).joined(separator: " ") + "\n"
    }

    /// A one-line reply.
    func message(_ text: String) -> String {
        text + "\n"
    }

    /// The goodbye line.
    var goodbye: String {
        "Goodbye, and thanks for playing Three Ducks!\n"
    }

    /// How to play, and the commands of `screen`.
    func help(for screen: Screen) -> String {
        var text = """
            How to play: the cards lie face down in a grid. Turn two over by typing their
            coordinates, one per line (b3, then a1). A pair stays face up; two different
            animals turn back after a second. Find every pair in as few moves (cards
            turned) as you can.
            Commands:
              b3                 flip the card in row b, column 3
              new (n)            start a new game

            """
        switch screen {
        case .title:
            text += "  easy|normal|hard   choose the difficulty\n"
            text += "  q                  quit\n"
        case .started:
            text += "  give up (q)        back to the title screen\n"
            text += "  easy|normal|hard   a new game at that difficulty\n"
        case .won:
            text += "  title (q)          back to the title screen\n"
            text += "  easy|normal|hard   a new game at that difficulty\n"
        }
        text += "  scores             show the high scores\n"
        text += "  help               show this help\n"
        text += "  quit               leave the game\n"
        return text
    }

    /// A one-line summary of a state: the screen, the level, the moves and the cards face up.
    ///
    /// `won screen, easy, 10 moves, 8 of 8 cards face up`
    func summary(_ state: ThreeDucksState) -> String {
        let faceUp = state.cards.count(where: \.isFlipped)
        let screen =
            switch state.screen {
            case .title: "title screen"
            case .started: "game screen"
            case .won: "won screen"
            }
        return
            "\(screen), \(state.difficulty.rawValue), \(moves(state.moves)), \(faceUp) of \(state.cards.count) cards face up"
    }

    /// The line that names a final state, with its fingerprint, so that a recorded session and
    /// its replay can be compared: `Final state: won screen, easy, 10 moves, … (fingerprint …).`
    func finalState(_ state: ThreeDucksState) -> String {
        "Final state: \(summary(state)) (fingerprint \(StateFingerprint.of(state))).\n"
    }

    /// The name a face-up card shows: `DUCK`, `PELICAN`, at most eight letters.
    func shortName(_ animal: Animal) -> String {
        switch animal {
        case .ducks: "DUCK"
        default: animal.rawValue.uppercased()
        }
    }

    /// The emoji for `animal` (there is no pelican emoji: a bird stands in).
    func emoji(_ animal: Animal) -> String {
        switch animal {
        case .bat: "🦇"
        case .ducks: "🦆"
        case .bear: "🐻"
        case .pelican: "🐦"
        case .horse: "🐴"
        case .elephant: "🐘"
        case .owl: "🦉"
        case .frog: "🐸"
        case .fox: "🦊"
        case .whale: "🐋"
        }
    }

    /// "3 moves", "1 move".
    func moves(_ count: Int) -> String {
        count == 1 ? "1 move" : "\(count) moves"
    }

    // MARK: Helpers

    private func header(_ state: ThreeDucksState, showsMoves: Bool) -> String {
        let separator = style.usesEmoji ? "  ·  " : "  |  "
        var parts = [bold("THREE DUCKS"), state.difficulty.rawValue]
        if showsMoves {
            parts.append("moves: \(state.moves)")
            parts.append("best: " + (state.highScore.map { String($0.moves) } ?? "-"))
        }
        return parts.joined(separator: separator) + "\n"
    }

    private func describe(_ difficulty: Difficulty) -> String {
        let grid = Grid(difficulty)
        return
            "\(difficulty.pairCount) pairs, \(grid.rows) \(style.usesEmoji ? "×" : "x") \(grid.columns)"
    }

    private func commands(_ text: String) -> String {
        (style.usesColor ? color("Commands:", code: "2") : "Commands:") + " " + text + "\n"
    }

    private func cell(_ card: Card, isSelected: Bool) -> String {
        guard card.isFlipped else {
            return style.usesEmoji
                ? color("[" + String(repeating: "░", count: 11) + "]", code: "2") : "[        ]"
        }
        let name = shortName(card.animal)
        guard style.usesEmoji else {
            return "[" + centered(name, width: 8) + "]"
        }
        let text =
            "[" + emoji(card.animal) + " " + name.padding(toLength: 8, withPad: " ", startingAt: 0)
            + "]"
        // The pair being turned stands out; found pairs are green.
        return color(text, code: isSelected ? "1;33" : "32")
    }

    /// `text` with spaces on both sides to fill `width` characters.
    func centered(_ text: String, width: Int) -> String {
        let padding = max(width - text.count, 0)
        let left = padding / 2
        return String(repeating: " ", count: left) + text
            + String(repeating: " ", count: padding - left)
    }

    private func bold(_ text: String) -> String {
        color(text, code: "1")
    }

    /// `text` in the SGR colour or attribute `code` (`"1;33"`), when the style has colours.
    func color(_ text: String, code: String) -> String {
        style.usesColor ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    /// How one cue shows in this style: `♪ Quack!` or `(quack)`.
    func cueName(_ cue: SoundCue) -> String {
        style.usesEmoji ? fancyCue(cue) : plainCue(cue)
    }

    private func fancyCue(_ cue: SoundCue) -> String {
        switch cue {
        case .quack: "♪ Quack!"
        case .match: "♪ Match!"
        case .mismatch: "♪ No match."
        case .win: "♪ Ta-da!"
        }
    }

    private func plainCue(_ cue: SoundCue) -> String {
        switch cue {
        case .quack: "(quack)"
        case .match: "(match)"
        case .mismatch: "(no match)"
        case .win: "(ta-da)"
        }
    }

    /// The day of `date` in the local time zone: 2026-11-22.
    func day(_ date: Date) -> String {
        let parts = Calendar.current.dateComponents([.year, .month, .day], from: date)
        func two(_ value: Int?) -> String {
            let value = value ?? 0
            return value < 10 ? "0\(value)" : "\(value)"
        }
        return "\(parts.year ?? 0)-\(two(parts.month))-\(two(parts.day))"
    }
}

extension String {
    /// The string without the spaces at its end.
    fileprivate func trimmingTrailingSpaces() -> String {
        var text = self
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }
}
