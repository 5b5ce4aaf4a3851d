@testable import three_ducks

/// A terminal screen, as much of xterm as the full-screen modes use: enough to read back what
/// a player would see, from the bytes the game wrote to its terminal.
///
/// It understands text (UTF-8, wide characters taking two cells), carriage return, line feed
/// (scrolling at the bottom), backspace, cursor positioning (`ESC [ r ; c H`), erasing
/// (`ESC [ J`, `ESC [ K`), and the private modes the game sets and resets: the alternate screen
/// (1049, which saves the cursor and puts it back after), the cursor (25), line wrapping (7)
/// and mouse reporting (1000, 1006). Colours and other sequences are read and ignored.
final class VirtualScreen {
    private(set) var columns: Int
    private(set) var rows: Int

    /// The private modes set (`?1049`, `?25`…); the cursor and wrapping start set.
    private(set) var modes: Set<Int> = [25, 7]
    private var main: [[String]]
    private var alternate: [[String]]
    private var row = 0
    private var column = 0
    /// Where the cursor was when the alternate screen came: it goes back there after.
    private var savedCursor = (row: 0, column: 0)
    private var pending: [UInt8] = []

    init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
        main = Self.blank(columns: columns, rows: rows)
        alternate = main
    }

    /// Whether the alternate screen shows.
    var isAlternate: Bool { modes.contains(1049) }
    /// Whether mouse reporting is on.
    var reportsMouse: Bool { modes.contains(1000) || modes.contains(1006) }
    /// Whether the cursor is visible.
    var showsCursor: Bool { modes.contains(25) }

    /// The rows of the screen showing, without trailing blanks.
    var lines: [String] {
        (isAlternate ? alternate : main).map { $0.joined().trimmedAtEnd() }
    }

    /// The screen showing, a line per row.
    var text: String {
        lines.joined(separator: "\n")
    }

    /// The screen's words, rows joined by a space: to find a sentence however it wrapped.
    var words: String {
        lines.joined(separator: " ").split(separator: " ").joined(separator: " ")
    }

    /// Whether some row holds `text`.
    func contains(_ text: String) -> Bool {
        lines.contains { $0.contains(text) }
    }

    /// The first row that holds `text`.
    func row(containing text: String) -> Int? {
        lines.firstIndex { $0.contains(text) }
    }

    /// The character cells of `row`: one string per column ("" after a wide character).
    func cells(ofRow row: Int) -> [String] {
        (isAlternate ? alternate : main)[row]
    }

    /// Changes the size, as a window resized does: what no longer fits is cut off, new cells
    /// are blank, and the cursor stays inside.
    func resize(columns: Int, rows: Int) {
        func resized(_ screen: [[String]]) -> [[String]] {
            (0..<rows).map { row in
                (0..<columns).map { column in
                    row < screen.count && column < screen[row].count ? screen[row][column] : " "
                }
            }
        }
        main = resized(main)
        alternate = resized(alternate)
        self.columns = columns
        self.rows = rows
        row = min(row, rows - 1)
        column = min(column, columns - 1)
    }

    /// Reads what the program wrote.
    func feed(_ bytes: some Sequence<UInt8>) {
        pending += bytes
        var index = 0
        while index < pending.count {
            guard let consumed = step(at: index) else { break }
            index += consumed
        }
        pending.removeFirst(index)
    }

    // MARK: Reading

    /// Handles what starts at `index`; nil when more bytes are needed.
    private func step(at index: Int) -> Int? {
        let byte = pending[index]
        switch byte {
        case 0x1B:
            guard index + 1 < pending.count else { return nil }
            guard pending[index + 1] == UInt8(ascii: "[") else { return 2 }
            var end = index + 2
            while end < pending.count, !(0x40...0x7E).contains(pending[end]) { end += 1 }
            guard end < pending.count else { return nil }
            controlSequence(
                String(decoding: pending[(index + 2)..<end], as: UTF8.self), final: pending[end])
            return end - index + 1
        case 0x0D:
            column = 0
            return 1
        case 0x0A:
            lineFeed()
            return 1
        case 0x08:
            column = max(column - 1, 0)
            return 1
        case 0x00..<0x20, 0x7F:
            return 1
        default:
            let length = byte < 0x80 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
            guard index + length <= pending.count else { return nil }
            let text = String(decoding: pending[index..<(index + length)], as: UTF8.self)
            for scalar in text.unicodeScalars { put(scalar) }
            return length
        }
    }

    private func controlSequence(_ parameters: String, final: UInt8) {
        let isPrivate = parameters.hasPrefix("?")
        let numbers = (isPrivate ? String(parameters.dropFirst()) : parameters)
            .split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        func number(_ index: Int, default value: Int) -> Int {
            index < numbers.count ? numbers[index] ?? value : value
        }
        switch final {
        case UInt8(ascii: "H"), UInt8(ascii: "f"):
            row = min(max(number(0, default: 1), 1), rows) - 1
            column = min(max(number(1, default: 1), 1), columns) - 1
        case UInt8(ascii: "J"):
            switch number(0, default: 0) {
            case 2, 3: update { $0 = Self.blank(columns: columns, rows: rows) }
            default:
                eraseLine(from: column)
                update { screen in
                    for below in (row + 1)..<rows {
                        screen[below] = Array(repeating: " ", count: columns)
                    }
                }
            }
        case UInt8(ascii: "K"):
            switch number(0, default: 0) {
            case 2: eraseLine(from: 0)
            default: eraseLine(from: column)
            }
        case UInt8(ascii: "h") where isPrivate:
            for mode in numbers.compactMap({ $0 }) {
                if mode == 1049, !modes.contains(1049) {
                    alternate = Self.blank(columns: columns, rows: rows)
                    savedCursor = (row, column)
                }
                modes.insert(mode)
            }
        case UInt8(ascii: "l") where isPrivate:
            for mode in numbers.compactMap({ $0 }) {
                if mode == 1049, modes.contains(1049) {
                    (row, column) = savedCursor
                }
                modes.remove(mode)
            }
        default:
            break   // Colours and the rest.
        }
    }

    private func put(_ scalar: Unicode.Scalar) {
        let width = TextWidth.of(scalar)
        if width == 0 {
            update { screen in
                let previous = max(self.column - 1, 0)
                screen[self.row][previous] += String(scalar)
            }
            return
        }
        if column + width > columns {
            if modes.contains(7) {
                column = 0
                lineFeed()
            } else {
                column = columns - width
            }
        }
        update { screen in
            screen[self.row][self.column] = String(scalar)
            if width == 2, self.column + 1 < self.columns { screen[self.row][self.column + 1] = "" }
        }
        column = min(column + width, columns - (modes.contains(7) ? 0 : 1))
    }

    private func lineFeed() {
        if row == rows - 1 {
            update { screen in
                screen.removeFirst()
                screen.append(Array(repeating: " ", count: self.columns))
            }
        } else {
            row += 1
        }
    }

    private func eraseLine(from start: Int) {
        update { screen in
            for cell in start..<self.columns { screen[self.row][cell] = " " }
        }
    }

    private func update(_ body: (inout [[String]]) -> Void) {
        if isAlternate { body(&alternate) } else { body(&main) }
    }

    private static func blank(columns: Int, rows: Int) -> [[String]] {
        Array(repeating: Array(repeating: " ", count: columns), count: rows)
    }
}
