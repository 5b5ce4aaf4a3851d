/// Where a card lies in the grid, as the player types it: a row letter and a column number.
///
/// `b3` is row b (the second), column 3 (the third); rows and columns are stored from 0.
///
/// ```swift
/// let coordinate = Coordinate(row: 1, column: 2)
/// print(coordinate)                                   // b3
/// Grid(.normal).index(of: coordinate)                 // 6
/// ```
struct Coordinate: Hashable, Sendable, CustomStringConvertible {
    /// The row, from 0 (row a).
    var row: Int

    /// The column, from 0 (column 1): -1 when the player typed column 0, and a number past
    /// every grid (but far from overflowing) when the player typed a huge one.
    var column: Int

    /// The row's letter, a to z; `?` for a row that has none.
    var rowLetter: String {
        Self.letter(forRow: row)
    }

    /// As typed: the row letter then the column number, `b3`.
    var description: String {
        "\(rowLetter)\(column &+ 1)"
    }

    /// The letter of `row`: `a` for 0, … `z` for 25; `?` outside.
    static func letter(forRow row: Int) -> String {
        guard (0..<26).contains(row) else { return "?" }
        return String(UnicodeScalar(UInt8(ascii: "a") + UInt8(row)))
    }
}
