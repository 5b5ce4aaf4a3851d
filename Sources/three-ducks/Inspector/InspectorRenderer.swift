import ThreeDucks

/// Draws `replay FILE --step` on a whole terminal: a pure function from a step of the log and
/// the terminal's size to a ``ScreenFrame``.
///
/// The frame shows where the step is in the log and when it happened, the action, the board as
/// the action left it (the card or pair being turned stands out, as in the game), a summary of
/// the state, and the fields the action changed. Changes that do not fit end with a count of
/// the rest; a board that does not fit gives the too-small frame.
struct InspectorRenderer: Sendable {
    /// The style: colours and emoji, or plain ASCII.
    var style: RenderStyle

    private var game: FullScreenRenderer {
        FullScreenRenderer(style: style)
    }

    private var words: Renderer {
        Renderer(style: style)
    }

    /// The frame for action `step` of a log of `count` actions read from `name`; for an empty
    /// log, `step` is nil.
    func frame(_ step: ReplayTimeline.Step?, of count: Int, name: String, size: TerminalSize)
        -> ScreenFrame
    {
        let separator = style.usesEmoji ? " · " : " | "
        let width = max(size.columns - 2, 1)
        var builder = FrameBuilder()
        let position =
            step.map { "action \($0.number) of \(count)\(separator)at \(words.time($0.time))" }
            ?? "no actions"
        // The position first: a long file name is what gets cut.
        builder.add(
            " "
                + TextWidth.truncated(
                    words.color("REPLAY", code: "1;33") + " \(position)\(separator)\(name)",
                    to: width, marker: game.ellipsis))
        let keys =
            " "
            + words.color(
                [
                    style.usesEmoji ? "← → step" : "left, right step", "Home End first, last",
                    "PgUp PgDn ten", "q quit",
                ]
                .joined(separator: separator),
                code: "2"
            )
        guard let step else {
            builder.blank()
            builder.add(" The log has no actions to step through.")
            builder.blank()
            builder.add(keys)
            return game.fitted(builder.frame, in: size)
        }
        builder.add(
            " "
                + words.color(
                    TextWidth.truncated(
                        words.summary(of: step.action, in: step.before), to: width,
                        marker: game.ellipsis), code: "1"))
        builder.blank()
        if !step.after.cards.isEmpty {
            builder.add(game.board(step.after, cursor: nil).lines)
            builder.blank()
        }
        builder.add(" " + words.color(words.summary(step.after), code: "2"))
        builder.blank()
        builder.add(" What it changed:")
        let changes = words.changes(in: step)
        // The rows left between the changes' title and the keys, a blank line before them.
        let room = size.rows - builder.lines.count - 2
        let shown = changes.count <= room ? changes : Array(changes.prefix(max(room - 1, 0)))
        for line in shown {
            builder.add("   " + TextWidth.truncated(line, to: width - 2, marker: game.ellipsis))
        }
        if shown.count < changes.count, room > 0 {
            builder.add("   " + game.ellipsis + " and \(changes.count - shown.count) more")
        }
        builder.blank()
        builder.add(keys)
        return game.fitted(builder.frame, in: size)
    }
}
