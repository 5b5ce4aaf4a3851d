import Testing
import ThreeDucks
@testable import three_ducks

@Suite struct ReplayCommandTests {
    @Test("a log replays to its final state, printed with a summary")
    func replays() throws {
        let folder = try TemporaryDirectory()
        try folder.write(
            """
            {"action":{"setDifficulty":{"_0":"easy"}},"nanoseconds":0}
            {"action":{"startGame":{}},"nanoseconds":10}

            """,
            to: "game.jsonl"
        )
        let output = OutputBuffer()
        let errors = OutputBuffer()

        let status = ReplayCommand.run(path: folder.file("game.jsonl"), renderer: Renderer(style: .plain), output: output, errors: errors)

        #expect(status == 0)
        #expect(errors.take() == "")
        let text = output.take()
        #expect(text.contains("Replayed 2 actions from \(folder.file("game.jsonl")).\n"))
        #expect(text.contains("Final state: game screen, easy, 0 moves, 0 of 0 cards face up (fingerprint "))
    }

    @Test("a malformed log, a missing file and a folder fail with one line and status 1")
    func failures() throws {
        let folder = try TemporaryDirectory()
        try folder.write("{\"action\":{\"startGame\":{}},\"nanoseconds\":0}\nnot json\n", to: "bad.jsonl")
        for (path, message) in [
            (folder.file("bad.jsonl"), "three-ducks: cannot replay \(folder.file("bad.jsonl")): line 2 of the recording is not a recorded action: the JSON is not valid\n"),
            (folder.file("none.jsonl"), "three-ducks: cannot replay \(folder.file("none.jsonl")): there is no such file\n"),
            (folder.path, "three-ducks: cannot replay \(folder.path): it is a folder\n"),
        ] {
            let output = OutputBuffer()
            let errors = OutputBuffer()
            #expect(ReplayCommand.run(path: path, renderer: Renderer(style: .plain), output: output, errors: errors) == 1)
            #expect(output.take() == "")
            #expect(errors.take() == message)
        }
    }
}
