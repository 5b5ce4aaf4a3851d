#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Where the issues a debug build reports go: standard error, unless a test installed a
/// handler of its own (see ``IssueReporter``).
///
/// An issue is a mistake of the program using the store that the store can survive (an action
/// for an element that is not there), as The Composable Architecture reports them: loud in
/// debug builds, silent in release builds.
package enum IssueReporter {
    /// What receives the reported issues instead of standard error while installed.
    package typealias Handler = @Sendable (String) -> Void

    /// The handler installed for the current task; nil for standard error. Task-local, so
    /// that tests running in parallel each catch only their own issues (a store reports on the
    /// thread that dispatches).
    @TaskLocal private static var handler: Handler?

    /// Runs `body` with `handler` receiving every issue the current task reports meanwhile.
    ///
    /// - Parameters:
    ///   - handler: Receives each issue's message.
    ///   - body: The work whose issues to catch.
    /// - Returns: What `body` returns.
    package static func withHandler<Result>(
        _ handler: @escaping Handler, _ body: () throws -> Result
    ) rethrows -> Result {
        try $handler.withValue(handler, operation: body)
    }

    /// Reports `message` in a debug build; does nothing in a release build.
    static func report(_ message: @autoclosure () -> String) {
        #if DEBUG
        let message = "ThreeDucks: " + message()
        if let handler {
            handler(message)
        } else {
            // Descriptor 2 rather than `stderr`, a C global Swift 6 cannot prove safe to read.
            let bytes = Array((message + "\n").utf8)
            _ = write(2, bytes, bytes.count)
        }
        #endif
    }
}
