import Effects
import ReduxRecording

/// A line sink that keeps the lines in memory, for tests to read back.
final class LineBuffer: LineSink {
    private let storage = Lock<[String]>([])

    /// Every line written so far, in order.
    var lines: [String] {
        storage.withLock { $0 }
    }

    /// The lines as a JSON Lines text, each ending in a newline.
    var text: String {
        lines.map { $0 + "\n" }.joined()
    }

    func write(line: String) {
        storage.withLock { $0.append(line) }
    }
}
