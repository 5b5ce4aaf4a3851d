/// The interactive game: reads commands line by line until `quit` or the end of the input.
///
/// When the input is not a terminal (a script piped in), it waits after each command until the
/// store is idle, so a piped script plays like a patient player: a mismatch is seen turning
/// back before the next line is read, and the output is the same on every run. At a terminal
/// it does not wait: a flip typed while a mismatch shows is refused, as the rules say.
struct PlayCommand {
    /// The session being played.
    let session: Session

    /// Whether the input is a terminal (a person typing) rather than a script.
    let readsFromTerminal: Bool

    /// Returns when the store is idle: no effect running, no delayed action on its way. The
    /// program awaits ``Redux/Store/idle()``; tests run a `TestScheduler`.
    let waitUntilIdle: () async -> Void

    /// Reads one line of input; nil at the end of the input. A line too long to be a command
    /// is read to its end but not kept (see ``LineReader``).
    var readLine: () -> LineReader.Line? = {
        let input = LineReader(descriptor: 0)
        return { input.next() }
    }()

    /// Plays until `quit` or the end of the input, then says goodbye.
    ///
    /// It runs in its caller's isolation (the program's main actor): reading a line blocks it,
    /// waiting for the store to be idle does not.
    ///
    /// - Parameter isolation: The caller's actor, if any; left to its default.
    func run(isolation: isolated (any Actor)? = #isolation) async {
        session.begin()
        await waitUntilIdle()
        session.show()
        var endedByInput = true
        while let line = readLine() {
            let outcome: Session.LineOutcome
            switch line {
            case .text(let text): outcome = session.handle(text)
            case .tooLong: outcome = session.refuseLongLine(limit: LineReader.defaultLimit)
            }
            if outcome == .quit {
                endedByInput = false
                break
            }
            if !readsFromTerminal {
                await waitUntilIdle()
            }
        }
        session.hide()
        session.sayGoodbye(afterEndOfInput: endedByInput)
        // Let a high score being saved reach its file.
        await waitUntilIdle()
    }
}
