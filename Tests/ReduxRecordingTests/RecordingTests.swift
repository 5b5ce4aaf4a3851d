import ReduxRecording
import TestSupport
import Testing

@Suite struct RecordingTests {
    private let first = #"{"action":{"add":{"_0":1}},"nanoseconds":0}"#
    private let second = #"{"action":{"add":{"_0":2}},"nanoseconds":1000000000}"#

    @Test("parses one entry per line and skips blank lines")
    func parsesEntries() throws {
        let recording = try Recording<CounterAction>(jsonLines: "\(first)\n\n  \n\(second)\n")
        #expect(
            recording.entries == [
                RecordedAction(time: .zero, action: .add(1)),
                RecordedAction(time: .seconds(1), action: .add(2)),
            ])
        #expect(recording.tornLastLine == nil)
    }

    @Test("an empty log is an empty recording")
    func emptyLog() throws {
        let recording = try Recording<CounterAction>(jsonLines: "")
        #expect(recording == Recording())
    }

    @Test("a malformed line in the middle is an error naming its line number")
    func malformedLine() {
        #expect(throws: RecordingError(line: 2, reason: "the JSON is not valid")) {
            try Recording<CounterAction>(jsonLines: "\(first)\n{\"action\":\n\(second)\n")
        }
    }

    @Test("a line that is JSON but not an entry says what is missing")
    func missingField() throws {
        let error = try #require(throws: RecordingError.self) {
            try Recording<CounterAction>(jsonLines: "\(first)\n{\"action\":{\"reset\":{}}}\n")
        }
        #expect(error.line == 2)
        #expect(error.reason == "\"nanoseconds\" is missing")
        #expect(
            error.description
                == "line 2 of the recording is not a recorded action: \"nanoseconds\" is missing")
    }

    @Test("an unknown action is an error naming its line number")
    func unknownAction() throws {
        let error = try #require(throws: RecordingError.self) {
            try Recording<CounterAction>(
                jsonLines: "\(first)\n\(second)\n{\"action\":{\"jump\":{}},\"nanoseconds\":5}\n")
        }
        #expect(error.line == 3)
    }

    @Test("a complete last line that is malformed is an error, not a torn line")
    func malformedCompleteLastLine() {
        #expect(throws: RecordingError.self) {
            try Recording<CounterAction>(jsonLines: "\(first)\n{\"act\n")
        }
    }

    @Test("a torn last line is reported, and the complete lines are kept")
    func tornLastLine() throws {
        let torn = String(second.prefix(20))
        let recording = try Recording<CounterAction>(jsonLines: "\(first)\n\(torn)")
        #expect(recording.entries == [RecordedAction(time: .zero, action: .add(1))])
        #expect(recording.tornLastLine == TornLine(line: 2, text: torn))
        #expect(
            recording.tornLastLine?.description
                == "line 2 of the recording is incomplete (20 bytes, no newline) and was left out")
    }

    @Test("a last line missing only its newline is a whole entry")
    func lastLineWithoutNewline() throws {
        let recording = try Recording<CounterAction>(jsonLines: "\(first)\n\(second)")
        #expect(recording.entries.count == 2)
        #expect(recording.tornLastLine == nil)
    }

    @Test("a time earlier than the line before is an error naming the line")
    func timeGoesBackwards() throws {
        let error = try #require(throws: RecordingError.self) {
            try Recording<CounterAction>(jsonLines: "\(second)\n\(first)\n")
        }
        #expect(error.line == 2)
    }

    @Test("reading a file that does not exist throws")
    func missingFile() throws {
        let folder = try TemporaryDirectory()
        #expect(throws: (any Error).self) {
            try Recording<CounterAction>(contentsOf: folder.file("nothing.jsonl"))
        }
    }
}
