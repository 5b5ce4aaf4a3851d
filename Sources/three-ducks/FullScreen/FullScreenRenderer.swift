import ThreeDucks

/// Draws the full-screen game: a pure function from the state, what the controls remember,
/// and the terminal's size to a ``ScreenFrame``.
///
/// ```swift
/// let renderer = FullScreenRenderer(style: .fancy)
/// let frame = renderer.frame(store.state, controls: controls, size: terminal.size())
/// terminal.write(painter.paint(frame.lines))
/// ```
///
/// The title screen shows the levels and the high scores; the game screen the moves and the
/// best score above the grid, the cursor on a card, a reply or the verdict on the pair being
/// turned, and the sound cues of the turn (each its own words and colour); the won screen the
/// result and Go Again. When the terminal is too small for a screen, the frame says so
/// instead, with the size the screen needs. The same frame also says where a click lands
/// (its hotspots).
///
/// In ``RenderStyle/plain`` (`NO_COLOR` on a terminal) the frame is ASCII with no colour: the
/// cursor is marked `>[ … ]<`, which reads the same without it.
struct FullScreenRenderer: Sendable {
    /// The style: colours and emoji, or plain ASCII.
    var style: RenderStyle

    /// The line-mode renderer, for the words both modes share.
    var words: Renderer {
        Renderer(style: style)
    }

    /// The frame for `state`.
    ///
    /// - Parameters:
    ///   - state: The store's state.
    ///   - controls: The cursor, the reply, the cues, the help.
    ///   - size: The terminal's size.
    /// - Returns: The frame, or the too-small message if it would not fit.
    func frame(_ state: ThreeDucksState, controls: GameControls, size: TerminalSize) -> ScreenFrame
    {
        let frame: ScreenFrame
        if controls.isShowingHelp {
            frame = help(size: size)
        } else {
            switch state.screen {
            case .title: frame = title(state, controls: controls, size: size)
            case .started: frame = game(state, controls: controls, size: size)
            case .won: frame = won(state, controls: controls, size: size)
            }
        }
        return fitted(frame, in: size)
    }

    /// `frame` if it fits in `size`, else a frame that says how much room it needs.
    func fitted(_ frame: ScreenFrame, in size: TerminalSize) -> ScreenFrame {
        guard !frame.fits(in: size) else { return frame }
        let needed = TerminalSize(columns: frame.width + 1, rows: frame.lines.count)
        let text =
            "The terminal is too small for this screen: it is \(sized(size)), and the screen needs "
            + "\(sized(needed)). Make the window larger, or press q to quit."
        let lines = TextWidth.wrapped(text, width: max(size.columns - 2, 1))
        return ScreenFrame(
            lines: Array(lines.prefix(max(size.rows, 1))).map {
                TextWidth.truncated($0, to: max(size.columns - 1, 0), marker: ellipsis)
            })
    }

    // MARK: Screens

    /// The title screen: the levels, New Game, the high scores.
    func title(_ state: ThreeDucksState, controls: GameControls, size: TerminalSize) -> ScreenFrame
    {
        var builder = FrameBuilder()
        let proseWidth = min(max(size.columns - 3, 20), 76)
        builder.add(" " + color("THREE DUCKS", "1;33"))
        builder.add(
            TextWidth.wrapped(
                "Find the pairs: turn two cards at a time, in as few moves as you can.",
                width: proseWidth
            ).map { " " + $0 })
        builder.blank()
        builder.add(" " + bold("Difficulty"))
        for (number, level) in Difficulty.allCases.enumerated() {
            let grid = Grid(level)
            let pairs = String(level.pairCount).leftPadded(to: 2)
            let text =
                "\(number + 1)  \(level.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0))"
                + "\(pairs) pairs, \(grid.rows) \(symbol("×", "x")) \(grid.columns)"
            let isChosen = level == state.difficulty
            let line = "  " + (isChosen ? ">" : " ") + " " + (isChosen ? color(text, "1;7") : text)
            builder.add(line, target: .difficulty(level), columns: 2..<(4 + TextWidth.of(text)))
        }
        builder.blank()
        let newGame = "[ New game ]"
        builder.add(
            "    " + color(newGame, "1;32"), target: .newGame, columns: 4..<(4 + newGame.count))
        builder.blank()
        builder.add(" " + bold("High scores"))
        let scores = words.highScores(state.highScores).split(separator: "\n").dropFirst()
        builder.add(scores.map { "  " + $0 })
        if state.highScoreError != nil || controls.message != nil {
            builder.blank()
        }
        if let error = state.highScoreError {
            builder.add(warning(error, width: proseWidth))
        }
        if let message = controls.message {
            builder.add(TextWidth.wrapped(message, width: proseWidth).map { " " + $0 })
        }
        builder.blank()
        builder.add(
            keys([
                "\(symbol("↑↓", "up/down")) or 1 2 3 choose", "Enter, Space or n play", "? help",
                "q quit",
            ]))
        return builder.frame
    }

    /// The game screen: the header, the grid and its cursor, the reply, the cues, the keys.
    func game(_ state: ThreeDucksState, controls: GameControls, size: TerminalSize) -> ScreenFrame {
        var builder = FrameBuilder()
        let proseWidth = min(max(size.columns - 3, 20), 76)
        builder.add(header(state))
        builder.blank()
        let board = self.board(state, cursor: state.cards.isEmpty ? nil : controls.cursor)
        builder.add(board.lines, hotspots: board.hotspots)
        builder.blank()
        if let message = controls.message {
            builder.add(" " + TextWidth.truncated(message, to: proseWidth, marker: ellipsis))
        } else if let verdict = words.pairVerdict(state) {
            builder.add(" " + color(verdict, state.selectionMatches == true ? "1;32" : "1;31"))
        } else {
            builder.add("")
        }
        builder.add(cues(controls.cues))
        if state.isNewRecord {
            builder.add(" " + newRecord(state))
        }
        if let error = state.highScoreError {
            builder.add(warning(error, width: proseWidth))
        }
        builder.blank()
        builder.add(
            keys([
                "\(symbol("←↑↓→", "arrows")), hjkl or wasd move", "Space or Enter flips",
                "or type b3",
            ]))
        builder.add(keys(["click a card", "n new game", "g or Esc give up", "? help", "q quit"]))
        return builder.frame
    }

    /// The won screen: the result, the grid, the record or the best, Go Again.
    func won(_ state: ThreeDucksState, controls: GameControls, size: TerminalSize) -> ScreenFrame {
        var builder = FrameBuilder()
        let proseWidth = min(max(size.columns - 3, 20), 76)
        builder.add(header(state))
        builder.blank()
        builder.add(
            " " + symbol("🎉 ", "") + bold("You found every pair in \(words.moves(state.moves))!"))
        builder.blank()
        let board = self.board(state, cursor: nil)
        builder.add(board.lines, hotspots: board.hotspots)
        builder.blank()
        if state.isNewRecord {
            builder.add(" " + newRecord(state))
        } else if let best = state.highScore {
            builder.add(
                " Best at \(state.difficulty.rawValue): \(words.moves(best.moves)) (\(words.day(best.date)))."
            )
        } else {
            builder.add("")
        }
        builder.add(cues(controls.cues))
        if let error = state.highScoreError {
            builder.add(warning(error, width: proseWidth))
        }
        builder.blank()
        let again = "[ Go again ]"
        let title = "[ Title ]"
        let titleStart = 4 + again.count + 3
        builder.add(
            "    " + color(again, "1;32") + "   " + title,
            targets: [
                (.goAgain, 4..<(4 + again.count)),
                (.title, titleStart..<(titleStart + title.count)),
            ])
        builder.blank()
        builder.add(keys(["Enter, Space or n go again", "g or Esc title", "? help", "q quit"]))
        return builder.frame
    }

    /// The keys, over the whole screen.
    func help(size: TerminalSize) -> ScreenFrame {
        var builder = FrameBuilder()
        let rows: [(String, String)?] = [
            nil,
            ("\(symbol("↑ ↓", "up, down")) or 1 2 3", "choose the level (title screen)"),
            ("Enter, Space or n", "start a game, or play again"),
            ("\(symbol("← ↑ ↓ →", "arrows")), hjkl, wasd", "move the cursor on the grid"),
            ("Space or Enter", "flip the card under the cursor"),
            ("b3", "flip the card in row b, column 3"),
            ("a click", "flip the card clicked, choose a level, press a button"),
            ("n", "a new game"),
            ("g or Esc", "give up: back to the title screen"),
            ("?", "this help"),
            ("q, Ctrl-C", "quit"),
        ]
        builder.add(" " + color("THREE DUCKS", "1;33") + " " + symbol("·", "|") + " keys")
        for row in rows {
            guard let (keys, meaning) = row else {
                builder.blank()
                continue
            }
            builder.add(
                "   " + bold(keys.padding(toLength: 22, withPad: " ", startingAt: 0)) + meaning)
        }
        builder.blank()
        let rules =
            "Turn two cards: a pair stays face up, two different animals turn back after a second. "
            + "Find every pair in as few moves (cards turned) as you can."
        builder.add(
            TextWidth.wrapped(rules, width: min(max(size.columns - 3, 20), 72)).map { " " + $0 })
        builder.blank()
        builder.add(" " + dim("Press any key to go back."))
        return builder.frame
    }

    // MARK: The grid

    /// The column numbers and the grid, a blank line between rows of cards, with a hotspot on
    /// every card; the cursor, if any, on the card at that index.
    ///
    /// A card takes a slot of the cell's width and two columns for the cursor's marks; the
    /// slots start at column 3, after the row letter.
    func board(_ state: ThreeDucksState, cursor: Int?) -> (
        lines: [String], hotspots: [ScreenFrame.Hotspot]
    ) {
        let grid = Grid(cardCount: state.cards.count)
        let slot = cellWidth + 2
        var lines: [String] = []
        var hotspots: [ScreenFrame.Hotspot] = []
        var numbers = "   "
        for column in 0..<grid.columns {
            numbers += words.centered(String(column + 1), width: slot)
        }
        lines.append(dim(numbers.trimmedAtEnd()))
        for row in 0..<grid.rows {
            if row > 0 { lines.append("") }
            var line = " " + bold(Coordinate.letter(forRow: row)) + " "
            for column in 0..<grid.columns {
                guard let index = grid.index(of: Coordinate(row: row, column: column)) else {
                    break
                }
                let isCursor = index == cursor
                line +=
                    (isCursor ? ">" : " ") + cell(state.cards[index], in: state, isCursor: isCursor)
                    + (isCursor ? "<" : " ")
                let start = 3 + column * slot
                hotspots.append(
                    ScreenFrame.Hotspot(
                        row: lines.count, columns: start..<(start + slot), target: .card(index)))
            }
            lines.append(line.trimmedAtEnd())
        }
        return (lines, hotspots)
    }

    /// The width of a card, brackets included.
    var cellWidth: Int {
        style.usesEmoji ? 13 : 10
    }

    private func cell(_ card: Card, in state: ThreeDucksState, isCursor: Bool) -> String {
        let reverse = isCursor ? ";7" : ""
        guard card.isFlipped else {
            let back =
                style.usesEmoji
                ? "[" + String(repeating: "░", count: cellWidth - 2) + "]"
                : "[" + String(repeating: " ", count: cellWidth - 2) + "]"
            return color(back, (isCursor ? "1" : "2") + reverse)
        }
        let name = words.shortName(card.animal)
        let face =
            style.usesEmoji
            ? "[" + words.emoji(card.animal) + " "
                + name.padding(toLength: 8, withPad: " ", startingAt: 0) + "]"
            : "[" + words.centered(name, width: 8) + "]"
        // Found pairs are green; the card or pair being turned is yellow, or red when it is a
        // mismatch about to turn back.
        let code: String
        if state.selectedCards.contains(card.id) {
            code = state.selectionMatches == false ? "1;31" : "1;33"
        } else {
            code = "32"
        }
        return color(face, code + reverse)
    }

    // MARK: Parts

    private func header(_ state: ThreeDucksState) -> String {
        let separator = symbol(" · ", " | ")
        let best = state.highScore.map { String($0.moves) } ?? "-"
        return " " + color("THREE DUCKS", "1;33") + separator + state.difficulty.rawValue
            + separator
            + bold("moves: \(state.moves)") + separator + "best: \(best)"
    }

    /// The cues of the turn, each in words and a colour of its own.
    private func cues(_ cues: [SoundCue]) -> String {
        guard !cues.isEmpty else { return "" }
        let parts = cues.map { cue -> String in
            let code =
                switch cue {
                case .quack: "1;33"
                case .match: "1;32"
                case .mismatch: "1;31"
                case .win: "1;35"
                }
            return color(words.cueName(cue), code)
        }
        return " " + parts.joined(separator: "  ")
    }

    private func newRecord(_ state: ThreeDucksState) -> String {
        color(
            symbol("🏆 ", "")
                + "New high score at \(state.difficulty.rawValue): \(words.moves(state.moves))!",
            "1;33")
    }

    /// A problem with the high-score file, in at most ``warningLines`` lines (a very long
    /// path is cut short rather than push the screen off the terminal).
    private func warning(_ text: String, width: Int) -> [String] {
        var lines = TextWidth.wrapped(symbol("⚠ ", "! ") + text, width: width)
        if lines.count > Self.warningLines {
            lines = Array(lines.prefix(Self.warningLines))
            lines[lines.count - 1] = TextWidth.truncated(
                lines[lines.count - 1] + " " + ellipsis, to: width, marker: ellipsis)
        }
        return lines.map { " " + color($0, "31") }
    }

    /// The most lines a problem with the high-score file takes.
    static let warningLines = 4

    private func keys(_ parts: [String]) -> String {
        " " + dim(parts.joined(separator: symbol(" · ", " | ")))
    }

    private func sized(_ size: TerminalSize) -> String {
        "\(size.columns) \(symbol("×", "x")) \(size.rows)"
    }

    /// What marks text cut short.
    var ellipsis: String {
        symbol("…", "...")
    }

    private func symbol(_ fancy: String, _ plain: String) -> String {
        style.usesEmoji ? fancy : plain
    }

    private func color(_ text: String, _ code: String) -> String {
        words.color(text, code: code)
    }

    private func bold(_ text: String) -> String {
        color(text, "1")
    }

    private func dim(_ text: String) -> String {
        color(text, "2")
    }
}

extension String {
    /// The string with spaces in front, to `width` characters.
    func leftPadded(to width: Int) -> String {
        String(repeating: " ", count: max(width - count, 0)) + self
    }

    /// The string without the spaces at its end.
    func trimmedAtEnd() -> String {
        var text = self
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }
}
