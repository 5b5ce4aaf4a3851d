import ThreeDucks

/// What the keys and the mouse do in the full-screen game, and what the screen remembers
/// between two states: the cursor, a reply, a row letter typed, a flip waiting for a pair to
/// turn back, the cues of the turn. A value with no I/O: keys go in, actions come out.
///
/// ```swift
/// var controls = GameControls()
/// for command in controls.handle(.character(" "), in: store.state, frame: frame) {
///     if case .dispatch(let action) = command { store.dispatch(action) }
/// }
/// ```
///
/// The rules are the library's: a flip goes through a ``ThreeDucks/FlipQueue``, which says
/// whether the rules allow it now; otherwise the refusal becomes a reply on screen. A flip
/// refused because a mismatched pair is still showing (a card of that pair included) is not
/// lost: the queue keeps it, and ``observe(_:cues:)`` dispatches it as soon as the queue releases
/// it, so a player who taps during the second plays on without retyping.
///
/// Keys, by screen (letters in either case):
/// - Everywhere: `?` help (any key closes it), `q` or Ctrl-C or Ctrl-D quit, Ctrl-L redraw,
///   Ctrl-Z suspend.
/// - Title: arrows, `hjkl` or `wasd` move through the levels; `1` `2` `3` choose one; Enter,
///   Space or `n` start; a click on a level chooses it (on the chosen one, starts), on New Game
///   starts.
/// - Game: arrows, `hjkl` or `wasd` move the cursor; Space or Enter flips the card under it;
///   a row letter and a column number (`b3`) flip that card; a click flips the card clicked;
///   `n` starts again; `g` or Escape give up.
/// - Won: Enter, Space, `n` or a click on Go Again play again; `g`, Escape or a click on Title
///   go back to the title.
struct GameControls: Sendable {
    /// What the program should do for a key.
    enum Command: Equatable, Sendable {
        /// Dispatch the action to the store.
        case dispatch(ThreeDucksAction)
        /// Leave the game.
        case quit
        /// Give the terminal back and stop, until continued (Ctrl-Z).
        case suspend
        /// Draw the whole screen again (Ctrl-L).
        case redraw
    }

    /// The index of the card under the cursor.
    private(set) var cursor = 0
    /// Whether the help covers the screen.
    private(set) var isShowingHelp = false
    /// A one-line reply to the last key, shown until the next one.
    private(set) var message: String?
    /// The row of a row letter typed, waiting for its column number.
    private(set) var pendingRow: Int?
    /// The card to flip as soon as the mismatched pair showing has turned back.
    private(set) var flips = FlipQueue()
    /// The sound cues of the turn being played, oldest first.
    private(set) var cues: [SoundCue] = []

    private var lastScreen: Screen?

    // MARK: Keys

    /// Handles one key in `state`.
    ///
    /// - Parameters:
    ///   - key: The key, or a mouse report.
    ///   - state: The store's state now.
    ///   - frame: The frame on screen, whose hotspots tell what a click hits.
    /// - Returns: What to do, in order.
    mutating func handle(_ key: Key, in state: ThreeDucksState, frame: ScreenFrame?) -> [Command] {
        if case .mouse(let report) = key, !report.isLeftPress {
            return []   // Releases, motion and the wheel mean nothing here.
        }
        switch key {
        case .interrupt, .endOfInput: return [.quit]
        case .suspend: return [.suspend]
        case .redraw: return [.redraw]
        case .unknown, .control: return []
        default: break
        }
        if isShowingHelp {
            isShowingHelp = false
            return []
        }
        let character = Self.character(of: key)
        switch character {
        case "?":
            // The reply on screen stays for when the help closes.
            isShowingHelp = true
            pendingRow = nil
            return []
        case "q":
            return [.quit]
        default:
            break
        }
        message = nil
        switch state.screen {
        case .title: return handleOnTitle(key, character: character, in: state, frame: frame)
        case .started: return handleInGame(key, character: character, in: state, frame: frame)
        case .won: return handleOnWon(key, character: character, in: state, frame: frame)
        }
    }

    private mutating func handleOnTitle(
        _ key: Key, character: Character?, in state: ThreeDucksState, frame: ScreenFrame?
    ) -> [Command] {
        let levels = Difficulty.allCases
        let current = levels.firstIndex(of: state.difficulty) ?? 0
        if let (rows, columns) = Self.movement(of: key) {
            let next = min(max(current + rows + columns, 0), levels.count - 1)
            return next == current ? [] : [.dispatch(.setDifficulty(levels[next]))]
        }
        if let character, let digit = character.wholeNumberValue, (1...levels.count).contains(digit)
        {
            return [.dispatch(.setDifficulty(levels[digit - 1]))]
        }
        if Self.isConfirmation(key) || character == "n" {
            return startGame()
        }
        if case .mouse(let report) = key {
            switch frame?.target(atRow: report.row - 1, column: report.column - 1) {
            case .difficulty(let level)?:
                return level == state.difficulty ? startGame() : [.dispatch(.setDifficulty(level))]
            case .newGame?:
                return startGame()
            default:
                return []
            }
        }
        if character != nil || key == .escape {
            message =
                "Choose a level with the arrows or 1, 2, 3; Enter plays, ? shows the keys, q quits."
        }
        return []
    }

    private mutating func handleInGame(
        _ key: Key, character: Character?, in state: ThreeDucksState, frame: ScreenFrame?
    ) -> [Command] {
        let grid = Grid(cardCount: state.cards.count)
        let typedRow = pendingRow
        pendingRow = nil

        if character == "n" { return startGame() }
        if character == "g" || key == .escape {
            flips.cancel()
            return [.dispatch(.endGame)]
        }
        if let character, let digit = character.wholeNumberValue {
            guard let row = typedRow else {
                message = "Type a row letter, then its column number: b3."
                return []
            }
            let coordinate = Coordinate(row: row, column: digit - 1)
            guard let index = grid.index(of: coordinate) else {
                message = "There is no card \(coordinate): the grid has \(grid.extent)."
                return []
            }
            cursor = index
            return flip(index, in: state)
        }
        var commands: [Command] = []
        if let (rows, columns) = Self.movement(of: key) {
            moveCursor(rows: rows, columns: columns, in: grid)
        } else if Self.isConfirmation(key) {
            commands = flip(cursor, in: state)
        } else if case .mouse(let report) = key {
            if case .card(let index)? = frame?.target(
                atRow: report.row - 1, column: report.column - 1)
            {
                cursor = index
                commands = flip(index, in: state)
            }
        } else if key == .backspace {
            return []
        } else if character != nil, character?.isLetter != true {
            message = "Unknown key: press ? for the keys."
        }
        // A row letter starts a coordinate, even one that also moves the cursor (a, d).
        if let character, let row = Self.row(of: character), row < grid.rows {
            pendingRow = row
            if Self.movement(of: key) == nil {
                message = "Row \(character): now its column, 1 to \(grid.columns)."
            }
        } else if let character, character.isLetter, Self.movement(of: key) == nil {
            message = "Unknown key \(character): press ? for the keys."
        }
        return commands
    }

    private mutating func handleOnWon(
        _ key: Key, character: Character?, in state: ThreeDucksState, frame: ScreenFrame?
    ) -> [Command] {
        if Self.isConfirmation(key) || character == "n" {
            return startGame()
        }
        if character == "g" || key == .escape {
            return [.dispatch(.endGame)]
        }
        if case .mouse(let report) = key {
            switch frame?.target(atRow: report.row - 1, column: report.column - 1) {
            case .goAgain?: return startGame()
            case .title?: return [.dispatch(.endGame)]
            default: return []
            }
        }
        return []
    }

    // MARK: State

    /// Takes in a new state and the cues played since the last call.
    ///
    /// - Parameters:
    ///   - state: The store's state now.
    ///   - newCues: The cues played since the last call, oldest first.
    /// - Returns: The flip that was waiting, if the pair in its way has turned back.
    mutating func observe(_ state: ThreeDucksState, cues newCues: [SoundCue]) -> [Command] {
        if state.screen != lastScreen {
            if lastScreen != nil {
                message = nil
                pendingRow = nil
                cues = []
            }
            lastScreen = state.screen
        }
        cues += newCues
        if !state.cards.isEmpty, cursor >= state.cards.count {
            cursor = state.cards.count - 1
        }
        switch flips.release(in: state) {
        case nil:
            return []
        case .dropped?:
            message = nil
            return []
        case .flip(let id)?:
            message = nil
            if state.selectedCards.isEmpty { cues = [] }
            return [.dispatch(.flipCard(id))]
        }
    }

    // MARK: Moves

    private mutating func startGame() -> [Command] {
        cues = []
        flips.cancel()
        pendingRow = nil
        cursor = 0
        return [.dispatch(.startGame)]
    }

    private mutating func flip(_ index: Int, in state: ThreeDucksState) -> [Command] {
        guard state.cards.indices.contains(index) else { return [] }
        let id = state.cards[index].id
        let coordinate = Grid(cardCount: state.cards.count).coordinate(ofIndex: index)
        switch flips.ask(toFlip: id, in: state) {
        case .flipNow:
            if state.selectedCards.isEmpty { cues = [] }
            return [.dispatch(.flipCard(id))]
        case .waiting:
            message = "\(coordinate) turns over as soon as these two turn back."
        case .waitingToTurnAgain:
            message = "\(coordinate) turns over again as soon as these two turn back."
        case .refused(.alreadyFaceUp):
            message = "\(coordinate) is already face up."
        case .refused:
            break
        }
        return []
    }

    private mutating func moveCursor(rows: Int, columns: Int, in grid: Grid) {
        guard grid.cardCount > 0 else { return }
        let here = grid.coordinate(ofIndex: min(cursor, grid.cardCount - 1))
        let row = min(max(here.row + rows, 0), grid.rows - 1)
        let column = min(max(here.column + columns, 0), grid.columns - 1)
        cursor = grid.index(of: Coordinate(row: row, column: column)) ?? grid.cardCount - 1
    }

    // MARK: Reading keys

    /// The character of a key, lowercased; nil for keys that are not text.
    private static func character(of key: Key) -> Character? {
        guard case .character(let character) = key else { return nil }
        return Character(character.lowercased())
    }

    /// The step a movement key makes, in rows and columns.
    private static func movement(of key: Key) -> (rows: Int, columns: Int)? {
        switch key {
        case .up: return (-1, 0)
        case .down: return (1, 0)
        case .left: return (0, -1)
        case .right: return (0, 1)
        case .character(let character):
            switch Character(character.lowercased()) {
            case "k", "w": return (-1, 0)
            case "j", "s": return (1, 0)
            case "h", "a": return (0, -1)
            case "l", "d": return (0, 1)
            default: return nil
            }
        default:
            return nil
        }
    }

    /// Enter or Space: the key that does the obvious thing.
    private static func isConfirmation(_ key: Key) -> Bool {
        key == .enter || key == .character(" ")
    }

    /// The row of a row letter, `a` to `z`; the command letters are never rows.
    private static func row(of character: Character) -> Int? {
        guard let ascii = character.asciiValue,
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(ascii),
            !"ngq".contains(character)
        else { return nil }
        return Int(ascii - UInt8(ascii: "a"))
    }
}
