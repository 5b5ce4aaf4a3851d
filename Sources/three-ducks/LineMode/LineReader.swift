#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads the player's input line by line, in chunks of a fixed size, and never keeps more than
/// ``limit`` bytes of a line: a longer one is read to its end and dropped, so memory does not
/// grow with it and the lines after it are read as usual.
///
/// ```swift
/// let input = LineReader(descriptor: 0)
/// while let line = input.next() {
///     switch line {
///     case .text(let text): session.handle(text)
///     case .tooLong: session.refuseLongLine()
///     }
/// }
/// ```
///
/// A line ends at a newline (a `\r` before it is dropped too) or at the end of the input. Bytes
/// that are not UTF-8 become U+FFFD, as `readLine()` makes them.
final class LineReader {
    /// One line of input.
    enum Line: Equatable, Sendable {
        /// A line, without its newline.
        case text(String)
        /// A line longer than the limit; its bytes were dropped.
        case tooLong
    }

    /// The longest line the game reads, in bytes, without its newline: a command is a few
    /// bytes, so a line this long is a mistake (a file piped in by accident, say).
    static let defaultLimit = 4_096

    /// The longest line kept, in bytes.
    let limit: Int

    /// Fills the buffer it is given; returns the number of bytes read, 0 at the end of the input.
    private let readChunk: (UnsafeMutableRawBufferPointer) -> Int
    /// Bytes read and not yet handed out: `buffer[start..<end]`. Its size is fixed.
    private var buffer: [UInt8]
    private var start = 0
    private var end = 0
    private var isAtEnd = false

    /// Reads from a file descriptor (0 for standard input).
    ///
    /// - Parameters:
    ///   - descriptor: Where to read; an error reading it counts as the end of the input.
    ///   - limit: The longest line kept, in bytes.
    convenience init(descriptor: Int32, limit: Int = LineReader.defaultLimit) {
        self.init(limit: limit) { buffer in
            while true {
                let count = read(descriptor, buffer.baseAddress, buffer.count)
                if count < 0, errno == EINTR { continue }
                return max(count, 0)
            }
        }
    }

    /// Reads from `readChunk`, which fills the buffer it is given and returns how many bytes it
    /// put there (0 at the end of the input); tests hand out their input in chunks this way.
    ///
    /// - Parameters:
    ///   - limit: The longest line kept, in bytes.
    ///   - chunkSize: The size of the buffer, in bytes.
    ///   - readChunk: The source of the input.
    init(
        limit: Int = LineReader.defaultLimit, chunkSize: Int = 64 * 1_024,
        readChunk: @escaping (UnsafeMutableRawBufferPointer) -> Int
    ) {
        self.limit = limit
        self.readChunk = readChunk
        buffer = [UInt8](repeating: 0, count: max(chunkSize, 1))
    }

    /// The next line, or nil at the end of the input.
    ///
    /// - Complexity: O(*n*) in the bytes read, with memory bounded by ``limit`` and the chunk
    ///   size whatever the length of the line.
    func next() -> Line? {
        var line: [UInt8] = []
        var isTooLong = false
        var hasBytes = false
        while true {
            if start == end {
                guard !isAtEnd, refill() else {
                    // The end of the input ends the last line, if it has anything.
                    return hasBytes ? finish(line, isTooLong: isTooLong) : nil
                }
            }
            hasBytes = true
            let newline = buffer.withUnsafeBytes { bytes -> Int? in
                guard let found = memchr(bytes.baseAddress! + start, 0x0A, end - start) else {
                    return nil
                }
                return bytes.baseAddress!.distance(to: UnsafeRawPointer(found))
            }
            let pieceEnd = newline ?? end
            if !isTooLong {
                if line.count + (pieceEnd - start) > limit + 1 {
                    // One byte of slack: the `\r` of a `\r\n` line is not counted.
                    isTooLong = true
                    line = []
                } else {
                    line.append(contentsOf: buffer[start..<pieceEnd])
                }
            }
            if let newline {
                start = newline + 1
                return finish(line, isTooLong: isTooLong)
            }
            start = end
        }
    }

    private func refill() -> Bool {
        let count = buffer.withUnsafeMutableBytes { readChunk($0) }
        guard count > 0 else {
            isAtEnd = true
            return false
        }
        start = 0
        end = count
        return true
    }

    private func finish(_ line: [UInt8], isTooLong: Bool) -> Line {
        var bytes = line[...]
        if bytes.last == UInt8(ascii: "\r") { bytes = bytes.dropLast() }
        guard !isTooLong, bytes.count <= limit else { return .tooLong }
        return .text(String(decoding: bytes, as: UTF8.self))
    }
}
