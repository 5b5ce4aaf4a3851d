/// Quotes what someone typed back to them, safely, on one line.
enum InputEcho {
    /// The longest echo, in characters, before it is cut with "...".
    static let limit = 24

    /// `text` with every character outside printable ASCII shown as `?`, cut to ``limit``
    /// characters: a garbled or very long line can never break the one-line reply that quotes it,
    /// nor send escape codes to the terminal.
    ///
    /// - Parameter text: What was typed.
    /// - Returns: Printable ASCII only.
    static func sanitized(_ text: String) -> String {
        var result = ""
        var count = 0
        for scalar in text.unicodeScalars {
            if count == limit {
                result += "..."
                break
            }
            result.unicodeScalars.append((0x20...0x7E).contains(scalar.value) ? scalar : "?")
            count += 1
        }
        return result
    }
}
