/// Turns the bytes a terminal sends in raw mode into keys: a pure parser, fed as bytes arrive.
///
/// It reads printable text (UTF-8), control keys, the escape sequences of arrows, Home, End,
/// Page Up/Down, Insert and Delete (both the `ESC [` and the `ESC O` forms, with or without
/// modifiers), and mouse reports in xterm's SGR form (`ESC [ < 0 ; 12 ; 5 M`) and its older
/// X10 form (`ESC [ M` and three bytes).
///
/// ```swift
/// var decoder = KeyDecoder()
/// decoder.decode([0x1B, 0x5B])          // []: an escape sequence has begun
/// decoder.decode([0x41, 0x62, 0x33])    // [.up, .character("b"), .character("3")]
/// ```
///
/// A sequence split across two reads is kept until its end arrives. A lone Escape cannot be
/// told from the start of a sequence until the input pauses: the caller calls ``flush()`` when
/// nothing more arrived for a moment (``hasPendingBytes`` says when it should wait for that).
/// Garbled input never blocks what follows: a sequence broken by a byte that cannot be part of
/// it becomes ``Key/unknown(_:)`` and decoding starts again at that byte; a sequence longer than
/// ``longestSequence`` is given up on, so memory stays bounded whatever arrives.
struct KeyDecoder: Sendable {
    /// The longest escape sequence kept whole, in bytes; real ones are under 20.
    static let longestSequence = 64

    /// Bytes of a sequence or a character that has not ended yet.
    private var pending: [UInt8] = []
    /// Set after a carriage return: a line feed right after it is the same Enter.
    private var swallowsLineFeed = false

    /// Whether bytes are waiting for the rest of their sequence: then a pause in the input
    /// should end in ``flush()``.
    var hasPendingBytes: Bool {
        !pending.isEmpty
    }

    /// Decodes `bytes`, after whatever was pending.
    ///
    /// - Parameter bytes: The bytes just read.
    /// - Returns: The keys they complete, in order.
    /// - Complexity: O(*n*) in the bytes.
    mutating func decode(_ bytes: some Sequence<UInt8>) -> [Key] {
        pending.append(contentsOf: bytes)
        var keys: [Key] = []
        var index = 0
        scan: while index < pending.count {
            if swallowsLineFeed {
                swallowsLineFeed = false
                if pending[index] == 0x0A {
                    index += 1
                    continue
                }
            }
            switch step(at: index) {
            case .key(let key, let length):
                keys.append(key)
                index += length
                swallowsLineFeed = pending[index - 1] == 0x0D && length == 1
            case .incomplete:
                break scan
            }
        }
        pending.removeFirst(index)
        return keys
    }

    /// Ends what is pending, because the input paused: a lone Escape is the Escape key, and
    /// anything else left unfinished is ``Key/unknown(_:)``.
    ///
    /// - Returns: At most one key.
    mutating func flush() -> [Key] {
        defer {
            pending.removeAll()
            swallowsLineFeed = false
        }
        if pending.isEmpty { return [] }
        return [pending == [0x1B] ? .escape : .unknown(pending)]
    }

    // MARK: Steps

    private enum Step {
        /// A key, from `length` bytes.
        case key(Key, length: Int)
        /// The bytes from here on may be the start of a key: wait for more.
        case incomplete
    }

    private func step(at index: Int) -> Step {
        let byte = pending[index]
        switch byte {
        case 0x1B: return escape(at: index)
        case 0x0D, 0x0A: return .key(.enter, length: 1)
        case 0x09: return .key(.tab, length: 1)
        case 0x7F, 0x08: return .key(.backspace, length: 1)
        case 0x03: return .key(.interrupt, length: 1)
        case 0x04: return .key(.endOfInput, length: 1)
        case 0x1A: return .key(.suspend, length: 1)
        case 0x0C: return .key(.redraw, length: 1)
        case 0x00..<0x20: return .key(.control(byte), length: 1)
        case 0x20..<0x7F: return .key(.character(Character(Unicode.Scalar(byte))), length: 1)
        default: return character(at: index)
        }
    }

    /// `ESC` and what follows it.
    private func escape(at index: Int) -> Step {
        guard index + 1 < pending.count else { return .incomplete }
        switch pending[index + 1] {
        case UInt8(ascii: "["):
            return controlSequence(at: index)
        case UInt8(ascii: "O"):
            guard index + 2 < pending.count else { return .incomplete }
            let final = pending[index + 2]
            let bytes = Array(pending[index...index + 2])
            switch final {
            case UInt8(ascii: "A"): return .key(.up, length: 3)
            case UInt8(ascii: "B"): return .key(.down, length: 3)
            case UInt8(ascii: "C"): return .key(.right, length: 3)
            case UInt8(ascii: "D"): return .key(.left, length: 3)
            case UInt8(ascii: "H"): return .key(.home, length: 3)
            case UInt8(ascii: "F"): return .key(.end, length: 3)
            case 0x20..<0x7F: return .key(.unknown(bytes), length: 3)
            default: return .key(.unknown(Array(bytes.prefix(2))), length: 2)
            }
        default:
            // Escape twice, or Alt with a key: the Escape on its own, then the next byte anew.
            return .key(.escape, length: 1)
        }
    }

    /// `ESC [`, parameter bytes (0x30–0x3F), intermediate bytes (0x20–0x2F), a final byte
    /// (0x40–0x7E); the X10 mouse report adds three raw bytes after `ESC [ M`.
    private func controlSequence(at index: Int) -> Step {
        var end = index + 2
        while end < pending.count {
            let byte = pending[end]
            switch byte {
            case 0x20...0x3F:
                end += 1
                if end - index > Self.longestSequence {
                    return .key(.unknown(Array(pending[index..<end])), length: end - index)
                }
            case 0x40...0x7E:
                let parameters = pending[(index + 2)..<end]
                if byte == UInt8(ascii: "M"), parameters.isEmpty {
                    return x10Mouse(at: index)
                }
                let bytes = Array(pending[index...end])
                return .key(
                    Self.key(parameters: parameters, final: byte) ?? .unknown(bytes),
                    length: bytes.count)
            default:
                // A byte no sequence holds: the sequence was garbled; start again at the byte.
                return .key(.unknown(Array(pending[index..<end])), length: end - index)
            }
        }
        return .incomplete
    }

    private func x10Mouse(at index: Int) -> Step {
        guard index + 5 < pending.count else { return .incomplete }
        let bytes = Array(pending[index...index + 5])
        guard bytes[3...].allSatisfy({ $0 >= 32 }) else {
            return .key(.unknown(Array(bytes.prefix(3))), length: 3)
        }
        let report = MouseReport(
            code: Int(bytes[3]) - 32,
            column: Int(bytes[4]) - 32,
            row: Int(bytes[5]) - 32,
            isRelease: false
        )
        return .key(.mouse(report), length: 6)
    }

    /// The key of a complete `ESC [` sequence, or nil if it is not one the game knows.
    private static func key(parameters: ArraySlice<UInt8>, final: UInt8) -> Key? {
        if parameters.first == UInt8(ascii: "<") {
            guard final == UInt8(ascii: "M") || final == UInt8(ascii: "m") else { return nil }
            let numbers = numbers(in: parameters.dropFirst())
            guard let numbers, numbers.count == 3 else { return nil }
            return .mouse(
                MouseReport(
                    code: numbers[0], column: numbers[1], row: numbers[2],
                    isRelease: final == UInt8(ascii: "m")))
        }
        guard let numbers = numbers(in: parameters) else { return nil }
        switch final {
        case UInt8(ascii: "A"): return .up
        case UInt8(ascii: "B"): return .down
        case UInt8(ascii: "C"): return .right
        case UInt8(ascii: "D"): return .left
        case UInt8(ascii: "H"): return .home
        case UInt8(ascii: "F"): return .end
        case UInt8(ascii: "~"):
            switch numbers.first {
            case 1, 7: return .home
            case 4, 8: return .end
            case 2: return .insert
            case 3: return .delete
            case 5: return .pageUp
            case 6: return .pageDown
            default: return nil
            }
        default:
            return nil
        }
    }

    /// `1;5` as [1, 5]; an empty field counts as 0. Nil for anything but digits and `;`, or a
    /// number too long to be real.
    private static func numbers(in bytes: ArraySlice<UInt8>) -> [Int]? {
        guard !bytes.isEmpty else { return [] }
        var numbers: [Int] = []
        var current = 0
        var digits = 0
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                digits += 1
                guard digits <= 6 else { return nil }
                current = current * 10 + Int(byte - UInt8(ascii: "0"))
            case UInt8(ascii: ";"):
                numbers.append(current)
                current = 0
                digits = 0
            default:
                return nil
            }
        }
        numbers.append(current)
        return numbers
    }

    /// A character of two to four UTF-8 bytes; a byte that cannot start or continue one is
    /// ``Key/unknown(_:)`` on its own.
    private func character(at index: Int) -> Step {
        let lead = pending[index]
        let length =
            switch lead {
            case 0xC2...0xDF: 2
            case 0xE0...0xEF: 3
            case 0xF0...0xF4: 4
            default: 0
            }
        let invalid = Step.key(.unknown([lead]), length: 1)
        guard length > 0 else { return invalid }
        let available = pending[(index + 1)..<min(index + length, pending.count)]
        guard available.allSatisfy({ $0 & 0xC0 == 0x80 }) else { return invalid }
        guard index + length <= pending.count else { return .incomplete }
        guard let text = String(validating: pending[index..<(index + length)], as: UTF8.self),
            let scalar = text.unicodeScalars.first, scalar.value >= 0xA0
        else { return invalid }
        return .key(.character(Character(scalar)), length: length)
    }
}
