import ThreeDucks

/// The size of a terminal, in character cells.
struct TerminalSize: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The number of columns.
    var columns: Int
    /// The number of rows.
    var rows: Int

    /// The size assumed when a terminal does not say.
    static let standard = TerminalSize(columns: 80, rows: 24)

    /// `80 × 24` (or `80 x 24`).
    var description: String {
        "\(columns) x \(rows)"
    }
}

/// One full screen of text, as a renderer draws it: a line per terminal row from the top, and
/// the places a mouse click means something.
///
/// A line holds text and colour codes only, never cursor movements or newlines, and never
/// more than the terminal's width less one column, so that nothing wraps or scrolls (see
/// ``ScreenPainter``). Rows past the last line are blank.
struct ScreenFrame: Equatable, Sendable {
    /// Something a click can hit.
    enum Target: Equatable, Hashable, Sendable {
        /// The card at this index of the state's cards.
        case card(Int)
        /// A difficulty on the title screen.
        case difficulty(Difficulty)
        /// The title screen's New Game.
        case newGame
        /// The won screen's Go Again.
        case goAgain
        /// The won screen's way back to the title.
        case title
    }

    /// Where a ``Target`` lies: a row, and a range of columns in it (both from 0).
    struct Hotspot: Equatable, Hashable, Sendable {
        /// The row, from 0 at the top.
        var row: Int
        /// The columns, from 0 at the left.
        var columns: Range<Int>
        /// What lies there.
        var target: Target
    }

    /// The lines, from the top row.
    var lines: [String]

    /// The places a click means something.
    var hotspots: [Hotspot] = []

    /// What lies at a terminal cell, if anything.
    ///
    /// - Parameters:
    ///   - row: From 0 at the top.
    ///   - column: From 0 at the left.
    /// - Returns: The target there.
    func target(atRow row: Int, column: Int) -> Target? {
        hotspots.first { $0.row == row && $0.columns.contains(column) }?.target
    }

    /// Where `target` lies, if it is on screen.
    func hotspot(of target: Target) -> Hotspot? {
        hotspots.first { $0.target == target }
    }

    /// The widest line, in columns.
    var width: Int {
        lines.map(TextWidth.of).max() ?? 0
    }

    /// Whether the frame fits in `size` without wrapping or scrolling.
    func fits(in size: TerminalSize) -> Bool {
        lines.count <= size.rows && width < size.columns
    }
}
