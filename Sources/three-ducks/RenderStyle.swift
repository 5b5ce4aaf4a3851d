/// How text is drawn: with colours, emoji and screen clearing on a terminal, plain elsewhere.
///
/// Plain text is stable: no escape codes, no emoji, nothing but ASCII from the renderer, so
/// piped output can be compared line by line.
struct RenderStyle: Equatable, Sendable {
    /// Whether to use ANSI colours and bold.
    var usesColor: Bool

    /// Whether to draw animals as emoji and use symbols such as `♪` and `×`.
    var usesEmoji: Bool

    /// Whether each screen clears the terminal first.
    var clearsScreen: Bool

    /// Stable ASCII text.
    static let plain = RenderStyle(usesColor: false, usesEmoji: false, clearsScreen: false)

    /// Colours, emoji, and a screen drawn in place.
    static let fancy = RenderStyle(usesColor: true, usesEmoji: true, clearsScreen: true)

    /// The style for standard output: fancy on a terminal, plain when the output is not a
    /// terminal, `NO_COLOR` is set (to anything but the empty string), `TERM` is `dumb`, or
    /// `--plain` was given.
    ///
    /// - Parameters:
    ///   - isTerminal: Whether standard output is a terminal.
    ///   - environment: The environment variables.
    ///   - plainRequested: Whether `--plain` was given.
    /// - Returns: The style.
    static func forOutput(isTerminal: Bool, environment: [String: String], plainRequested: Bool)
        -> RenderStyle
    {
        let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        let dumb = environment["TERM"] == "dumb"
        return isTerminal && !noColor && !dumb && !plainRequested ? .fancy : .plain
    }
}
