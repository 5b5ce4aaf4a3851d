#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A pipe that wakes the full-screen loop from its `poll`: store observers write to it from
/// any thread, signal handlers too (see ``TerminalRestoration``); the loop reads what woke it.
///
/// Both ends are non-blocking: a write to a full pipe is dropped, which loses nothing, since
/// the loop has not yet read the wakes already there.
final class WakePipe: Sendable {
    /// The end the loop polls and reads.
    let readEnd: Int32
    /// The end written to.
    let writeEnd: Int32

    /// A new pipe; nil if the system has no descriptors left.
    init?() {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        readEnd = ends[0]
        writeEnd = ends[1]
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }

    /// Wakes the loop, for `reason`.
    func wake(_ reason: TerminalRestoration.Wake) {
        var byte = reason.rawValue
        _ = write(writeEnd, &byte, 1)
    }

    /// The reasons written since the last call, without waiting.
    func drain() -> Set<TerminalRestoration.Wake> {
        var reasons: Set<TerminalRestoration.Wake> = []
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return reasons }
            for byte in buffer[..<count] {
                if let reason = TerminalRestoration.Wake(rawValue: byte) { reasons.insert(reason) }
            }
        }
    }
}
