#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import TestSupport
import Testing
import ThreeDucks

/// Two games, in two processes, saving to one high-score file at the same time: each saves only
/// its own view of the records, and neither may erase the other's.
@Suite struct SharedHighScoreFileTests {
    static let rounds = 150

    @Test("two processes saving different records at once, 150 rounds each: no record is ever lost")
    func twoGamesSaveAtOnce() throws {
        let folder = try TemporaryDirectory()
        let path = folder.file("high-scores.json")
        let gate = folder.file("gate")
        try #require(mkfifo(gate, 0o600) == 0)
        // Held open for writing (read and write, so that opening it does not wait for a reader)
        // until both games are ready; closing it lets them go at the same moment. Not inherited
        // by the games, or they would hold it open themselves.
        let gateDescriptor = open(gate, O_RDWR | O_CLOEXEC)
        try #require(gateDescriptor >= 0)
        var isGateOpen = true
        defer { if isGateOpen { close(gateDescriptor) } }

        let children = try RacingGame.allCases.map { game in
            try ChildProcess(
                reliabilityHelperPath,
                ["race-high-scores", path, gate, game.rawValue, String(Self.rounds)])
        }
        for child in children {
            try #require(try child.readLine() == "ready")
        }
        close(gateDescriptor)
        isGateOpen = false

        for (game, child) in zip(RacingGame.allCases, children) {
            let lines = try child.readRemainingLines()
            #expect(
                ChildProcess.exitedCleanly(try child.waitForExit()),
                "the \(game) game failed: \(lines.suffix(3))")
            let lost = lines.filter { !$0.hasPrefix("saved ") }
            #expect(
                lost.isEmpty,
                "the \(game) game lost \(lost.count) records; the first: \(lost.prefix(3))")
            #expect(lines.count == Self.rounds)
        }

        // The file holds the last record of each game at its own level, and the best at the
        // level both played: the second game's last, one move better than the first's.
        let last = Self.rounds
        #expect(
            try HighScoreFile(path: path).load() == [
                .easy: RacingGame.first.scores(inRound: last)[.easy]!,
                .hard: RacingGame.second.scores(inRound: last)[.hard]!,
                .normal: RacingGame.second.scores(inRound: last)[.normal]!,
            ])
        #expect(try folder.names().filter { $0.hasSuffix(".tmp") }.isEmpty)
    }
}
