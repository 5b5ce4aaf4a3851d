import Effects
import Redux

/// The issues reported (in a debug build) while `body` runs, in order.
func issuesReported(while body: () -> Void) -> [String] {
    let issues = IssueLog()
    IssueReporter.withHandler(issues.append, body)
    return issues.messages
}

/// The issues reported while a test's handler is installed.
private final class IssueLog: Sendable {
    private let lock = Lock<[String]>([])

    var messages: [String] {
        lock.withLock { $0 }
    }

    func append(_ message: String) {
        lock.withLock { $0.append(message) }
    }
}
