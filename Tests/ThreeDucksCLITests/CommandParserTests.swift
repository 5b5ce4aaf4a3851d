import Testing
import ThreeDucks
@testable import three_ducks

@Suite struct CommandParserTests {
    @Test(
        "a coordinate is a letter then a number, whatever the case and the spaces around",
        arguments: [
            ("b3", Coordinate(row: 1, column: 2)),
            (" B3 ", Coordinate(row: 1, column: 2)),
            ("a1", Coordinate(row: 0, column: 0)),
            ("d5", Coordinate(row: 3, column: 4)),
            ("b03", Coordinate(row: 1, column: 2)),
            ("z9", Coordinate(row: 25, column: 8)),
            ("a0", Coordinate(row: 0, column: -1)),
        ])
    func coordinates(line: String, coordinate: Coordinate) {
        #expect(CommandParser.parse(line) == .success(.flip(coordinate)))
    }

    @Test(
        "command words, with their short forms",
        arguments: [
            ("new", Command.newGame), ("N", .newGame), ("new game", .newGame), ("again", .newGame),
            ("give up", .giveUp), ("Give   Up", .giveUp), ("giveup", .giveUp),
            ("q", .back), ("title", .title), ("menu", .title),
            ("quit", .quit), ("exit", .quit),
            ("help", .help), ("?", .help), ("h", .help),
            ("scores", .scores), ("high scores", .scores),
            ("easy", .difficulty(.easy)), ("Normal", .difficulty(.normal)),
            ("difficulty hard", .difficulty(.hard)),
            ("level easy", .difficulty(.easy)),
        ])
    func words(line: String, command: Command) {
        #expect(CommandParser.parse(line) == .success(command))
    }

    @Test(
        "what is not a command gets a one-line reply",
        arguments: [
            ("", "Type a card's coordinate, like b3, or help for the commands."),
            ("   ", "Type a card's coordinate, like b3, or help for the commands."),
            ("giv up", "Unknown command 'giv up': type a card's coordinate, like b3, or help."),
            ("b 3", "Unknown command 'b 3': type a card's coordinate, like b3, or help."),
            ("3b", "Unknown command '3b': type a card's coordinate, like b3, or help."),
            ("b-3", "Unknown command 'b-3': type a card's coordinate, like b3, or help."),
            ("ｂ３", "Unknown command '??': type a card's coordinate, like b3, or help."),
            ("difficulty extreme", "The difficulty is easy, normal or hard, not 'extreme'."),
            ("difficulty", "Choose the difficulty by typing easy, normal or hard."),
            (
                String(repeating: "x", count: 5_000),
                "Unknown command 'xxxxxxxxxxxxxxxxxxxxxxxx...': type a card's coordinate, like b3, or help."
            ),
        ])
    func errors(line: String, message: String) {
        #expect(CommandParser.parse(line) == .failure(CommandError(message: message)))
    }

    @Test("a number too large for any grid is still a coordinate, outside every grid")
    func hugeNumber() throws {
        let result = CommandParser.parse("b99999999999999999999999999")
        guard case .success(.flip(let coordinate)) = result else {
            Issue.record("expected a coordinate, got \(result)")
            return
        }
        #expect(coordinate.row == 1)
        #expect(Grid(.hard).index(of: coordinate) == nil)
    }

    @Test("an echo of what was typed is printable ASCII, cut short")
    func echo() {
        #expect(InputEcho.sanitized("b3") == "b3")
        #expect(InputEcho.sanitized("\u{1B}[2J\u{7}🦆é") == "?[2J???")
        #expect(
            InputEcho.sanitized(String(repeating: "ab", count: 100)) == String(
                repeating: "ab", count: 12) + "...")
    }
}
