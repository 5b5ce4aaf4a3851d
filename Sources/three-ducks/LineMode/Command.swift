import ThreeDucks

/// One line the player typed, understood: a card to flip or a command.
///
/// What a command does depends on the screen showing; ``Session`` decides. ``CommandParser``
/// makes commands from lines.
enum Command: Equatable, Sendable {
    /// `b3`: flip the card at this coordinate (checked against the grid by the session).
    case flip(Coordinate)
    /// `new`, `n`, `again`: start a new game (or restart the one being played).
    case newGame
    /// `give up`: back to the title screen from a game.
    case giveUp
    /// `q`: leave the screen showing: give up a game, leave the won screen, quit from the title.
    case back
    /// `title`, `menu`: back to the title screen.
    case title
    /// `quit`, `exit`: leave the program.
    case quit
    /// `help`, `h`, `?`: show the commands.
    case help
    /// `easy`, `normal`, `hard` (or `difficulty hard`): choose the level.
    case difficulty(Difficulty)
    /// `scores`: show the high scores.
    case scores
}
