import Foundation
import Testing
import ThreeDucks
@testable import three_ducks

@Suite struct AutoplayTests {
    @Test(
        "autoplay wins every seeded game, at every level, in fewer than twice as many moves as cards",
        arguments: Difficulty.allCases)
    func winsEverySeed(difficulty: Difficulty) async throws {
        for seed in UInt64(0)..<20 {
            let harness = try SessionHarness(seed: seed, difficulty: difficulty, sounds: .muted)
            let autoplay = Autoplay(session: harness.session, output: harness.output) {
                harness.scheduler.run()
            }

            let final = await autoplay.run(seed: seed, speed: 20)

            #expect(final.screen == .won)
            #expect(final.moves >= difficulty.cardCount && final.moves < 2 * difficulty.cardCount)
            let lines = harness.output.take().split(separator: "\n")
            #expect(lines.filter { $0.hasPrefix("move ") }.count == final.moves)
            #expect(lines.last == "New high score at \(difficulty.rawValue): \(final.moves) moves!")
            #expect(harness.scheduler.pendingWorkCount == 0)
        }
    }

    @Test(
        "an unusable high-score file is told after the header, once, and the record is saved in a new file"
    )
    func unusableHighScoreFile() async throws {
        let harness = try SessionHarness(seed: 7, difficulty: .easy, sounds: .muted)
        try harness.folder.write("{ not json", to: "high-scores.json")
        let autoplay = Autoplay(session: harness.session, output: harness.output) {
            harness.scheduler.run()
        }

        let final = await autoplay.run(seed: 7, speed: 20)

        let path = harness.folder.file("high-scores.json")
        let error = HighScoreFileError.movedAside(
            path: path, problem: .notJSON, backup: path + ".corrupt-1")
        let lines = harness.output.take().split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init)
        #expect(lines[3].hasPrefix("The clock runs 20x faster"))
        #expect(Array(lines[4...5]) == ["! \(error.description)", ""])
        #expect(lines.filter { $0.hasPrefix("! ") }.count == 1)
        #expect(final.highScoreError == nil)
        #expect(harness.folder.contents(of: "high-scores.json.corrupt-1") == "{ not json")
        #expect(try HighScoreFile(path: path).load()[.easy] == final.highScores[.easy])
    }

    @Test(
        "a high-score file that can neither be read nor saved is told at the start and at the end")
    func highScoreFileInTheWay() async throws {
        let harness = try SessionHarness(seed: 7, difficulty: .easy, sounds: .muted)
        let path = harness.folder.file("high-scores.json")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        let autoplay = Autoplay(session: harness.session, output: harness.output) {
            harness.scheduler.run()
        }

        await autoplay.run(seed: 7, speed: 20)

        let lines = harness.output.take().split(separator: "\n").map(String.init)
        #expect(
            lines.filter { $0.hasPrefix("! ") } == [
                "! " + HighScoreFileError.notAFile(path: path).description,
                "! "
                    + HighScoreFileError.couldNotSave(path: path, reason: "Is a directory")
                    .description,
            ])
    }

    @Test(
        "autoplay prints the header, the empty grid, each move with its cues, the grid and the result"
    )
    func output() async throws {
        let harness = try SessionHarness(seed: 7, difficulty: nil)
        let autoplay = Autoplay(session: harness.session, output: harness.output) {
            harness.scheduler.run()
        }

        await autoplay.run(seed: 7, speed: 20)

        let lines = harness.output.take().split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init)
        #expect(
            Array(lines.prefix(5)) == [
                "THREE DUCKS autoplay: normal (6 pairs, 3 x 4), seed 7.",
                "A player with perfect memory: it turns a pair it has seen when it knows one, otherwise",
                "an unseen card, then that card's match if it has seen it.",
                "The clock runs 20x faster than real time: a mismatch stays face up for 50 ms.",
                "",
            ])
        #expect(lines.contains("move   2  a2  PELICAN   no match: they turn back  (no match)"))
        #expect(
            lines.contains("move  10  b2  DUCK      a pair: they stay face up  (quack) (match)"))
        #expect(
            lines.contains("move  18  c1  BEAR      a pair: they stay face up  (match) (ta-da)"))
        #expect(
            lines.contains(
                "Won in 18 moves with perfect memory; a player whose every guess is lucky needs 12."
            ))
    }
}
