import Effects
import ReduxRecording

/// A line sink that counts the lines it passes on, to say how many actions were recorded.
final class CountingLineSink: LineSink {
    private let base: any LineSink
    private let lines = Lock(0)

    /// Counts the lines written to `base`.
    init(_ base: any LineSink) {
        self.base = base
    }

    /// The number of lines written so far.
    var count: Int {
        lines.withLock { $0 }
    }

    func write(line: String) {
        base.write(line: line)
        lines.withLock { $0 += 1 }
    }
}
