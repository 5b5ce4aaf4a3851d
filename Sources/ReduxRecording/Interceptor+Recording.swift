import Effects
import Foundation
import Redux

extension Interceptor where Action: Encodable {
    /// An interceptor that records every action, with the time it was processed, as JSON Lines.
    ///
    /// Each action becomes one line, a ``RecordedAction`` encoded as compact JSON with sorted
    /// keys, written to `sink` before the action goes on to the reducer:
    ///
    /// ```text
    /// {"action":{"startGame":{}},"nanoseconds":0}
    /// {"action":{"flipCard":{"_0":3}},"nanoseconds":1500000000}
    /// ```
    ///
    /// Effects' actions go through the interceptors too, so the log holds *every* action the
    /// reducer saw, including those that middlewares produced from randomness, clocks or files.
    /// That is what makes a log replayable with the reducer alone (see ``Replayer``). Put the
    /// recorder last among the interceptors, so that it records exactly what reaches the
    /// reducer.
    ///
    /// ```swift
    /// let file = try RecordingFile(path: path)   // for example "session.jsonl"
    /// let store = Store(
    ///     initial: State(),
    ///     mutatingReducer: reducer,
    ///     interceptors: [.recording(to: file, scheduler: scheduler)],
    ///     middlewares: middlewares
    /// )
    /// ```
    ///
    /// - Parameters:
    ///   - sink: Where the lines go, for example a ``RecordingFile``.
    ///   - scheduler: The scheduler whose `now` stamps each line; pass the one the middlewares
    ///     wait on, so that a replay on a `TestScheduler` reproduces their timing.
    ///   - onError: Called when an action cannot be encoded (that action is not recorded, and
    ///     still reaches the reducer); by default such an action is skipped silently.
    /// - Returns: The interceptor.
    public static func recording(
        to sink: some LineSink,
        scheduler: some Scheduler,
        onError: @escaping @Sendable (any Error) -> Void = { _ in }
    ) -> Interceptor {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Interceptor { action, _, next in
            let entry = RecordedAction(time: scheduler.now, action: action)
            do {
                let data = try encoder.encode(entry)
                sink.write(line: String(decoding: data, as: UTF8.self))
            } catch {
                onError(error)
            }
            next(action)
        }
    }

    /// An interceptor that records every action as a JSON line and hands each line to `write`.
    ///
    /// The same as ``recording(to:scheduler:onError:)``, with a closure as the sink.
    ///
    /// - Parameters:
    ///   - scheduler: The scheduler whose `now` stamps each line.
    ///   - write: Called with each line, without a newline.
    /// - Returns: The interceptor.
    public static func recording(
        scheduler: some Scheduler,
        write: @escaping @Sendable (String) -> Void
    ) -> Interceptor {
        recording(to: ClosureLineSink(write: write), scheduler: scheduler)
    }

    /// The former name of ``recording(to:scheduler:onError:)``: `clock:` took a ``/Effects/Scheduler``,
    /// where everywhere else in the package a clock is a Swift `Clock`.
    ///
    /// - Parameters:
    ///   - sink: Where the lines go.
    ///   - clock: The scheduler whose `now` stamps each line.
    ///   - onError: Called when an action cannot be encoded.
    /// - Returns: The interceptor.
    @available(*, deprecated, renamed: "recording(to:scheduler:onError:)")
    public static func recording(
        to sink: some LineSink,
        clock: some Scheduler,
        onError: @escaping @Sendable (any Error) -> Void = { _ in }
    ) -> Interceptor {
        recording(to: sink, scheduler: clock, onError: onError)
    }

    /// The former name of ``recording(scheduler:write:)``.
    ///
    /// - Parameters:
    ///   - clock: The scheduler whose `now` stamps each line.
    ///   - write: Called with each line, without a newline.
    /// - Returns: The interceptor.
    @available(*, deprecated, renamed: "recording(scheduler:write:)")
    public static func recording(
        clock: some Scheduler,
        write: @escaping @Sendable (String) -> Void
    ) -> Interceptor {
        recording(scheduler: clock, write: write)
    }
}

private struct ClosureLineSink: LineSink {
    let write: @Sendable (String) -> Void

    func write(line: String) {
        write(line)
    }
}
