import ThreeDucks

/// The shape the cards are laid out in: easy 2 × 4, normal 3 × 4, hard 4 × 5.
///
/// Cards lie in grid order, row by row, so the card at row *r*, column *c* is at index
/// *r* × ``columns`` + *c* of ``ThreeDucksState/cards``.
struct Grid: Equatable, Sendable {
    /// The number of rows (letters).
    let rows: Int

    /// The number of columns (numbers).
    let columns: Int

    /// The number of cards the grid holds.
    let cardCount: Int

    /// The grid for a deck of `cardCount` cards: the level's shape for 8, 12 or 20 cards, else
    /// rows of up to five.
    init(cardCount: Int) {
        self.cardCount = max(cardCount, 0)
        switch cardCount {
        case Difficulty.easy.cardCount: (rows, columns) = (2, 4)
        case Difficulty.normal.cardCount: (rows, columns) = (3, 4)
        case Difficulty.hard.cardCount: (rows, columns) = (4, 5)
        default:
            // Any other count (a hand-made state, say) still fits in rows a to z.
            let columns = max(5, (cardCount + 25) / 26)
            self.columns = columns
            rows = (self.cardCount + columns - 1) / columns
        }
    }

    /// The grid of a game at `difficulty`.
    init(_ difficulty: Difficulty) {
        self.init(cardCount: difficulty.cardCount)
    }

    /// The index of the card at `coordinate`, or nil when no card lies there.
    func index(of coordinate: Coordinate) -> Int? {
        guard (0..<rows).contains(coordinate.row), (0..<columns).contains(coordinate.column) else {
            return nil
        }
        let index = coordinate.row * columns + coordinate.column
        return index < cardCount ? index : nil
    }

    /// The coordinate of the card at `index`.
    func coordinate(ofIndex index: Int) -> Coordinate {
        Coordinate(row: index / columns, column: index % columns)
    }

    /// The rows and columns as a player reads them: "rows a-c, columns 1-4".
    var extent: String {
        "rows a-\(Coordinate.letter(forRow: rows - 1)), columns 1-\(columns)"
    }
}
