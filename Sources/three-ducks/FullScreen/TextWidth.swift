/// How many terminal columns text takes, and how to make it fit: for the full-screen modes,
/// which must never let a line wrap.
///
/// Escape sequences (`ESC [ … m` and the like) take no columns; emoji and East Asian wide
/// characters take two; combining marks, variation selectors and other format characters take
/// none; everything else takes one. That is what terminals do for the text the game draws.
enum TextWidth {
    /// The columns `text` takes.
    ///
    /// - Complexity: O(*n*) in the scalars.
    static func of(_ text: String) -> Int {
        var width = 0
        var escape = EscapeScanner()
        for scalar in text.unicodeScalars where !escape.consumes(scalar) {
            width += of(scalar)
        }
        return width
    }

    /// The columns one scalar takes: 0, 1 or 2.
    static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
        if value < 0x7F { return 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if scalar.properties.isEmojiPresentation { return 2 }
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }

    /// `text` cut to at most `width` columns, escape sequences kept (a cut inside coloured text
    /// is followed by a reset, so the colour does not run on).
    ///
    /// - Parameters:
    ///   - text: One line, without newlines.
    ///   - width: The most columns it may take.
    ///   - marker: Put at the end when something was cut: `…` by default.
    /// - Returns: The text, whole if it fits.
    static func truncated(_ text: String, to width: Int, marker: String = "…") -> String {
        guard of(text) > width else { return text }
        let markerWidth = of(marker)
        guard width > markerWidth else { return String(repeating: ".", count: max(width, 0)) }
        var result = ""
        var used = 0
        var hasEscapes = false
        var escape = EscapeScanner()
        for scalar in text.unicodeScalars {
            if escape.consumes(scalar) {
                result.unicodeScalars.append(scalar)
                hasEscapes = true
                continue
            }
            let scalarWidth = of(scalar)
            if used + scalarWidth > width - markerWidth { break }
            result.unicodeScalars.append(scalar)
            used += scalarWidth
        }
        return result + marker + (hasEscapes ? "\u{1B}[0m" : "")
    }

    /// `text` broken into lines of at most `width` columns, between words; a word longer than
    /// a line is cut. No escape sequences in `text`.
    ///
    /// - Parameters:
    ///   - text: Plain text; its newlines start new lines.
    ///   - width: The most columns a line may take; at least 1.
    /// - Returns: The lines, at least one.
    static func wrapped(_ text: String, width: Int) -> [String] {
        let width = max(width, 1)
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            var lineWidth = 0
            for word in paragraph.split(separator: " ") {
                var word = String(word)
                var wordWidth = of(word)
                if lineWidth > 0, lineWidth + 1 + wordWidth <= width {
                    line += " " + word
                    lineWidth += 1 + wordWidth
                    continue
                }
                if lineWidth > 0 {
                    lines.append(line)
                }
                while wordWidth > width {
                    let head = truncated(word, to: width, marker: "")
                    lines.append(head)
                    word = String(word.dropFirst(head.count))
                    wordWidth = of(word)
                }
                line = word
                lineWidth = wordWidth
            }
            lines.append(line)
        }
        return lines
    }

    /// `text` followed by spaces up to `width` columns.
    static func padded(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: max(width - of(text), 0))
    }
}

/// Follows escape sequences through a string: `ESC [` … a final byte, or `ESC` and one more
/// character.
private struct EscapeScanner {
    private enum Stage {
        case text
        case afterEscape
        case inControlSequence
    }

    private var stage = Stage.text

    /// Whether `scalar` belongs to an escape sequence (and so takes no room).
    mutating func consumes(_ scalar: Unicode.Scalar) -> Bool {
        switch stage {
        case .text:
            guard scalar == "\u{1B}" else { return false }
            stage = .afterEscape
        case .afterEscape:
            stage = scalar == "[" ? .inControlSequence : .text
        case .inControlSequence:
            if (0x40...0x7E).contains(scalar.value) { stage = .text }
        }
        return true
    }
}
