/// One key the player pressed, or one mouse report, as ``KeyDecoder`` reads them from a
/// terminal in raw mode.
enum Key: Equatable, Hashable, Sendable {
    /// A printable character: a letter, a digit, a space, `?`, or any other text typed.
    case character(Character)
    /// Enter (Return).
    case enter
    /// Tab.
    case tab
    /// Backspace (Delete on most keyboards).
    case backspace
    /// Escape on its own.
    case escape
    /// An arrow key.
    case up, down, left, right
    /// Home and End.
    case home, end
    /// Page Up and Page Down.
    case pageUp, pageDown
    /// Insert and the forward Delete key.
    case insert, delete
    /// Ctrl-C: with the terminal in raw mode it arrives as a byte, not as `SIGINT`.
    case interrupt
    /// Ctrl-D, which ends the input on a terminal in its usual mode.
    case endOfInput
    /// Ctrl-Z, which suspends a program on a terminal in its usual mode.
    case suspend
    /// Ctrl-L, the usual way of asking a full-screen program to draw everything again.
    case redraw
    /// Another control character (its byte, below 0x20).
    case control(UInt8)
    /// A mouse button pressed or released, or the wheel turned.
    case mouse(MouseReport)
    /// A sequence of bytes the decoder read as one unit but does not know: an unsupported key,
    /// or bytes garbled in transit. It carries the bytes, for tests and for nothing else.
    case unknown([UInt8])
}

/// What a terminal reports when the mouse is used, once mouse reporting is on (xterm's
/// `ESC [ ? 1000 h`, in the SGR form `ESC [ ? 1006 h`).
struct MouseReport: Equatable, Hashable, Sendable {
    /// A button, or the wheel.
    enum Button: Equatable, Hashable, Sendable {
        /// The left (primary) button: a tap.
        case left
        /// The middle button.
        case middle
        /// The right button.
        case right
        /// The wheel turned away from the user.
        case wheelUp
        /// The wheel turned towards the user.
        case wheelDown
        /// A release in the old X10 form, which does not say which button went up.
        case unnamed
        /// Any other code (extra buttons).
        case other(Int)
    }

    /// The button.
    var button: Button
    /// The column of the character cell, from 1 at the left edge.
    var column: Int
    /// The row of the character cell, from 1 at the top.
    var row: Int
    /// Whether the button went up rather than down.
    var isRelease: Bool
    /// Whether the mouse moved with the button held (reported only when motion tracking is on).
    var isMotion: Bool = false

    /// Whether this is the press of the left button: what a tap on a card is.
    var isLeftPress: Bool {
        button == .left && !isRelease && !isMotion
    }

    /// Reads the button code that both report forms carry: the low two bits name the button,
    /// 32 marks motion, 64 the wheel; 4, 8 and 16 are Shift, Meta and Control, ignored here.
    ///
    /// - Parameters:
    ///   - code: The code, without the 32 the X10 form adds to make it printable.
    ///   - column: From 1.
    ///   - row: From 1.
    ///   - isRelease: Whether the report says the button went up (the SGR form's `m`).
    init(code: Int, column: Int, row: Int, isRelease: Bool) {
        self.column = column
        self.row = row
        self.isRelease = isRelease
        isMotion = code & 32 != 0
        let low = code & 3
        if code & 64 != 0 {
            button = low == 0 ? .wheelUp : low == 1 ? .wheelDown : .other(code & ~(4 | 8 | 16 | 32))
        } else if code & 128 != 0 {
            button = .other(code & ~(4 | 8 | 16 | 32))
        } else {
            button = [.left, .middle, .right, .unnamed][low]
            if button == .unnamed { self.isRelease = true }
        }
    }

    /// A report made by hand (tests).
    init(button: Button, column: Int, row: Int, isRelease: Bool = false, isMotion: Bool = false) {
        self.button = button
        self.column = column
        self.row = row
        self.isRelease = isRelease
        self.isMotion = isMotion
    }
}
