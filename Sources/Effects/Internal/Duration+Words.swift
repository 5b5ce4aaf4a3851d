/// Comparing and adding durations on their two stored words (`Duration`'s 128-bit attoseconds,
/// high and low), inlined.
///
/// `Duration`'s own `<`, `+` and `.zero` are calls into the standard library, and a
/// `TestScheduler` makes several per piece of work it schedules and runs (about 90 instructions
/// per delayed value); `attoseconds` needs macOS 15 / iOS 18, while the two words are public
/// stored properties of the frozen `Duration` on every system (as `TimerHeap` reads them).
extension Duration {
    /// No time: the same as `.zero`, without the call.
    @inline(__always)
    static var none: Duration {
        Duration(_high: 0, low: 0)
    }

    /// Whether this duration is shorter than `other`: the same as `self < other`.
    @inline(__always)
    func isShorter(than other: Duration) -> Bool {
        _high < other._high || (_high == other._high && _low < other._low)
    }

    /// The later of the two instants: the same as `max(self, other)`.
    @inline(__always)
    func atLeast(_ other: Duration) -> Duration {
        isShorter(than: other) ? other : self
    }

    /// `self + other`, trapping on overflow as `+` does.
    @inline(__always)
    func adding(_ other: Duration) -> Duration {
        let (low, carry) = _low.addingReportingOverflow(other._low)
        let high = _high &+ other._high &+ (carry ? 1 : 0)
        // Two's complement: the sum overflowed when both addends have one sign and the result
        // the other.
        precondition(
            (_high < 0) != (other._high < 0) || (high < 0) == (_high < 0),
            "Duration overflow")
        return Duration(_high: high, low: low)
    }
}
