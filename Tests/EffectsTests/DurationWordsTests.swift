@testable import Effects
import Testing

/// The word-wise comparisons and sum a `TestScheduler` uses agree with `Duration`'s own.
@Suite struct DurationWordsTests {
    /// Durations around the places where the words' arithmetic could go wrong: zero, the sign,
    /// the low word's carry, and both ends.
    private static let samples: [Duration] = [
        .zero, .nanoseconds(1), .nanoseconds(-1), .seconds(1), .seconds(-1),
        .milliseconds(999), .seconds(3_600), .seconds(-3_600),
        Duration(_high: 0, low: .max), Duration(_high: -1, low: .max), Duration(_high: -1, low: 0),
        Duration(_high: 1, low: 0), Duration(_high: 0, low: 1 << 63),
        Duration(_high: .max / 2, low: 17), Duration(_high: .min / 2, low: 17),
    ]

    @Test("isShorter(than:) and atLeast(_:) agree with < and max on every pair")
    func comparisons() {
        for first in Self.samples {
            for second in Self.samples {
                #expect(first.isShorter(than: second) == (first < second), "\(first) < \(second)")
                #expect(first.atLeast(second) == max(first, second), "max(\(first), \(second))")
            }
        }
        #expect(Duration.none == .zero)
    }

    @Test("adding(_:) agrees with + on every pair, across the low word's carry and the sign")
    func sums() {
        for first in Self.samples {
            for second in Self.samples {
                #expect(first.adding(second) == first + second, "\(first) + \(second)")
            }
        }
    }
}
