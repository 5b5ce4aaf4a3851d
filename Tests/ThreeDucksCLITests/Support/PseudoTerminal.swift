#if canImport(Glibc)
import Glibc
#endif
import Effects
import Foundation
import TestSupport

/// The built `three-ducks` executable, run on a pseudo-terminal as a player runs it in a
/// terminal window: its standard input, output and error are the terminal (its controlling
/// terminal, in a session of its own), which the test drives through the other end.
///
/// ```swift
/// let terminal = try PseudoTerminal(["--seed", "42"], in: folder)
/// #expect(terminal.waitUntil("the title shows") { $0.contains("THREE DUCKS") })
/// terminal.send("\r")
/// ```
///
/// Nothing here sleeps: every wait is a `poll` on the terminal and on the child's exit,
/// bounded by a generous deadline that only a hung program reaches. What the program writes
/// is read as it comes and fed to a ``VirtualScreen``. The test keeps the terminal's own end
/// open too, so that its modes can be read before the program starts and after it ends.
final class PseudoTerminal {
    /// How a run ended.
    enum Ending: Equatable, CustomStringConvertible {
        /// It exited with this status.
        case exited(Int32)
        /// A signal ended it.
        case signalled(Int32)

        var description: String {
            switch self {
            case .exited(let status): "exited with status \(status)"
            case .signalled(let signal): "ended by signal \(signal)"
            }
        }
    }

    /// The screen as the program drew it.
    let screen: VirtualScreen
    /// The test's end of the terminal.
    let master: Int32
    /// The program's end, kept open by the test.
    let slave: Int32
    /// The program's process id.
    private(set) var pid: pid_t = 0
    /// How it ended, once it has.
    private(set) var ending: Ending?
    /// Everything the program wrote.
    private(set) var transcript: [UInt8] = []

    private let watcher: ExitWatcher

    /// The modes of the terminal before the program ran.
    let modesBefore: termios

    /// Opens a terminal of `columns` × `rows` and runs `three-ducks` on it with `arguments`,
    /// in `folder`, with `TERM=xterm-256color` and `NO_COLOR` set (plain ASCII frames) unless
    /// `environment` says otherwise.
    init(
        _ arguments: [String],
        in folder: TemporaryDirectory,
        columns: Int = 80,
        rows: Int = 24,
        environment: [String: String] = ["NO_COLOR": "1"]
    ) throws {
        var master: Int32 = -1
        var slave: Int32 = -1
        var size = winsize(
            ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&master, &slave, nil, nil, &size) == 0 else {
            throw PseudoTerminalError("openpty failed: errno \(errno)")
        }
        // Other tests start processes at the same time: they must not inherit these ends.
        _ = fcntl(master, F_SETFD, FD_CLOEXEC)
        _ = fcntl(slave, F_SETFD, FD_CLOEXEC)
        self.master = master
        self.slave = slave
        screen = VirtualScreen(columns: columns, rows: rows)
        var modes = termios()
        tcgetattr(slave, &modes)
        modesBefore = modes
        guard let watcher = ExitWatcher() else {
            throw PseudoTerminalError("no pipe for the exit watcher")
        }
        self.watcher = watcher

        var variables = ProcessInfo.processInfo.environment
        variables["TERM"] = "xterm-256color"
        variables["NO_COLOR"] = nil
        variables["COLUMNS"] = nil
        variables["LINES"] = nil
        variables.merge(environment) { _, new in new }
        pid = try Self.spawn(
            executable: try threeDucksExecutable().path,
            arguments: arguments,
            environment: variables,
            folder: folder.path,
            terminal: slave,
            other: master
        )
        watcher.watch(pid)
    }

    deinit {
        if ending == nil {
            kill(pid, SIGKILL)
            _ = waitForExit(timeout: .seconds(10))
        }
        close(master)
        close(slave)
    }

    /// The terminal's modes now.
    var modes: termios {
        var modes = termios()
        tcgetattr(slave, &modes)
        return modes
    }

    /// Types `text` (escape sequences and control characters included).
    func send(_ text: String) {
        send(Array(text.utf8))
    }

    /// Sends `bytes` as typed.
    func send(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes {
                write(master, $0.baseAddress, $0.count)
            }
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            offset += written
        }
    }

    /// Sends a signal to the program.
    func signal(_ signal: Int32) {
        kill(pid, signal)
    }

    /// Sets the terminal's size, as a window resized does: the screen changes size, and the
    /// kernel sends the program `SIGWINCH`.
    func resize(columns: Int, rows: Int) {
        // What the program wrote for the old size is on the old screen.
        drain()
        screen.resize(columns: columns, rows: rows)
        var size = winsize(
            ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    }

    /// Reads what the program writes until `condition` holds for the screen, the program
    /// ends, or `timeout` passes.
    ///
    /// - Returns: Whether the condition held.
    @discardableResult
    func waitUntil(
        _ what: String = "",
        timeout: Duration = .seconds(30),
        _ condition: (VirtualScreen) -> Bool
    ) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while !condition(screen) {
            guard ending == nil else { return false }
            guard readOnce(until: deadline) else { return condition(screen) }
        }
        return true
    }

    /// Reads what the program writes until it ends (or `timeout` passes).
    ///
    /// - Returns: How it ended; nil if it was still running at the deadline.
    @discardableResult
    func waitForExit(timeout: Duration = .seconds(30)) -> Ending? {
        let deadline = ContinuousClock.now + timeout
        while ending == nil {
            guard readOnce(until: deadline) else { break }
        }
        return ending
    }

    /// Waits for output or the end, reads what came. False when the deadline passed.
    private func readOnce(until deadline: ContinuousClock.Instant) -> Bool {
        let remaining = deadline - ContinuousClock.now
        guard remaining > .zero else { return false }
        let milliseconds = Int32(
            min(
                remaining.components.seconds * 1_000 + remaining.components.attoseconds
                    / 1_000_000_000_000_000 + 1, 60_000))
        var descriptors = [
            pollfd(fd: master, events: Int16(POLLIN), revents: 0),
            pollfd(fd: watcher.readEnd, events: Int16(POLLIN), revents: 0),
        ]
        let ready = poll(&descriptors, 2, milliseconds)
        if ready < 0 { return errno == EINTR }
        if ready == 0 { return ContinuousClock.now < deadline }
        if descriptors[0].revents != 0 {
            readAvailable()
        }
        if descriptors[1].revents != 0, let status = watcher.status() {
            // What the program wrote before it ended is all in the terminal by now.
            drain()
            ending = Self.ending(of: status)
        }
        return true
    }

    private func readAvailable() {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
        guard count > 0 else { return }
        transcript += buffer[..<count]
        screen.feed(buffer[..<count])
    }

    private func drain() {
        while true {
            var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 0) > 0, descriptor.revents & Int16(POLLIN) != 0 else {
                return
            }
            let before = transcript.count
            readAvailable()
            if transcript.count == before { return }
        }
    }

    private static func ending(of status: Int32) -> Ending {
        // WIFEXITED and friends are macros; their arithmetic, from <sys/wait.h>.
        let signal = status & 0x7F
        return signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
    }

    // MARK: Starting the program

    /// Forks and runs `executable` in a new session whose controlling terminal is `terminal`.
    /// Everything the child needs is made before the fork: between the fork and `execve` it
    /// calls only functions that are safe there (this process has other threads).
    private static func spawn(
        executable: String,
        arguments: [String],
        environment: [String: String],
        folder: String,
        terminal: Int32,
        other: Int32
    ) throws -> pid_t {
        guard let path = strdup(executable), let directory = strdup(folder) else {
            throw PseudoTerminalError("out of memory")
        }
        let argv: [UnsafeMutablePointer<CChar>?] =
            ([executable] + arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] =
            environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            free(path)
            free(directory)
            for pointer in argv + envp { free(pointer) }
        }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        let highestDescriptor = min(Int32(sysconf(Int32(_SC_OPEN_MAX))), 65_536)
        let defaulted: [Int32] = [
            SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGTSTP, SIGCONT, SIGWINCH,
        ]

        let pid = argv.withUnsafeBufferPointer { argv in
            envp.withUnsafeBufferPointer { envp in
                defaulted.withUnsafeBufferPointer { defaulted in
                    let pid = fork()
                    if pid == 0 {
                        _ = setsid()
                        _ = ioctl(terminal, UInt(TIOCSCTTY), 0)
                        _ = dup2(terminal, 0)
                        _ = dup2(terminal, 1)
                        _ = dup2(terminal, 2)
                        var descriptor: Int32 = 3
                        while descriptor < highestDescriptor {
                            _ = close(descriptor)
                            descriptor += 1
                        }
                        _ = chdir(directory)
                        for signal in defaulted { _ = Glibc.signal(signal, SIG_DFL) }
                        _ = sigprocmask(SIG_SETMASK, &noSignals, nil)
                        _ = execve(path, argv.baseAddress!, envp.baseAddress!)
                        _exit(127)
                    }
                    return pid
                }
            }
        }
        guard pid > 0 else { throw PseudoTerminalError("fork failed: errno \(errno)") }
        return pid
    }
}

struct PseudoTerminalError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}

/// Waits for a child to end, on a thread of its own, and says so through a pipe that the test
/// polls with the terminal.
private final class ExitWatcher: Sendable {
    let readEnd: Int32
    private let writeEnd: Int32
    private let reported = Lock<Int32?>(nil)

    init?() {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        readEnd = ends[0]
        writeEnd = ends[1]
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }

    /// Starts waiting for `pid`. The thread keeps the watcher alive until it has written.
    func watch(_ pid: pid_t) {
        Thread.detachNewThread {
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0, errno == EINTR {}
            self.reported.withLock { $0 = status }
            var byte: UInt8 = 1
            _ = write(self.writeEnd, &byte, 1)
        }
    }

    /// The child's wait status, once it has ended.
    func status() -> Int32? {
        var byte: UInt8 = 0
        _ = read(readEnd, &byte, 1)
        return reported.withLock { $0 }
    }
}
