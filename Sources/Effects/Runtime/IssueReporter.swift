#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Where the issues the package reports in a debug build go: to the handler installed for the
/// current task, else to the app's ``defaultHandler``, else to standard error.
///
/// An issue is a mistake of the program that the package can survive (an action for an element
/// that is not there, an error thrown in an `Effect.run` without `catch:`): loud in debug
/// builds, silent in release builds. A `TestStore` installs a handler that fails the test.
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

    /// Task-local, so that tests running in parallel each catch only their own issues.
    @TaskLocal private static var handler: Handler?

    private static let fallback = Lock<Handler?>(nil)

    /// Receives the issues reported where no task-local handler is installed; nil (the
    /// default) for standard error. Set it once, at launch.
    public static var defaultHandler: Handler? {
        get { fallback.withLock { $0 } }
        set { fallback.withLock { $0 = newValue } }
    }

    /// Runs `body` with `handler` receiving every issue the current task reports meanwhile,
    /// before and instead of ``defaultHandler``.
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
