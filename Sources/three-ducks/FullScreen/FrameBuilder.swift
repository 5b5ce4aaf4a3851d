/// Collects the lines and hotspots of a ``ScreenFrame``, top to bottom.
struct FrameBuilder {
    /// The lines so far.
    private(set) var lines: [String] = []
    /// The hotspots so far.
    private(set) var hotspots: [ScreenFrame.Hotspot] = []

    /// The row the next line goes on.
    var nextRow: Int {
        lines.count
    }

    /// Adds a line.
    mutating func add(_ line: String) {
        lines.append(line)
    }

    /// Adds several lines.
    mutating func add(_ lines: [String]) {
        self.lines += lines
    }

    /// Adds an empty line.
    mutating func blank() {
        lines.append("")
    }

    /// Adds a line with a hotspot on its columns `columns`.
    mutating func add(_ line: String, target: ScreenFrame.Target, columns: Range<Int>) {
        add(line, targets: [(target, columns)])
    }

    /// Adds a line with several hotspots, each on its columns.
    mutating func add(_ line: String, targets: [(ScreenFrame.Target, Range<Int>)]) {
        for (target, columns) in targets {
            hotspots.append(ScreenFrame.Hotspot(row: lines.count, columns: columns, target: target))
        }
        lines.append(line)
    }

    /// Adds lines that have hotspots of their own, their rows counted from the first of them.
    mutating func add(_ lines: [String], hotspots: [ScreenFrame.Hotspot]) {
        let offset = self.lines.count
        self.hotspots += hotspots.map {
            ScreenFrame.Hotspot(row: $0.row + offset, columns: $0.columns, target: $0.target)
        }
        self.lines += lines
    }

    /// The frame.
    var frame: ScreenFrame {
        ScreenFrame(lines: lines, hotspots: hotspots)
    }
}
