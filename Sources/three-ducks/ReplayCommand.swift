#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import ReduxRecording
import ThreeDucks

/// `three-ducks replay FILE`: replays a recorded session with the reducer alone and prints the
/// state it leads to.
///
/// A log that cannot be read, or that has a line which is not a recorded action, is an error
/// naming the file (and the line), with exit status 1. An incomplete last line (the recorder was
/// killed mid-write) is a warning; the complete lines are replayed.
enum ReplayCommand {
    /// What a log replays to.
    struct Replay: Equatable, Sendable {
        /// The state after the last complete line.
        var state: ThreeDucksState
        /// The number of actions replayed.
        var actionCount: Int
        /// The incomplete last line that was left out, if any.
        var tornLastLine: TornLine?
    }

    /// Why a log cannot be replayed: one line, naming the file.
    struct Failure: Error, Equatable, Sendable {
        var message: String
    }

    /// Replays the log at `path` from a new game's state, with the game's reducer alone.
    ///
    /// - Parameter path: The JSON Lines log.
    /// - Returns: The final state, or why the log cannot be replayed.
    static func replay(path: String) -> Result<Replay, Failure> {
        load(path: path).map { recording in
            let state = Replayer(initial: ThreeDucksState(), reducer: threeDucksReducer).replay(
                recording)
            return Replay(
                state: state, actionCount: recording.entries.count,
                tornLastLine: recording.tornLastLine)
        }
    }

    /// Reads the log at `path`.
    ///
    /// - Parameter path: The JSON Lines log.
    /// - Returns: Its actions, or why it cannot be replayed.
    static func load(path: String) -> Result<Recording<ThreeDucksAction>, Failure> {
        let bytes: [UInt8]
        switch read(path) {
        case .success(let read): bytes = read
        case .failure(let failure): return .failure(failure)
        }
        do {
            return .success(try Recording(jsonLines: Data(bytes)))
        } catch {
            return .failure(Failure(message: "three-ducks: cannot replay \(path): \(error)"))
        }
    }

    /// Replays the log at `path` and prints the final screen and a summary.
    ///
    /// - Parameters:
    ///   - path: The JSON Lines log.
    ///   - renderer: Draws the final state.
    ///   - output: Where the final state goes.
    ///   - errors: Where errors and warnings go.
    /// - Returns: The exit status: 0, or 1 when the log cannot be replayed.
    static func run(
        path: String, renderer: Renderer, output: any TextOutput, errors: any TextOutput
    ) -> Int32 {
        let replay: Replay
        switch Self.replay(path: path) {
        case .failure(let failure):
            errors.write(failure.message + "\n")
            return 1
        case .success(let success):
            replay = success
        }
        if let torn = replay.tornLastLine {
            errors.write("three-ducks: warning: \(torn)\n")
        }
        var style = renderer.style
        style.clearsScreen = false
        output.write(Renderer(style: style).screen(replay.state))
        output.write("\nReplayed \(count(replay.actionCount)) from \(path).\n")
        output.write(renderer.finalState(replay.state))
        return 0
    }

    /// The bytes of the regular file at `path`, or a sentence saying why there are none: a
    /// log is a regular file, and anything else (a folder, a device such as `/dev/null`, a named
    /// pipe, a socket) is named for what it is.
    private static func read(_ path: String) -> Result<[UInt8], Failure> {
        func failure(_ reason: String) -> Result<[UInt8], Failure> {
            .failure(Failure(message: "three-ducks: cannot replay \(path): \(reason)"))
        }
        func systemReason() -> String {
            String(cString: strerror(errno)).lowercased()
        }
        var info = stat()
        guard stat(path, &info) == 0 else {
            return errno == ENOENT ? failure("there is no such file") : failure(systemReason())
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: return failure("it is a folder")
        case S_IFCHR, S_IFBLK: return failure("it is a device, not a file of recorded actions")
        case S_IFIFO: return failure("it is a named pipe, not a file of recorded actions")
        case S_IFSOCK: return failure("it is a socket, not a file of recorded actions")
        default: return failure("it is not a regular file")
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return failure(systemReason()) }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1_024)
        while true {
            let count = chunk.withUnsafeMutableBytes {
                systemRead(descriptor, $0.baseAddress, $0.count)
            }
            if count < 0 {
                if errno == EINTR { continue }
                return failure(systemReason())
            }
            if count == 0 { return .success(bytes) }
            bytes.append(contentsOf: chunk[..<count])
        }
    }

    /// "1 action", "27 actions".
    static func count(_ actions: Int) -> String {
        actions == 1 ? "1 action" : "\(actions) actions"
    }
}

// `ReplayCommand.read(_:)` hides the C function of the same name.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int)
    -> Int
{
    read(descriptor, buffer, count)
}
