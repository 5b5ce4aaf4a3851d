import Effects
import TestSupport
import Testing
import ThreeDucks
@testable import three_ducks

@Suite struct PlayCommandTests {
    /// Lines handed out one by one, then the end of the input.
    final class Input: Sendable {
        private let lines: Lock<[String]>

        init(_ lines: [String]) {
            self.lines = Lock(lines)
        }

        func next() -> LineReader.Line? {
            lines.withLock { $0.isEmpty ? nil : .text($0.removeFirst()) }
        }

        var remaining: Int {
            lines.withLock { $0.count }
        }
    }

    @Test("a piped script plays to its end, each command played out before the next, then goodbye")
    func pipedScript() async throws {
        let harness = try SessionHarness()
        let deck = seededDeck(.easy, seed: 42)
        let input = Input(["new"] + winningScript(for: deck))
        var command = PlayCommand(session: harness.session, readsFromTerminal: false) {
            harness.scheduler.run()
        }
        command.readLine = input.next

        await command.run()

        let output = harness.output.take()
        #expect(output.hasPrefix("THREE DUCKS\n"))
        #expect(output.contains("You found every pair in 10 moves!"))
        #expect(
            output.hasSuffix(
                "New high score at easy: 10 moves!\n\nCommands: new (play again), title (q), easy / normal / hard, scores, help, quit\n(ta-da)\nGoodbye, and thanks for playing Three Ducks!\n"
            ))
        #expect(harness.scheduler.pendingWorkCount == 0)
    }

    @Test("quit stops reading, and the lines after it are left unread")
    func quit() async throws {
        let harness = try SessionHarness()
        let input = Input(["new", "quit", "a1"])
        var command = PlayCommand(session: harness.session, readsFromTerminal: false) {
            harness.scheduler.run()
        }
        command.readLine = input.next

        await command.run()

        #expect(input.remaining == 1)
        #expect(harness.state.moves == 0)
        #expect(harness.output.take().hasSuffix("Goodbye, and thanks for playing Three Ducks!\n"))
    }

    @Test(
        "at a terminal each drawing and reply ends with the prompt, and the end of input starts a new line"
    )
    func prompt() async throws {
        let harness = try SessionHarness(prompt: "> ")
        let input = Input(["new", "zz"])
        var command = PlayCommand(session: harness.session, readsFromTerminal: true) {
            harness.scheduler.run()
        }
        command.readLine = input.next

        await command.run()

        let output = harness.output.take()
        #expect(output.contains("help, quit (q)\n> "))
        #expect(output.contains("help, quit\n> "))
        #expect(
            output.contains("Unknown command 'zz': type a card's coordinate, like b3, or help.\n> ")
        )
        #expect(output.hasSuffix("> \nGoodbye, and thanks for playing Three Ducks!\n"))
    }
}
