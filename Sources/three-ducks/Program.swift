#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Effects
import Foundation
import ReduxRecording
import ThreeDucks

/// The program: parses the command line, runs the mode it asks for, returns the exit status.
///
/// It runs on the main actor, from `main.swift`'s top-level code: the line mode and the full
/// screen block the main actor reading the terminal (nothing else in the program runs there),
/// and between two lines (and at the end) the program awaits the store being idle rather than
/// blocking a thread for it.
@MainActor
enum Program {
    /// Runs `three-ducks` with `arguments` (without the program's name).
    ///
    /// - Returns: 0 when the session ends, even if the high-score file could not be used (that
    ///   is shown, and play goes on); 1 when the recording or the log to replay cannot be read
    ///   or written, or an autoplay game is not won; 2 on a usage error.
    static func run(
        arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment
    ) async -> Int32 {
        let stdout = StandardStream.output
        let stderr = StandardStream.error
        let options: Options
        do {
            options = try Options(parsing: arguments)
        } catch {
            stderr.write(error.message + "\n")
            return 2
        }
        let style = RenderStyle.forOutput(
            isTerminal: stdout.isTerminal,
            environment: environment,
            plainRequested: options.isPlain
        )

        switch options.mode {
        case .help:
            stdout.write(Options.helpText)
            return 0
        case .version:
            stdout.write(Options.versionText)
            return 0
        case .replay(let path) where options.isStepping:
            let terminal = fullScreenTerminal(options, environment: environment)
            return ReplayCommand.step(
                path: path, terminal: terminal, style: style, output: stdout, errors: stderr)
        case .replay(let path):
            return ReplayCommand.run(
                path: path, renderer: Renderer(style: style), output: stdout, errors: stderr)
        case .play, .autoplay:
            return await play(
                options, style: style, environment: environment, stdout: stdout, stderr: stderr)
        }
    }

    private static func play(
        _ options: Options,
        style: RenderStyle,
        environment: [String: String],
        stdout: StandardStream,
        stderr: StandardStream
    ) async -> Int32 {
        var recordingFile: RecordingFile?
        if let path = options.recordPath {
            do {
                recordingFile = try openRecording(path)
            } catch {
                stderr.write("three-ducks: \(error)\n")
                return 1
            }
        }
        let recording = recordingFile.map(CountingLineSink.init)

        let isAutoplay = options.mode == .autoplay
        let highScoreFile: HighScoreFile? =
            options.highScoresPath.map(HighScoreFile.init(path:))
            ?? (isAutoplay ? nil : .standard)
        let readsFromTerminal = isatty(0) == 1
        let terminal = isAutoplay ? nil : fullScreenTerminal(options, environment: environment)
        let seed = options.seed ?? UInt64.random(in: 0...UInt64.max)
        let configuration = Session.Configuration(
            difficulty: options.difficulty,
            seed: seed,
            highScoreFile: highScoreFile,
            recording: recording,
            style: isAutoplay
                ? RenderStyle(
                    usesColor: style.usesColor, usesEmoji: style.usesEmoji, clearsScreen: false)
                : style,
            prompt: !isAutoplay && terminal == nil && readsFromTerminal && stdout.isTerminal
                ? "> " : nil,
            sounds: options.isMuted ? .muted : .visible(bell: stdout.isTerminal ? stdout : nil)
        )
        let scheduler = ScaledScheduler(DispatchQueueScheduler(), speed: options.speed)
        let ioScheduler = DispatchQueueScheduler(
            queue: DispatchQueue(label: "three-ducks.high-scores"))
        let session = Session(
            configuration: configuration, scheduler: scheduler, ioScheduler: ioScheduler,
            output: stdout)
        // The game's longest wait is a second of game time, 1/speed seconds of real time (100 s
        // at the slowest speed): a piped script waits for it, and a minute more for the disk.
        let idleTimeout = Duration.seconds(60) + .seconds(1 / options.speed)
        let waitUntilIdle: () async -> Void = {
            await session.store.idle(timeout: idleTimeout)
        }

        var status: Int32 = 0
        if isAutoplay {
            let autoplay = Autoplay(session: session, output: stdout, waitUntilIdle: waitUntilIdle)
            let final = await autoplay.run(seed: seed, speed: options.speed)
            if final.screen != .won { status = 1 }
        } else if let terminal {
            FullScreenGame(session: session, style: style).run(on: terminal)
            session.sayGoodbye()
            // Let a high score being saved reach its file.
            await waitUntilIdle()
        } else {
            await PlayCommand(
                session: session, readsFromTerminal: readsFromTerminal, waitUntilIdle: waitUntilIdle
            ).run()
        }

        if let recordingFile, let recording {
            if let error = recordingFile.firstError {
                stderr.write("three-ducks: \(error)\n")
                return 1
            }
            stdout.write(
                "Recorded \(ReplayCommand.count(recording.count)) to \(recordingFile.path).\n")
            stdout.write(session.renderer.finalState(session.store.state))
        }
        return status
    }

    /// The terminal to play on full screen, or nil for the line mode: the full screen needs
    /// standard input and output to be a terminal that can move its cursor (`TERM` is not
    /// `dumb`), and no `--plain`.
    static func fullScreenTerminal(_ options: Options, environment: [String: String]) -> Terminal? {
        guard !options.isPlain, environment["TERM"] != "dumb" else { return nil }
        return Terminal(input: 0, output: 1)
    }

    /// Opens `path` for a new recording, emptying it if it exists.
    private static func openRecording(_ path: String) throws(RecordingFileError) -> RecordingFile {
        if truncate(path, 0) != 0, errno != ENOENT {
            throw RecordingFileError(path: path, reason: String(cString: strerror(errno)))
        }
        return try RecordingFile(path: path)
    }
}
