/// Somewhere a recorder writes its lines: a file, a buffer, a pipe.
///
/// ``Redux/Interceptor/recording(to:scheduler:onError:)`` calls ``write(line:)`` once per action,
/// from the thread that processes the action, one call at a time for a given store.
/// ``RecordingFile`` is the sink for files; tests usually keep the lines in memory.
public protocol LineSink: Sendable {
    /// Writes one line.
    ///
    /// - Parameter line: The line, without its terminating newline (the sink adds it). It
    ///   contains no newline of its own.
    func write(line: String)
}
