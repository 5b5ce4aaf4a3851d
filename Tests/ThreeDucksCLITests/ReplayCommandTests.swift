#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TestSupport
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

        let status = ReplayCommand.run(
            path: folder.file("game.jsonl"), renderer: Renderer(style: .plain), output: output,
            errors: errors)

        #expect(status == 0)
        #expect(errors.take() == "")
        let text = output.take()
        #expect(text.contains("Replayed 2 actions from \(folder.file("game.jsonl")).\n"))
        #expect(
            text.contains(
                "Final state: game screen, easy, 0 moves, 0 of 0 cards face up (fingerprint "))
    }

    @Test(
        "a device, a named pipe and a socket are named for what they are, and nothing is read from them"
    )
    func notRegularFiles() throws {
        let folder = try TemporaryDirectory()
        let pipe = folder.file("log.pipe")
        #expect(mkfifo(pipe, 0o644) == 0)
        let socketPath = folder.file("log.socket")
        let socketDescriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socketDescriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { bytes in
            bytes.copyBytes(from: Array(socketPath.utf8.prefix(bytes.count - 1)))
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socketDescriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        #expect(bound == 0)

        for (path, reason) in [
            ("/dev/null", "it is a device, not a file of recorded actions"),
            (pipe, "it is a named pipe, not a file of recorded actions"),
            (socketPath, "it is a socket, not a file of recorded actions"),
        ] {
            let output = OutputBuffer()
            let errors = OutputBuffer()
            // A pipe with no writer would block a reader forever: returning proves it was not read.
            #expect(
                ReplayCommand.run(
                    path: path, renderer: Renderer(style: .plain), output: output, errors: errors)
                    == 1)
            #expect(output.take() == "")
            #expect(errors.take() == "three-ducks: cannot replay \(path): \(reason)\n")
        }
    }

    @Test("a malformed log, a missing file and a folder fail with one line and status 1")
    func failures() throws {
        let folder = try TemporaryDirectory()
        try folder.write(
            "{\"action\":{\"startGame\":{}},\"nanoseconds\":0}\nnot json\n", to: "bad.jsonl")
        for (path, message) in [
            (
                folder.file("bad.jsonl"),
                "three-ducks: cannot replay \(folder.file("bad.jsonl")): line 2 of the recording is not a recorded action: the JSON is not valid\n"
            ),
            (
                folder.file("none.jsonl"),
                "three-ducks: cannot replay \(folder.file("none.jsonl")): there is no such file\n"
            ),
            (folder.path, "three-ducks: cannot replay \(folder.path): it is a folder\n"),
        ] {
            let output = OutputBuffer()
            let errors = OutputBuffer()
            #expect(
                ReplayCommand.run(
                    path: path, renderer: Renderer(style: .plain), output: output, errors: errors)
                    == 1)
            #expect(output.take() == "")
            #expect(errors.take() == message)
        }
    }
}
