/// Brings the terminal from the frame last painted to the next, writing only the rows that
/// changed: a pure function of the two, kept in a value.
///
/// ```swift
/// var painter = ScreenPainter()
/// terminal.write(painter.paint(frame.lines))      // everything, the first time
/// terminal.write(painter.paint(nextFrame.lines))  // only the rows that differ
/// ```
///
/// Each changed row is written from its first column, then cleared to its end (`ESC [ K`), so
/// what was longer before leaves nothing behind. After a resize, or anything else that may have
/// changed the screen behind its back, ``invalidate()`` makes the next paint clear the screen
/// and write every row.
struct ScreenPainter: Sendable {
    /// The lines on the terminal now, as far as the painter knows; nil when it knows nothing.
    private(set) var painted: [String]?

    /// Forgets what is on screen: the next paint starts from a cleared screen.
    mutating func invalidate() {
        painted = nil
    }

    /// The text that turns the painted screen into `lines`, and remembers them.
    ///
    /// - Parameter lines: The new frame's lines.
    /// - Returns: Cursor movements and text; empty when nothing changed.
    /// - Complexity: O(*n*) in the lines' length.
    mutating func paint(_ lines: [String]) -> String {
        var text = ""
        let old = painted ?? []
        if painted == nil {
            text += "\u{1B}[0m\u{1B}[H\u{1B}[2J"
        }
        for row in 0..<max(lines.count, old.count) {
            let new = row < lines.count ? lines[row] : ""
            guard painted == nil || row >= old.count || new != old[row] else { continue }
            if painted == nil, new.isEmpty { continue }
            text += "\u{1B}[\(row + 1);1H" + new + "\u{1B}[0m\u{1B}[K"
        }
        painted = lines
        return text
    }
}
