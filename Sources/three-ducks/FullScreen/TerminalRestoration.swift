#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Effects
import SignalSafeSlots

/// Puts the terminal back as it was whatever ends the program: the signal handlers of the
/// full-screen modes.
///
/// While a ``Terminal`` is in full-screen mode it is *armed* with the modes to restore. Then:
/// - `SIGINT`, `SIGTERM`, `SIGHUP` and `SIGQUIT`, and the signals of a crash (`SIGILL` and
///   `SIGTRAP`, which a Swift runtime error raises, `SIGABRT`, `SIGSEGV`, `SIGBUS`, `SIGFPE`),
///   restore the terminal, then take their course as if the game had never handled them: the
///   handler that was there before (the default, or the Swift runtime's backtracer) runs.
/// - `SIGCONT` wakes the program to take the terminal again and redraw, after a stop (a shell
///   may have changed the modes while it was stopped).
/// - `SIGWINCH` wakes the program to read the new size and redraw.
///
/// Handlers only do what is safe in a signal handler: `tcsetattr`, `write` of a constant
/// sequence, `sigaction`, `raise`, and atomic loads of C11 atomics. They are installed once, for the life of
/// the process; disarmed, they do nothing but pass the signal on.
enum TerminalRestoration {
    /// Why the program was woken, as the byte written to its wake pipe.
    enum Wake: UInt8 {
        /// The store's state changed.
        case stateChanged = 0x53   // S
        /// The terminal was resized.
        case resized = 0x57   // W
        /// The process continued after a stop: take the terminal again.
        case continued = 0x43   // C
    }

    /// The signals whose course is to end the process.
    static let endingSignals: [Int32] = [
        SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE,
    ]

    // The descriptors the handlers use live in C11 atomics (`SignalSafeSlots`), safe to read in
    // a handler: the input whose modes to restore (-1 while disarmed), the output to put the
    // screen back on (stored before the releasing store that arms, like ``savedModes``), and
    // the wake pipe's end (-1 for none).
    /// Whether the handlers are installed.
    private static let isInstalled = Lock(false)

    /// The modes to restore, in memory of their own (a pointer, so that a signal handler reads
    /// them without Swift's access bookkeeping). Written only while disarmed, before the
    /// releasing store that arms; read only after the acquiring load that finds it armed: the
    /// atomic orders the two. Never freed: it lives as long as the process.
    nonisolated(unsafe) private static let savedModes: UnsafeMutablePointer<termios> = {
        let pointer = UnsafeMutablePointer<termios>.allocate(capacity: 1)
        pointer.initialize(to: termios())
        return pointer
    }()

    /// The action each ending signal had before, for the handler to pass it on. Filled once,
    /// by ``install()`` before any handler of its is in place, and never changed after.
    nonisolated(unsafe) private static let previousActions: UnsafeMutablePointer<sigaction> = {
        let pointer = UnsafeMutablePointer<sigaction>.allocate(capacity: Int(NSIG))
        pointer.initialize(repeating: sigaction(), count: Int(NSIG))
        return pointer
    }()

    /// Installs the handlers, once; later calls do nothing.
    static func install() {
        // Touch the storage the handlers use, so that it exists before any handler can run.
        _ = savedModes
        _ = previousActions
        isInstalled.withLock { isInstalled in
            guard !isInstalled else { return }
            isInstalled = true
            for signal in endingSignals {
                install(
                    signal, handler: { signal in TerminalRestoration.end(signal) },
                    previous: previousActions + Int(signal))
            }
            install(SIGCONT, handler: { _ in TerminalRestoration.wake(.continued) }, previous: nil)
            install(SIGWINCH, handler: { _ in TerminalRestoration.wake(.resized) }, previous: nil)
            // A parent may have left these blocked; the game needs them delivered.
            var set = sigset_t()
            sigemptyset(&set)
            for signal in endingSignals + [SIGCONT, SIGWINCH] {
                sigaddset(&set, signal)
            }
            pthread_sigmask(SIG_UNBLOCK, &set, nil)
        }
    }

    /// Arms the handlers: from now on they restore `modes` on `input` and put the screen
    /// back on `output`.
    ///
    /// - Parameters:
    ///   - input: The terminal keys come from, whose modes the game changes.
    ///   - output: The terminal the screen is drawn on.
    ///   - modes: The input's modes before the game changed them.
    static func arm(input: Int32, output: Int32, modes: termios) {
        savedModes.pointee = modes
        signal_safe_slot_store(SignalSafeSlotScreenOutput, output)
        signal_safe_slot_store(SignalSafeSlotTerminalInput, input)
    }

    /// Disarms the handlers: the terminal is back as it was.
    static func disarm() {
        signal_safe_slot_store(SignalSafeSlotTerminalInput, -1)
    }

    /// Where the handlers write the reason to wake; -1 for nowhere.
    static func setWakeDescriptor(_ descriptor: Int32) {
        signal_safe_slot_store(SignalSafeSlotWakePipe, descriptor)
    }

    /// Puts the terminal back, if armed: mouse reporting off, colours reset, the cursor shown,
    /// line wrapping on, the normal screen back, and the modes as they were. Safe in a signal
    /// handler.
    static func restore() {
        let descriptor = signal_safe_slot_load(SignalSafeSlotTerminalInput)
        guard descriptor >= 0 else { return }
        let sequence: StaticString =
            "\u{1B}[?1006l\u{1B}[?1000l\u{1B}[0m\u{1B}[?7h\u{1B}[?25h\u{1B}[?1049l"
        _ = write(
            signal_safe_slot_load(SignalSafeSlotScreenOutput), sequence.utf8Start,
            sequence.utf8CodeUnitCount)
        _ = tcsetattr(descriptor, TCSANOW, savedModes)
    }

    // MARK: Handlers

    private static func install(
        _ signal: Int32, handler: @convention(c) (Int32) -> Void,
        previous: UnsafeMutablePointer<sigaction>?
    ) {
        var action = sigaction()
        #if canImport(Darwin)
        action.__sigaction_u.__sa_handler = handler
        #else
        action.__sigaction_handler.sa_handler = handler
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = signal == SIGWINCH || signal == SIGCONT ? SA_RESTART : 0
        sigaction(signal, &action, previous)
    }

    /// Restores the terminal, puts back the handler that was there before, and raises the
    /// signal again: it is delivered to that handler as soon as this one returns (a fault
    /// that caused it happens again, under that handler).
    private static func end(_ signal: Int32) {
        let savedErrno = errno
        restore()
        disarm()
        sigaction(signal, previousActions + Int(signal), nil)
        raise(signal)
        errno = savedErrno
    }

    private static func wake(_ reason: Wake) {
        let savedErrno = errno
        let descriptor = signal_safe_slot_load(SignalSafeSlotWakePipe)
        if descriptor >= 0 {
            var byte = reason.rawValue
            _ = write(descriptor, &byte, 1)
        }
        errno = savedErrno
    }
}
