#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Effects

/// Somewhere text goes: the terminal, or a buffer in tests.
///
/// The game writes from more than one thread (a delayed action redraws the screen from the
/// scheduler's queue), so an output must take whole pieces of text, one at a time.
protocol TextOutput: Sendable {
    /// Writes `text` as it is; pieces from different threads never interleave.
    ///
    /// - Parameter text: The text, newlines included.
    func write(_ text: String)
}

/// Standard output or standard error, written unbuffered: each piece is out before `write`
/// returns, so nothing is lost when the program exits.
final class StandardStream: TextOutput {
    /// Standard output.
    static let output = StandardStream(descriptor: 1)

    /// Standard error.
    static let error = StandardStream(descriptor: 2)

    private let descriptor: Int32
    /// Serialises the pieces; holds nothing else.
    private let lock = Lock(())

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Whether the stream is a terminal.
    var isTerminal: Bool {
        isatty(descriptor) == 1
    }

    func write(_ text: String) {
        var bytes = Array(text.utf8)
        guard !bytes.isEmpty else { return }
        lock.withLock { _ in
            bytes.withUnsafeMutableBytes { buffer in
                var offset = 0
                while offset < buffer.count {
                    let written = systemWrite(
                        descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                    if written < 0 {
                        if errno == EINTR { continue }
                        // A closed pipe or a full disk: nothing useful left to do with the text.
                        return
                    }
                    offset += written
                }
            }
        }
    }
}

// The method above is named `write`, so the system call needs another name here.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
