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
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            return .failure(Failure(message: "three-ducks: cannot replay \(path): there is no such file"))
        }
        guard !isDirectory.boolValue else {
            return .failure(Failure(message: "three-ducks: cannot replay \(path): it is a folder"))
        }
        let recording: Recording<ThreeDucksAction>
        do {
            recording = try Recording(contentsOf: path)
        } catch let error as RecordingError {
            return .failure(Failure(message: "three-ducks: cannot replay \(path): \(error)"))
        } catch {
            return .failure(Failure(message: "three-ducks: cannot read \(path): \(error.localizedDescription)"))
        }
        let state = Replayer(initial: ThreeDucksState(), reducer: threeDucksReducer).replay(recording)
        return .success(Replay(state: state, actionCount: recording.entries.count, tornLastLine: recording.tornLastLine))
    }

    /// Replays the log at `path` and prints the final screen and a summary.
    ///
    /// - Parameters:
    ///   - path: The JSON Lines log.
    ///   - renderer: Draws the final state.
    ///   - output: Where the final state goes.
    ///   - errors: Where errors and warnings go.
    /// - Returns: The exit status: 0, or 1 when the log cannot be replayed.
    static func run(path: String, renderer: Renderer, output: any TextOutput, errors: any TextOutput) -> Int32 {
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

    /// "1 action", "27 actions".
    static func count(_ actions: Int) -> String {
        actions == 1 ? "1 action" : "\(actions) actions"
    }
}
