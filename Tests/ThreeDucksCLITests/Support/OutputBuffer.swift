import Effects
@testable import three_ducks

/// A text output that keeps everything written to it, for in-process tests.
final class OutputBuffer: TextOutput {
    private let text = Lock("")

    func write(_ text: String) {
        self.text.withLock { $0 += text }
    }

    /// Everything written since the last call; the buffer is then empty.
    func take() -> String {
        text.withLock { text in
            defer { text = "" }
            return text
        }
    }
}
