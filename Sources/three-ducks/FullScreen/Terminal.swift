#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The player's terminal, in full-screen mode: raw input, the alternate screen, no cursor,
/// mouse reports on.
///
/// ```swift
/// guard let terminal = Terminal(input: 0, output: 1) else { return }   // not a terminal
/// terminal.enter()
/// defer { terminal.leave() }
/// terminal.write(painter.paint(frame.lines))
/// ```
///
/// ``enter()`` saves the terminal's modes and arms ``TerminalRestoration``, so that they come
/// back however the program ends; ``leave()`` restores them and disarms it. Raw input here
/// means: no echo, no line editing, no signals from Ctrl-C or Ctrl-Z (they arrive as keys),
/// no flow control, no translation of Return; output processing stays as it was.
///
/// Used from one thread, the one that runs the screen.
final class Terminal {
    /// Where keys are read.
    let input: Int32
    /// Where the screen is drawn.
    let output: Int32

    private let original: termios
    private var isFullScreen = false

    /// The terminal on `input` and `output`, or nil if either is not a terminal.
    ///
    /// - Parameters:
    ///   - input: The descriptor keys come from (0).
    ///   - output: The descriptor the screen goes to (1).
    init?(input: Int32, output: Int32) {
        guard isatty(input) == 1, isatty(output) == 1 else { return nil }
        var modes = termios()
        guard tcgetattr(input, &modes) == 0 else { return nil }
        self.input = input
        self.output = output
        original = modes
    }

    /// The terminal's size; ``TerminalSize/standard`` if it does not say.
    var size: TerminalSize {
        var size = winsize()
        guard ioctl(output, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else {
            return .standard
        }
        return TerminalSize(columns: Int(size.ws_col), rows: Int(size.ws_row))
    }

    /// Takes the terminal: raw input, the alternate screen, mouse reports. Again after a stop
    /// (a shell may have changed the modes meanwhile): it is safe to call twice.
    func enter() {
        TerminalRestoration.install()
        TerminalRestoration.arm(input: input, output: output, modes: original)
        var raw = original
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_cflag |= tcflag_t(CS8)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        withUnsafeMutableBytes(of: &raw.c_cc) { characters in
            characters[Int(VMIN)] = 1
            characters[Int(VTIME)] = 0
        }
        _ = tcsetattr(input, TCSANOW, &raw)
        // The alternate screen, no cursor, no line wrapping, mouse reports in the SGR form.
        write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l\u{1B}[?1000h\u{1B}[?1006h")
        isFullScreen = true
    }

    /// Gives the terminal back as it was.
    func leave() {
        guard isFullScreen else { return }
        isFullScreen = false
        TerminalRestoration.restore()
        TerminalRestoration.disarm()
    }

    /// Writes `text` whole.
    func write(_ text: String) {
        var bytes = Array(text.utf8)
        bytes.withUnsafeMutableBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(
                    output, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return   // The terminal is gone: nothing more to draw on.
                }
                offset += written
            }
        }
    }

    /// Reads what is there, at most `buffer.count` bytes, waiting if nothing is.
    ///
    /// - Returns: The number of bytes read; 0 when the input ended (or the terminal hung up).
    func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        while true {
            let count = systemRead(input, buffer.baseAddress, buffer.count)
            if count >= 0 { return count }
            if errno == EINTR || errno == EAGAIN { continue }
            return 0
        }
    }
}

// The methods above are named `write` and `read`, so the system calls need other names here.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}

private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int)
    -> Int
{
    read(descriptor, buffer, count)
}
