import Testing
import ThreeDucks
@testable import three_ducks

/// Thousands of random and malformed command lines, from a seeded generator, typed into a game
/// in progress: none crashes the game, and each one refused gets exactly one line of reply and
/// leaves the state exactly as it was.
@Suite struct SessionFuzzTests {
    @Test(
        "random and malformed lines: no crash, one line each, the state unchanged",
        arguments: [
            Difficulty.easy, .normal, .hard,
        ])
    func malformedLines(difficulty: Difficulty) throws {
        let harness = try SessionHarness(seed: 99, difficulty: difficulty)
        harness.start()
        var random = SplitMix64(seed: 2026 &+ UInt64(difficulty.pairCount))
        var refused = 0

        for _ in 0..<3_000 {
            if harness.state.screen != .started || harness.state.selectedCards.count == 2 {
                // A line that happened to be a command (q, n, hard…) moved on; set the table again.
                harness.type("new")
            }
            if harness.state.selectedCards.isEmpty {
                harness.type("a1")
            }
            _ = harness.output.take()
            let before = harness.state
            let line = Self.line(using: &random)

            let outcome = harness.type(line)

            let reply = harness.output.take()
            if outcome == .refused {
                refused += 1
                #expect(
                    reply.hasSuffix("\n")
                        && reply.dropLast().allSatisfy { $0 != "\n" && $0 != "\r" },
                    "one line for \(line.debugDescription): \(reply.debugDescription)")
                #expect(
                    reply.unicodeScalars.allSatisfy {
                        (0x20...0x7E).contains($0.value) || $0 == "\n"
                    },
                    "plain printable text for \(line.debugDescription)")
                #expect(
                    harness.state == before, "the state is unchanged by \(line.debugDescription)")
            }
        }
        #expect(refused > 2_500, "most lines are malformed")
        #expect(harness.scheduler.pendingWorkCount == 0)
    }

    /// One line of the kinds a fuzzer should try: random bytes, near-miss coordinates, near-miss
    /// words, blanks, and very long lines.
    static func line(using random: inout SplitMix64) -> String {
        switch random.next() % 6 {
        case 0:
            // Random bytes, any of them, decoded as a terminal would (bad UTF-8 repaired).
            let count = Int(random.next() % 40)
            let bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            return String(decoding: bytes, as: UTF8.self)
        case 1:
            return pick(nearMissCoordinates, using: &random)
        case 2:
            // A coordinate-like shape with random parts: a letter, a number, and padding.
            let letters = Array("abcdefghijklmnopqrstuvwxyzZ@[`{é")
            let numbers = [
                "0", "9", "33", "-1", "00", "05", "100", "99999999999999999999999", "٣", "１", "3.5",
                "",
            ]
            let padding = ["", " ", "  ", "\t", "\r"]
            return pick(padding, using: &random) + String(pick(letters, using: &random))
                + pick(numbers, using: &random) + pick(padding, using: &random)
        case 3:
            return pick(nearMissWords, using: &random)
        case 4:
            // Very long lines.
            let unit = pick(["b3", "a", "🦆", "\u{1B}[2J", " ", "give up "], using: &random)
            return String(repeating: unit, count: 1_000 + Int(random.next() % 9_000))
        default:
            // Printable ASCII noise.
            let count = 1 + Int(random.next() % 12)
            return String(
                (0..<count).map { _ in Character(UnicodeScalar(UInt8(32 + random.next() % 95))) })
        }
    }

    static let nearMissCoordinates = [
        "z9", "a0", "b33", "e1", "a6", "b 3", "3b", "bb3", "b3b3", "b-3", "b+3", "b3.", "b03 x",
        "#b3",
        "b3\u{301}", "ｂ３", "б3", "🦆3", "b🦆", "", " ", "\t", "\r", "\u{0}", "\u{7}", "\u{1B}[31mb3",
        "b\u{0}3", "a1\na2", "\u{2028}", "\u{FEFF}b3", "b\u{200B}3",
    ]

    static let nearMissWords = [
        "giv up", "give  upp", "neww", "n e w", "hardd", "harder", "Difficulty",
        "difficulty extreme",
        "level 3", "helpme", "quitt", "exit now", "scores please", "titles", "qq", "new game now",
        "flip b3", "b3 a1", "start over", "undo", "cheat", "%s%s%n", "'; DROP TABLE scores;--",
        "../../etc/passwd", "NaN", "-1", "0", "${HOME}", "$(reboot)",
    ]

    static func pick<Element>(_ elements: [Element], using random: inout SplitMix64) -> Element {
        elements[Int(random.next() % UInt64(elements.count))]
    }
}
