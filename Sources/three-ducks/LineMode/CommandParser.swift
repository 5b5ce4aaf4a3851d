import ThreeDucks

/// Understands a typed line: a coordinate (`b3`) or a command word (`new`, `give up`, `hard`…).
///
/// Case and surrounding spaces do not matter, and neither do repeated spaces between words.
/// Anything else is a ``CommandError`` whose message is one line:
///
/// ```swift
/// CommandParser.parse(" B3 ")      // .success(.flip(Coordinate(row: 1, column: 2)))
/// CommandParser.parse("giv up")    // .failure: Unknown command 'giv up': type a card's …
/// ```
///
/// Coordinates are only read here (a letter, then a number); whether a card lies there
/// depends on the grid, which the session checks.
enum CommandParser {
    /// The words of each command, as typed after normalising case and spaces.
    private static let words: [String: Command] = [
        "new": .newGame, "n": .newGame, "new game": .newGame, "start": .newGame, "play": .newGame,
        "again": .newGame, "go again": .newGame, "restart": .newGame,
        "give up": .giveUp, "giveup": .giveUp, "forfeit": .giveUp,
        "q": .back,
        "title": .title, "menu": .title,
        "quit": .quit, "exit": .quit, "bye": .quit,
        "help": .help, "h": .help, "?": .help,
        "scores": .scores, "high scores": .scores, "highscores": .scores, "score": .scores,
        "easy": .difficulty(.easy), "normal": .difficulty(.normal), "hard": .difficulty(.hard),
    ]

    /// Parses one line.
    ///
    /// - Parameter line: What was typed, without its newline.
    /// - Returns: The command, or the error to show.
    static func parse(_ line: String) -> Result<Command, CommandError> {
        let normalized = normalize(line)
        if normalized.isEmpty {
            return .failure(
                CommandError(
                    message: "Type a card's coordinate, like b3, or help for the commands."))
        }
        if let command = words[normalized] {
            return .success(command)
        }
        if let coordinate = coordinate(normalized) {
            return .success(.flip(coordinate))
        }
        for prefix in ["difficulty ", "level "] where normalized.hasPrefix(prefix) {
            let level = normalized.dropFirst(prefix.count)
            if let difficulty = Difficulty(rawValue: String(level)) {
                return .success(.difficulty(difficulty))
            }
            return .failure(
                CommandError(
                    message:
                        "The difficulty is easy, normal or hard, not '\(InputEcho.sanitized(String(level)))'."
                ))
        }
        if normalized == "difficulty" || normalized == "level" {
            return .failure(
                CommandError(message: "Choose the difficulty by typing easy, normal or hard."))
        }
        return .failure(
            CommandError(
                message:
                    "Unknown command '\(InputEcho.sanitized(normalized))': type a card's coordinate, like b3, or help."
            ))
    }

    /// Lowercased, with blanks trimmed at both ends and runs of them made single spaces.
    private static func normalize(_ line: String) -> String {
        line.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
            .joined(separator: " ")
    }

    /// `b3` read as row 1, column 2: one ASCII letter, then ASCII digits only.
    private static func coordinate(_ text: String) -> Coordinate? {
        let scalars = Array(text.unicodeScalars)
        guard scalars.count >= 2, let letter = scalars.first, ("a"..."z").contains(letter) else {
            return nil
        }
        var number = 0
        for digit in scalars.dropFirst() {
            guard ("0"..."9").contains(digit) else { return nil }
            // Any number past a grid's width is as good as another: cap it instead of overflowing.
            number = min(number * 10 + Int(digit.value - 48), Int.max / 20)
        }
        return Coordinate(row: Int(letter.value - 97), column: number - 1)
    }
}
