/// A line that is not a command, with the one-line reply that says so.
struct CommandError: Error, Equatable, Sendable {
    /// The reply: one line, no newline, quoting what was typed only through ``InputEcho``.
    var message: String
}
