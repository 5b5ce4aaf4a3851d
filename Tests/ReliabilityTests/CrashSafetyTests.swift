import Foundation
import ReduxRecording
import TestSupport
import Testing
import ThreeDucks

/// Processes killed with SIGKILL in the middle of writing: the high-score file and the action
/// log must stay usable.
///
/// A child process (`reliability-helper`) writes in a loop and prints a progress line after
/// each write. The test reads a seeded-random number of those lines, spins a seeded-random
/// while, and kills the child, so the kill lands at a random point of a later write. What each
/// write holds is a function of its number, so the test knows what the file may contain.
@Suite struct CrashSafetyTests {
    static let kills = 60

    @Test(
        "a high-score save killed at a random moment leaves the previous record set or the new one (60 kills)"
    )
    func killedHighScoreSaves() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.file("high-scores.json")
        let file = HighScoreFile(path: path)
        var random = SplitMix64(seed: 0x5A7E_0001)
        // The save number the file holds; nil while there is no file.
        var held: Int?

        // At least `kills` rounds; past that, on until one kill has landed inside a save (its
        // temporary file is left), so that a busy machine cannot make the aim miss every time.
        var round = 0
        var killsInsideASave = 0
        func temporaryFiles() throws -> [String] {
            try folder.names().filter { $0.hasSuffix(".tmp") }
        }
        while round < Self.kills || (round < 300 && killsInsideASave == 0) {
            defer { round += 1 }
            let first = (held ?? -1) + 1
            let child = try ChildProcess(
                reliabilityHelperPath, ["save-high-scores", path, String(first)])
            var lastPrinted: Int?
            for _ in 0..<Int.random(in: 0...3, using: &random) {
                // Every wait for the child happens off the pool (see `offThePool`).
                guard let line = try await offThePool({ try child.readLine() }) else { break }
                let number = try #require(progressNumber(in: line, after: "saved"))
                lastPrinted = number
            }
            let spins = Int.random(in: 0..<40_000, using: &random)
            _ = try await offThePool { spin(spins) }
            child.kill()
            for line in try await offThePool({ try child.readRemainingLines() }) {
                let number = try #require(progressNumber(in: line, after: "saved"))
                lastPrinted = number
            }
            let status = try await offThePool { try child.waitForExit() }
            #expect(ChildProcess.wasKilled(status), "round \(round): the helper was not killed")
            // A kill before a save's rename leaves its temporary file, named after the helper.
            let left = try temporaryFiles()
            #expect(
                left.allSatisfy { $0.hasPrefix(".high-scores.json.\(child.pid)-") },
                "round \(round): \(left)")
            if !left.isEmpty { killsInsideASave += 1 }

            // Whatever the kill interrupted, the file loads (a load that fails throws here), and
            // the load removes the temporary file of the helper, which has ended.
            let scores = try file.load()
            #expect(
                try temporaryFiles().isEmpty,
                "round \(round): a dead process's temporary file was left")
            let holds = scores.isEmpty ? nil : saveNumber(of: scores)
            #expect(
                scores.isEmpty || holds != nil,
                "round \(round): the file holds no save's record set: \(scores)")
            // The last save reported done, or the one after it (renamed in place, then killed
            // before it could say so); before any report, what the file held or the first save.
            let allowed: [Int?] = lastPrinted.map { [$0, $0 + 1] } ?? [held, first]
            #expect(
                allowed.contains(holds),
                "round \(round): holds save \(String(describing: holds)), expected one of \(allowed)"
            )
            held = holds
        }

        let names = try folder.names()
        #expect(
            !names.contains { $0.contains(".corrupt") },
            "a killed save left a file that could not be read")
        // Finding temporary files after some kills proves that kills landed inside saves; none
        // is left once loaded.
        #expect(killsInsideASave > 0, "no kill landed inside a save")
        #expect(!names.contains { $0.hasSuffix(".tmp") })
        #expect(held != nil)
    }

    @Test(
        "a recorder killed at a random moment leaves a log whose complete lines all replay (60 kills, one log)"
    )
    func killedRecorder() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.file("session.jsonl")
        var random = SplitMix64(seed: 0x5A7E_0002)
        // The number of the next action to record: every earlier one is in the log, whole.
        var next = 0
        // The size of the log, and its number of newlines, when the last recorder was killed.
        var logSize = 0
        var newlines = 0
        // The line numbers of the torn lines, counting from 1 in the whole log.
        var tornLines: [Int] = []
        var lastSessionWasTorn = false

        // At least `kills` rounds; past that, on until one kill has torn a line, so that a busy
        // machine (a sanitizer's build beside other work) cannot make the aim miss every time.
        var round = 0
        while round < Self.kills || (round < 300 && tornLines.isEmpty) {
            defer { round += 1 }
            let child = try ChildProcess(reliabilityHelperPath, ["record", path, String(next)])
            var printed = 0
            for _ in 0..<Int.random(in: 0...4, using: &random) {
                // Every wait for the child happens off the pool (see `offThePool`).
                guard let line = try await offThePool({ try child.readLine() }) else { break }
                #expect(progressNumber(in: line, after: "wrote") == next + printed)
                printed += 1
            }
            if round.isMultiple(of: 2) {
                let spins = Int.random(in: 0..<400_000, using: &random)
                _ = try await offThePool { spin(spins) }
            } else {
                // Every other kill aims at a write in progress: the recorder spends most of its
                // time encoding, so random kills seldom tear a line.
                let grown = logSize
                _ = try await offThePool { waitUntilMidLine(path, grownPast: grown) }
            }
            child.kill()
            for line in try await offThePool({ try child.readRemainingLines() }) {
                #expect(progressNumber(in: line, after: "wrote") == next + printed)
                printed += 1
            }
            let status = try await offThePool { try child.waitForExit() }
            #expect(ChildProcess.wasKilled(status), "round \(round): the recorder was not killed")

            // What this recorder added. (One killed before it opened the file leaves none.)
            let added = try appendedBytes(of: path, after: logSize)
            if lastSessionWasTorn, !added.isEmpty {
                // The recorder started a fresh line instead of gluing its first line to the torn one.
                #expect(
                    added.first == UInt8(ascii: "\n"),
                    "round \(round): the new line was glued to a torn one")
            }
            let session = try Recording<ThreeDucksAction>(jsonLines: added)
            let expected = (next..<next + session.entries.count).map(recordedEntry)
            #expect(
                session.entries == expected,
                "round \(round): the complete lines are not the actions recorded")
            // Each reported line was written; at most one more was written, not reported.
            #expect(session.entries.count == printed || session.entries.count == printed + 1)
            #expect(replayed(session) == reduced(expected))

            if let torn = session.tornLastLine {
                // A torn line is the start of the next action's line.
                let whole = try lineOfJSON(recordedEntry(next + session.entries.count))
                #expect(
                    whole.hasPrefix(torn.text) && torn.text.count < whole.count,
                    "round \(round): the torn line is not a cut line")
                tornLines.append(newlines + torn.line)
            }
            lastSessionWasTorn = session.tornLastLine != nil
            next += session.entries.count
            logSize += added.count
            newlines += added.count(where: { $0 == UInt8(ascii: "\n") })
        }

        // The whole log. A torn line that a later recorder moved past is a bad line now: the
        // error names the first one, and nothing is replayed.
        let earlierTorn = lastSessionWasTorn ? tornLines.dropLast() : tornLines[...]
        if let firstTorn = earlierTorn.first {
            #expect(throws: RecordingError(line: firstTorn, reason: "the JSON is not valid")) {
                try Recording<ThreeDucksAction>(contentsOf: path)
            }
        }
        // Without the torn lines (what a person fixing the log would delete), every action
        // recorded is there, once, in order, and the log replays to the state they lead to.
        let log = try Data(contentsOf: URL(fileURLWithPath: path))
        let lines = log.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let kept = lines.enumerated().filter { !earlierTorn.contains($0.offset + 1) }.map(\.element)
        let repaired = try Recording<ThreeDucksAction>(
            jsonLines: Data(kept.joined(separator: [UInt8(ascii: "\n")])))
        let all = (0..<next).map(recordedEntry)
        #expect(repaired.entries == all)
        #expect((repaired.tornLastLine != nil) == lastSessionWasTorn)
        #expect(replayed(repaired) == reduced(all))
        #expect(next > Self.kills, "the recorders wrote too little to test anything")
        #expect(!tornLines.isEmpty, "no kill tore a line")
    }

    @Test("a recorder reopening a log that ends in a torn line starts a fresh line")
    func reopeningATornLog() throws {
        let folder = try TemporaryDirectory()
        let path = folder.file("session.jsonl")
        let first = #"{"action":{"flipCard":{"_0":1}},"nanoseconds":0}"#
        let torn = #"{"action":{"flipCard":{"_0":2}},"nanos"#
        let second = #"{"action":{"flipCard":{"_0":3}},"nanoseconds":5}"#
        try folder.write(first + "\n" + torn, to: "session.jsonl")

        let file = try RecordingFile(path: path)
        file.write(line: second)
        file.close()

        #expect(
            String(decoding: try #require(folder.bytes(of: "session.jsonl")), as: UTF8.self)
                == "\(first)\n\(torn)\n\(second)\n")
        // The torn line is now a bad line of its own, named by the error; the new line is whole.
        #expect(throws: RecordingError(line: 2, reason: "the JSON is not valid")) {
            try Recording<ThreeDucksAction>(contentsOf: path)
        }
        let rest = try Recording<ThreeDucksAction>(jsonLines: "\(first)\n\(second)\n")
        #expect(rest.entries.map(\.action) == [.flipCard(1), .flipCard(3)])
    }

    @Test("a recorder reopening a whole log, or an empty one, adds no blank line")
    func reopeningAWholeLog() throws {
        let folder = try TemporaryDirectory()
        let path = folder.file("session.jsonl")
        for line in ["one", "two"] {
            let file = try RecordingFile(path: path)
            file.write(line: line)
            file.close()
        }
        #expect(folder.bytes(of: "session.jsonl") == Array("one\ntwo\n".utf8))
    }

    /// Spins until the file at `path` is longer than `length` and does not end with a newline:
    /// a line is being written. Gives up after a few hundred thousand looks.
    private func waitUntilMidLine(_ path: String, grownPast length: Int) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        defer { if descriptor >= 0 { close(descriptor) } }
        var info = stat()
        for _ in 0..<500_000 {
            if descriptor < 0 {
                // The recorder has not created the file yet.
                if stat(path, &info) == 0 { return waitUntilMidLine(path, grownPast: length) }
                continue
            }
            guard fstat(descriptor, &info) == 0, info.st_size > length else { continue }
            var last: UInt8 = 0
            if pread(descriptor, &last, 1, info.st_size - 1) == 1, last != UInt8(ascii: "\n") {
                return
            }
        }
    }

    /// The bytes of the file at `path` after its first `offset` bytes; none if there is no file.
    private func appendedBytes(of path: String, after offset: Int) throws -> Data {
        guard let handle = FileHandle(forReadingAtPath: path) else { return Data() }
        defer { try? handle.close() }
        try handle.seek(toOffset: UInt64(offset))
        return try handle.readToEnd() ?? Data()
    }

    /// The entry the recording helper writes `k`-th.
    private func recordedEntry(_ k: Int) -> RecordedAction<ThreeDucksAction> {
        RecordedAction(time: recordedTime(k), action: recordedAction(k))
    }

    /// The state the reducer alone reaches from the start through `entries`.
    private func reduced(_ entries: [RecordedAction<ThreeDucksAction>]) -> ThreeDucksState {
        var state = ThreeDucksState()
        for entry in entries { state.reduce(entry.action) }
        return state
    }

    /// The state the ``Replayer`` reaches through `recording`.
    private func replayed(_ recording: Recording<ThreeDucksAction>) -> ThreeDucksState {
        Replayer(initial: ThreeDucksState(), reducer: threeDucksReducer).replay(recording)
    }

    /// `entry` as the recorder writes it, without the newline.
    private func lineOfJSON(_ entry: RecordedAction<ThreeDucksAction>) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(entry), as: UTF8.self)
    }
}
