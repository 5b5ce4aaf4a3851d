import Redux

// A state with fields, a list and a dictionary, for the tests of per-field observation.

/// One row of a ``Board``.
struct BoardRow: Equatable, Sendable {
    var id: Int
    var title: String
}

/// A title, rows, and scores by name.
struct Board: Equatable, Sendable {
    var title = "Board"
    var subtitle = ""
    var rows: [BoardRow] = []
    var scores: [String: Int] = [:]
    var counter = Counter()

    /// A board with `count` rows, numbered from 0.
    static func rows(_ count: Int) -> Board {
        Board(rows: (0..<count).map { BoardRow(id: $0, title: "row \($0)") })
    }
}

/// What a ``Board`` can be asked to do.
enum BoardAction: Equatable, Sendable {
    case retitle(String)
    case setSubtitle(String)
    case renameRow(Int, String)
    case appendRow(String)
    case removeLastRow
    case score(String, Int)
    case counter(CounterAction)
    /// Changes nothing.
    case nothing

    static let counterPath = ActionPath<BoardAction, CounterAction>(embed: BoardAction.counter) {
        guard case .counter(let action) = $0 else { return nil }
        return action
    }
}

/// The board's reducer, in place.
let boardReducer: MutatingReducer<Board, BoardAction> = { board, action in
    switch action {
    case .retitle(let title): board.title = title
    case .setSubtitle(let subtitle): board.subtitle = subtitle
    case .renameRow(let index, let title): board.rows[index].title = title
    case .appendRow(let title): board.rows.append(BoardRow(id: board.rows.count, title: title))
    case .removeLastRow: board.rows.removeLast()
    case .score(let name, let points): board.scores[name] = points
    case .counter(let action): counterMutatingReducer(&board.counter, action)
    case .nothing: break
    }
}
