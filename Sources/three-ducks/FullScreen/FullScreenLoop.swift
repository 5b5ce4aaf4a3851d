#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A screen that ``FullScreenLoop`` runs: it draws frames and takes keys.
///
/// Called from the loop's thread only.
protocol FullScreenScene: AnyObject {
    /// The frame to show now, on a terminal of `size`.
    func frame(for size: TerminalSize) -> ScreenFrame

    /// Takes one key; `frame` is what the player sees, for a click to hit.
    func handle(_ key: Key, on frame: ScreenFrame) -> FullScreenLoop.Outcome

    /// Takes in a change from elsewhere (the store's state changed).
    func refresh()
}

/// Runs a full-screen program: takes the terminal, then draws frames and reads keys until the
/// scene says to quit or the input ends, and gives the terminal back.
///
/// One thread does all of it, waiting in `poll` on the terminal and on a ``WakePipe`` (the
/// store's observers and the signal handlers write to it). Keys are decoded as they arrive
/// and handled one by one, none dropped, even while the game waits out a mismatch; after each
/// batch the scene draws a frame and only the rows that changed are written. A resize
/// (`SIGWINCH`) or Ctrl-L redraws everything; a lone Escape counts once the input has paused
/// for ``escapeTimeout`` milliseconds.
struct FullScreenLoop {
    /// What a key asks of the loop.
    enum Outcome: Equatable, Sendable {
        /// Nothing special: draw and read on.
        case carryOn
        /// Leave.
        case quit
        /// Give the terminal back and stop the process (Ctrl-Z), then take it again.
        case suspend
        /// Draw everything again.
        case redraw
    }

    /// How long the input must pause after an Escape for it to be the Escape key and not the
    /// start of a sequence, in milliseconds.
    static let escapeTimeout: Int32 = 100

    /// The terminal.
    let terminal: Terminal
    /// What wakes the loop besides keys.
    let wake: WakePipe

    /// Runs `scene` until it quits or the input ends. The terminal is restored when this
    /// returns, and by the signal handlers if the process ends first.
    func run(_ scene: some FullScreenScene) {
        TerminalRestoration.setWakeDescriptor(wake.writeEnd)
        terminal.enter()
        defer {
            terminal.leave()
            TerminalRestoration.setWakeDescriptor(-1)
        }
        var decoder = KeyDecoder()
        var painter = ScreenPainter()
        var size = terminal.size
        var frame = scene.frame(for: size)
        terminal.write(painter.paint(frame.lines))
        var buffer = [UInt8](repeating: 0, count: 4_096)

        while true {
            var descriptors = [
                pollfd(fd: terminal.input, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wake.readEnd, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&descriptors, 2, decoder.hasPendingBytes ? Self.escapeTimeout : -1)
            if ready < 0 {
                if errno == EINTR { continue }
                return
            }
            var keys: [Key] = []
            if ready == 0 {
                keys = decoder.flush()
            }
            if descriptors[1].revents != 0 {
                let reasons = wake.drain()
                if reasons.contains(.continued) {
                    terminal.enter()
                    painter.invalidate()
                }
                if reasons.contains(.resized) {
                    size = terminal.size
                    painter.invalidate()
                }
                if reasons.contains(.stateChanged) {
                    scene.refresh()
                }
            }
            if descriptors[0].revents != 0 {
                let count = buffer.withUnsafeMutableBytes { terminal.read(into: $0) }
                if count == 0 { return }   // The input ended, or the terminal hung up.
                keys += decoder.decode(buffer[..<count])
            }
            for key in keys {
                // A click hits what is on screen, the frame last painted.
                switch scene.handle(key, on: frame) {
                case .carryOn:
                    break
                case .quit:
                    return
                case .suspend:
                    terminal.leave()
                    // Stops, unless no shell can continue it; then goes on at once.
                    raise(SIGTSTP)
                    terminal.enter()
                    size = terminal.size
                    painter.invalidate()
                case .redraw:
                    size = terminal.size
                    painter.invalidate()
                }
            }
            frame = scene.frame(for: size)
            terminal.write(painter.paint(frame.lines))
        }
    }
}
