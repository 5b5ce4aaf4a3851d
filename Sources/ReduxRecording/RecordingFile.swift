#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Effects

/// A file that a recorder appends lines to, one `write` per line.
///
/// The file is opened for appending (and created if missing). Each line goes out with a single
/// `write(2)` of the whole line and its newline, so a process killed while recording leaves
/// every earlier line whole and at most one incomplete *last* line, which
/// ``Recording`` reports as its ``Recording/tornLastLine`` instead of failing.
///
/// ```swift
/// let file = try RecordingFile(path: path)   // for example "game.jsonl"
/// let store = Store(
///     initial: State(),
///     reducer: reducer,
///     interceptors: [.recording(to: file, scheduler: scheduler)],
///     middlewares: middlewares
/// )
/// ```
///
/// A write that fails does not stop the store: the first failure is kept in ``firstError``
/// and later lines are still attempted. Writes are serialised by a lock, so several stores may
/// share one file. The file is closed by ``close()`` or when the object is released.
public final class RecordingFile: LineSink {
    private struct State {
        var descriptor: Int32?
        var firstError: RecordingFileError?
    }

    /// The path of the file.
    public let path: String

    private let state: Lock<State>

    /// Opens `path` for appending, creating it (mode 0644) if it does not exist.
    ///
    /// A file that ends in the middle of a line (its recorder was killed mid-write) gets a
    /// newline first, so that the torn line stays on its own instead of swallowing the first
    /// new line; ``Recording`` then names it as a bad line.
    ///
    /// - Parameter path: Where the recording goes; its folder must exist.
    /// - Throws: ``RecordingFileError`` when the file cannot be opened.
    public init(path: String) throws(RecordingFileError) {
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw RecordingFileError(path: path, reason: Self.describeErrno())
        }
        if Self.endsMidLine(path), let reason = Self.writeAll([UInt8(ascii: "\n")], to: descriptor)
        {
            _ = closeDescriptor(descriptor)
            throw RecordingFileError(path: path, reason: reason)
        }
        self.path = path
        state = Lock(State(descriptor: descriptor))
    }

    deinit {
        close()
    }

    /// The first write that failed, if any.
    public var firstError: RecordingFileError? {
        state.withLock { $0.firstError }
    }

    /// Appends `line` and a newline in one `write(2)`.
    ///
    /// Writing to a closed file records an error in ``firstError``.
    ///
    /// - Parameter line: The line, without a newline.
    public func write(line: String) {
        var bytes = Array(line.utf8)
        bytes.append(UInt8(ascii: "\n"))
        state.withLock { state in
            guard let descriptor = state.descriptor else {
                state.firstError =
                    state.firstError ?? RecordingFileError(path: path, reason: "the file is closed")
                return
            }
            if let reason = Self.writeAll(bytes, to: descriptor) {
                state.firstError =
                    state.firstError ?? RecordingFileError(path: path, reason: reason)
            }
        }
    }

    /// Closes the file; later writes fail (see ``firstError``). Closing twice does nothing.
    public func close() {
        state.withLock { state in
            if let descriptor = state.descriptor {
                _ = closeDescriptor(descriptor)
                state.descriptor = nil
            }
        }
    }

    /// Writes everything, retrying after a partial write or an interrupted call.
    ///
    /// A regular file takes the whole buffer in the first call unless the disk is full or a
    /// signal arrives; the loop only matters then.
    ///
    /// - Returns: Why it failed, or nil.
    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> String? {
        bytes.withUnsafeBytes { buffer -> String? in
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(
                    descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return describeErrno()
                }
                offset += written
            }
            return nil
        }
    }

    /// Whether the file at `path` is not empty and its last byte is not a newline. A file that
    /// cannot be read counts as ending a line: appending to it is all the recorder can do.
    private static func endsMidLine(_ path: String) -> Bool {
        let reader = open(path, O_RDONLY | O_CLOEXEC)
        guard reader >= 0 else { return false }
        defer { _ = closeDescriptor(reader) }
        let size = lseek(reader, 0, SEEK_END)
        guard size > 0 else { return false }
        var last: UInt8 = 0
        guard pread(reader, &last, 1, size - 1) == 1 else { return false }
        return last != UInt8(ascii: "\n")
    }

    private static func describeErrno() -> String {
        String(cString: strerror(errno))
    }
}

// The methods above are named `write` and `close`, so the system calls need other names here.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}

private func closeDescriptor(_ descriptor: Int32) -> Int32 {
    close(descriptor)
}
