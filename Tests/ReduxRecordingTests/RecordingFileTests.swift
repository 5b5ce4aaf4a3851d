import Dispatch
import Effects
import Redux
import ReduxRecording
import TestSupport
import Testing

@Suite struct RecordingFileTests {
    @Test("appends each line with its newline, and appends to what is already there")
    func appendsLines() throws {
        let folder = try TemporaryDirectory()
        let path = folder.file("log.jsonl")
        do {
            let file = try RecordingFile(path: path)
            file.write(line: "one")
            file.write(line: "two")
            file.close()
        }
        let reopened = try RecordingFile(path: path)
        reopened.write(line: "three")
        reopened.close()

        #expect(folder.contents(of: "log.jsonl") == "one\ntwo\nthree\n")
        #expect(reopened.firstError == nil)
    }

    @Test("a recorder killed mid-line leaves a log whose complete lines all replay")
    func killedRecorder() throws {
        let folder = try TemporaryDirectory()
        let path = folder.file("session.jsonl")
        let scheduler = TestScheduler()
        let file = try RecordingFile(path: path)
        let store = Store(
            initial: Counter(),
            mutatingReducer: counterReducer,
            interceptors: [.recording(to: file, scheduler: scheduler)]
        )
        store.dispatch(.add(1))
        scheduler.advance(by: .seconds(1))
        store.dispatch(.add(2))
        // What a kill in the middle of the next write(2) would leave.
        file.close()
        let partial = try folder.append(
            #"{"action":{"add":{"_0":3}},"nanosec"#, to: "session.jsonl")

        let recording = try Recording<CounterAction>(contentsOf: path)
        #expect(recording.tornLastLine == TornLine(line: 3, text: partial))
        let replayed = Replayer(initial: Counter(), reducer: counterReducer).replay(recording)
        #expect(replayed == store.state)
    }

    @Test("lines written from many threads at once stay whole")
    func concurrentWriters() throws {
        let folder = try TemporaryDirectory()
        let file = try RecordingFile(path: folder.file("log.jsonl"))
        let line = String(repeating: "x", count: 200)
        DispatchQueue.concurrentPerform(iterations: 1000) { _ in
            file.write(line: line)
        }
        file.close()
        let lines = try #require(folder.contents(of: "log.jsonl")).split(
            separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 1001)
        #expect(lines.dropLast().allSatisfy { $0 == line })
        #expect(lines.last == "")
    }

    @Test("a write after closing is kept as the first error")
    func writeAfterClose() throws {
        let folder = try TemporaryDirectory()
        let path = folder.file("log.jsonl")
        let file = try RecordingFile(path: path)
        file.close()
        file.write(line: "late")
        #expect(file.firstError == RecordingFileError(path: path, reason: "the file is closed"))
    }

    @Test("a file in a folder that does not exist cannot be opened, and the error names it")
    func missingFolder() throws {
        let folder = try TemporaryDirectory()
        let path = folder.file("missing/log.jsonl")
        let error = try #require(throws: RecordingFileError.self) {
            try RecordingFile(path: path)
        }
        #expect(error.path == path)
        #expect(
            error.description
                == "The recording file at \(path) could not be written (No such file or directory)."
        )
    }
}
