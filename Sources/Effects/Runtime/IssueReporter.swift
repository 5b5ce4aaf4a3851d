#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Where the issues the package reports in a debug build go: to the handler installed for the
/// current task, else to the app's ``defaultHandler``, else to standard error.
///
/// An issue is a mistake of the program that the package can survive (a store's action for an
/// element or child that is not there, an error that the work of an `Effect.run` without
/// `catch:` threw), as The Composable Architecture reports them: loud in debug builds,
/// silent in release builds. A `TestStore` installs a handler of its own while it processes
/// actions, which fails the test (or warns, when its exhaustivity is off); the tasks of
/// `Effect.run` started meanwhile inherit it.
///
/// An app routes its reports once, at launch:
///
/// ```swift
/// IssueReporter.defaultHandler = { message in
///     print("⚠️", message)
/// }
/// ```
public enum IssueReporter {
    /// Receives the message of each issue reported.
    public typealias Handler = @Sendable (String) -> Void

    /// The handler installed for the current task; nil where none is. Task-local, so that
    /// tests running in parallel each catch only their own issues (a store reports on the
    /// thread that reduces, and tasks started there inherit the handler).
    @TaskLocal private static var handler: Handler?

    /// The process-wide handler, for the tasks that installed none: one slot, read once per
    /// issue reported.
    private static let fallback = Lock<Handler?>(nil)

    /// Receives the issues reported where no task-local handler is installed; nil (the
    /// default) for standard error.
    ///
    /// Set it once, at launch: it applies to every store of the process.
    public static var defaultHandler: Handler? {
        get { fallback.withLock { $0 } }
        set { fallback.withLock { $0 = newValue } }
    }

    /// Runs `body` with `handler` receiving every issue the current task reports meanwhile,
    /// before and instead of ``defaultHandler``.
    ///
    /// ```swift
    /// IssueReporter.withHandler({ message in log.append(message) }) {
    ///     store.dispatch(.row(7, .toggle))   // row 7 is not there: reported to the log
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - handler: Receives each issue's message.
    ///   - body: The work whose issues to catch.
    /// - Returns: What `body` returns.
    public static func withHandler<Result>(
        _ handler: @escaping Handler, _ body: () throws -> Result
    ) rethrows -> Result {
        try $handler.withValue(handler, operation: body)
    }

    /// Reports `message` in a debug build; does nothing in a release build.
    package static func report(_ message: @autoclosure () -> String) {
        #if DEBUG
        let message = "ThreeDucks: " + message()
        if let handler = handler ?? defaultHandler {
            handler(message)
        } else {
            // Descriptor 2 rather than `stderr`, a C global Swift 6 cannot prove safe to read.
            let bytes = Array((message + "\n").utf8)
            _ = write(2, bytes, bytes.count)
        }
        #endif
    }
}
