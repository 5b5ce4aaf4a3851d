import Effects
import Foundation
import Redux
import ReduxRecording
import ConcurrencyTestSupport
import Testing
import ThreeDucks

/// Replay logs edited by hand or damaged: a bad line is an error that names it, and nothing of
/// the log is replayed.
@Suite struct ReplayLogBadInputTests {
    /// A way to spoil one line of a log, and the reason the error must give.
    struct Damage: CustomTestStringConvertible, Sendable {
        var name: String
        var reason: String
        /// The bad line, made from the good one it replaces.
        var make: @Sendable (String) -> String

        var testDescription: String { name }
    }

    static let damages: [Damage] = [
        Damage(name: "cut in half", reason: "the JSON is not valid") {
            String($0.prefix($0.utf8.count / 2))
        },
        Damage(name: "not JSON at all", reason: "the JSON is not valid") { _ in
            "flipCard 3 at 1.5 s"
        },
        Damage(name: "a stray brace", reason: "the JSON is not valid") { $0 + "}" },
        Damage(name: "a JSON array", reason: "the line is not a Dictionary<String, Any>") {
            "[\($0)]"
        },
        Damage(name: "JSON null", reason: "the line is null, expected a Dictionary<String, Any>") {
            _ in "null"
        },
        Damage(name: "an unknown action", reason: "action is not a ThreeDucksAction") { _ in
            #"{"action":{"jump":{"_0":3}},"nanoseconds":0}"#
        },
        Damage(name: "a flip of a card given as text", reason: "action.flipCard._0 is not a Int") {
            _ in
            #"{"action":{"flipCard":{"_0":"three"}},"nanoseconds":0}"#
        },
        Damage(
            name: "a flip of a fractional card",
            reason: "a number in it does not fit its field (a fraction, or too large)"
        ) { _ in
            #"{"action":{"flipCard":{"_0":2.5}},"nanoseconds":0}"#
        },
        Damage(
            name: "a level that does not exist",
            reason:
                "action.setDifficulty._0 is not valid (Cannot initialize Difficulty from invalid String value nightmare)"
        ) { _ in
            #"{"action":{"setDifficulty":{"_0":"nightmare"}},"nanoseconds":0}"#
        },
        Damage(name: "a time given as text", reason: "nanoseconds is not a Int64") { _ in
            #"{"action":{"startGame":{}},"nanoseconds":"soon"}"#
        },
        Damage(
            name: "a time too large",
            reason: "a number in it does not fit its field (a fraction, or too large)"
        ) { _ in
            #"{"action":{"startGame":{}},"nanoseconds":1e40}"#
        },
        Damage(
            name: "a negative time",
            reason: "nanoseconds is not valid (a time cannot be negative (-5 ns))"
        ) { _ in
            #"{"action":{"startGame":{}},"nanoseconds":-5}"#
        },
        Damage(name: "a flip without its card", reason: #"action.flipCard has no "_0""#) { _ in
            #"{"action":{"flipCard":{}},"nanoseconds":0}"#
        },
        Damage(name: "no time", reason: #""nanoseconds" is missing"#) { _ in
            #"{"action":{"startGame":{}}}"#
        },
        Damage(name: "no action", reason: #""action" is missing"#) { _ in #"{"nanoseconds":0}"# },
        Damage(name: "an action misspelt", reason: #""action" is missing"#) { line in
            line.replacingOccurrences(of: #""action""#, with: #""acton""#)
        },
    ]

    @Test(
        "a bad line is an error naming it, wherever it is, and nothing is replayed",
        arguments: damages)
    func badLine(_ damage: Damage) throws {
        let (lines, _) = recordedSession()
        // The first line, one in the middle, and the last, which has its newline: a torn line
        // is only ever the last one *without* a newline.
        for index in [0, lines.count / 2, lines.count - 1] {
            var damaged = lines
            damaged[index] = damage.make(lines[index])
            let log = damaged.joined(separator: "\n") + "\n"

            let replayed = ActionCounter()
            let error = try #require(throws: RecordingError.self) {
                try replay(log, into: replayed)
            }
            #expect(error == RecordingError(line: index + 1, reason: damage.reason))
            #expect(
                error.description
                    == "line \(index + 1) of the recording is not a recorded action: \(damage.reason)"
            )
            #expect(replayed.count == 0, "actions were replayed from a log with a bad line")
        }
    }

    @Test("blank lines do not shift the line numbers an error gives")
    func lineNumbersCountBlankLines() throws {
        let (lines, _) = recordedSession()
        let log =
            "\n" + lines[0] + "\n  \n" + lines[1] + "\n"
            + #"{"action":{"jump":{}},"nanoseconds":0}"# + "\n" + lines[2] + "\n"
        #expect(throws: RecordingError(line: 5, reason: "action is not a ThreeDucksAction")) {
            try Recording<ThreeDucksAction>(jsonLines: log)
        }
    }

    @Test("a log that goes back in time names the line, and nothing is replayed")
    func timeGoesBack() throws {
        let (lines, _) = recordedSession()
        let late = #"{"action":{"startGame":{}},"nanoseconds":999000000000}"#
        let log = ([lines[0], late] + lines.dropFirst()).joined(separator: "\n") + "\n"
        let replayed = ActionCounter()
        let error = try #require(throws: RecordingError.self) { try replay(log, into: replayed) }
        #expect(error.line == 3)
        #expect(error.reason.hasPrefix("its time ("))
        #expect(replayed.count == 0)
    }

    @Test("the line an error names is the only bad one: without it, the rest of the log replays")
    func removingTheNamedLineRepairs() throws {
        let (lines, _) = recordedSession()
        var random = SplitMix64(seed: 0xBAD_1111)
        for _ in 0..<25 {
            var damaged = lines
            let index = Int.random(in: 0..<lines.count, using: &random)
            let damage = Self.damages.randomElement(using: &random)!
            damaged[index] = damage.make(lines[index])
            let error = try #require(throws: RecordingError.self) {
                try Recording<ThreeDucksAction>(jsonLines: damaged.joined(separator: "\n") + "\n")
            }
            damaged.remove(at: error.line - 1)
            let repaired = try Recording<ThreeDucksAction>(
                jsonLines: damaged.joined(separator: "\n") + "\n")
            #expect(repaired.entries.count == lines.count - 1)
        }
    }

    @Test("the undamaged log replays to the state of the session it recorded")
    func undamagedLogReplays() throws {
        let (lines, live) = recordedSession()
        let replayed = ActionCounter()
        #expect(try replay(lines.joined(separator: "\n") + "\n", into: replayed) == live)
        #expect(replayed.count == lines.count)
    }

    // MARK: Helpers

    /// Parses a log and replays it into a store, counting the actions that reach the store: the
    /// way a program replays a log file.
    private func replay(_ log: String, into replayed: ActionCounter) throws(RecordingError)
        -> ThreeDucksState
    {
        let recording = try Recording<ThreeDucksAction>(jsonLines: log)
        let scheduler = TestScheduler()
        let store = Store(
            initial: ThreeDucksState(),
            mutatingReducer: threeDucksReducer,
            interceptors: [
                Interceptor { action, _, next in
                    replayed.append()
                    next(action)
                }
            ]
        )
        Replayer.dispatch(recording.entries, into: store, on: scheduler)
        return store.state
    }

    /// The lines a recorder wrote during a short game with a mismatch, a match and a restart,
    /// and the state the game ended in.
    private func recordedSession() -> ([String], ThreeDucksState) {
        let scheduler = TestScheduler()
        let lines = Lock<[String]>([])
        let store = Store(
            initial: ThreeDucksState(),
            mutatingReducer: threeDucksReducer,
            interceptors: [
                .recording(scheduler: scheduler) { line in lines.withLock { $0.append(line) } }
            ],
            middlewares: [gameLogic(random: SplitMix64(seed: 11), scheduler: scheduler)]
        )
        store.dispatch(.setDifficulty(.easy))
        store.dispatch(.startGame)
        let deck = store.state.cards
        let mismatch = deck.first { $0.animal != deck[0].animal }!
        let match = deck.dropFirst().first { $0.animal == deck[0].animal }!
        store.dispatch(.flipCard(deck[0].id))
        scheduler.advance(by: .milliseconds(700))
        store.dispatch(.flipCard(mismatch.id))
        scheduler.advance(by: .seconds(1))
        store.dispatch(.flipCard(deck[0].id))
        store.dispatch(.flipCard(match.id))
        scheduler.advance(by: .milliseconds(300))
        store.dispatch(.startGame)
        store.dispatch(.flipCard(2))
        scheduler.advance(by: .seconds(2))
        return (lines.withLock { $0 }, store.state)
    }
}

/// Counts events from any thread.
final class ActionCounter: Sendable {
    private let counter = TestAtomic(0)

    var count: Int {
        counter.load(ordering: .acquiring)
    }

    func append() {
        counter.add(1, ordering: .acquiringAndReleasing)
    }
}
