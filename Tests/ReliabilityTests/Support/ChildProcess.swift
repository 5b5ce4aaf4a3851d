#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A child process whose standard output the test reads line by line, and may kill.
///
/// Standard input is `/dev/null` (CI has none), standard error is the test's own. Reading
/// waits with `poll(2)` and gives up after `timeout`, so that a hung child fails the test
/// instead of hanging it.
final class ChildProcess {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let pid: pid_t
    private let output: Int32
    private var buffer: [UInt8] = []
    private var isAtEnd = false
    private var status: Int32?

    /// Starts `executable` with `arguments`.
    init(_ executable: String, _ arguments: [String]) throws {
        var pipe: [Int32] = [0, 0]
        guard systemPipe(&pipe) == 0 else {
            throw Failure(description: "pipe: \(Self.errorText())")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
        posix_spawn_file_actions_addclose(&actions, pipe[0])
        posix_spawn_file_actions_addclose(&actions, pipe[1])

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, executable, &actions, nil, argv, environ)
        close(pipe[1])
        guard spawned == 0 else {
            close(pipe[0])
            throw Failure(
                description: "posix_spawn \(executable): \(String(cString: strerror(spawned)))")
        }
        pid = child
        output = pipe[0]
    }

    deinit {
        if status == nil {
            systemKill(pid, SIGKILL)
            _ = try? waitForExit()
        }
        close(output)
    }

    /// The next line the child printed, without its newline; nil once it closed its output.
    ///
    /// - Parameter timeout: How long to wait for the line, in seconds.
    func readLine(timeout: Int32 = 60) throws -> String? {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            if isAtEnd {
                guard !buffer.isEmpty else { return nil }
                defer { buffer.removeAll() }
                return String(decoding: buffer, as: UTF8.self)
            }
            try fill(timeout: timeout)
        }
    }

    /// Every line left until the child closes its output (it exits, or was killed).
    func readRemainingLines(timeout: Int32 = 60) throws -> [String] {
        var lines: [String] = []
        while let line = try readLine(timeout: timeout) {
            lines.append(line)
        }
        return lines
    }

    /// Sends SIGKILL: the child stops at once, wherever it is.
    func kill() {
        systemKill(pid, SIGKILL)
    }

    /// Waits for the child to end and returns its raw wait status.
    @discardableResult
    func waitForExit() throws -> Int32 {
        if let status { return status }
        var raw: Int32 = 0
        while waitpid(pid, &raw, 0) < 0 {
            guard errno == EINTR else { throw Failure(description: "waitpid: \(Self.errorText())") }
        }
        status = raw
        return raw
    }

    /// Whether the raw status says the child was killed by SIGKILL.
    static func wasKilled(_ status: Int32) -> Bool {
        // WIFSIGNALED and WTERMSIG, which Swift does not import: the low 7 bits are the signal.
        status & 0x7F == SIGKILL
    }

    /// Whether the raw status says the child exited with code 0.
    static func exitedCleanly(_ status: Int32) -> Bool {
        status & 0x7F == 0 && (status >> 8) & 0xFF == 0
    }

    private func fill(timeout: Int32) throws {
        var descriptor = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, timeout * 1_000)
        if ready < 0 {
            if errno == EINTR { return }
            throw Failure(description: "poll: \(Self.errorText())")
        }
        guard ready > 0 else {
            throw Failure(description: "the child \(pid) printed nothing for \(timeout) s")
        }
        var chunk = [UInt8](repeating: 0, count: 4_096)
        let count = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
        if count < 0 {
            if errno == EINTR { return }
            throw Failure(description: "read: \(Self.errorText())")
        }
        if count == 0 {
            isAtEnd = true
        } else {
            buffer.append(contentsOf: chunk[..<count])
        }
    }

    private static func errorText() -> String {
        String(cString: strerror(errno))
    }
}

// `kill` is a method above, so the system calls need other names here.
private func systemKill(_ pid: pid_t, _ signal: Int32) {
    _ = kill(pid, signal)
}

private func systemPipe(_ descriptors: inout [Int32]) -> Int32 {
    pipe(&descriptors)
}

/// The path of the test helper executable, built next to the test bundle.
let reliabilityHelperPath: String = {
    let executable =
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        ?? CommandLine.arguments[0]
    return URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent(
        "reliability-helper"
    ).path
}()
