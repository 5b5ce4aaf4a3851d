/// A small, fast, seeded random number generator (SplitMix64, by Sebastiano Vigna).
///
/// The same seed always gives the same numbers, on every platform and Swift version, which is
/// what makes a dealt deck reproducible in tests and recordings. It is not cryptographically
/// secure; it does not need to be for shuffling cards.
///
/// ```swift
/// var random = SplitMix64(seed: 42)
/// let deck = Deck.shuffled(.easy, using: &random)   // the same deck every time
/// ```
public struct SplitMix64: RandomNumberGenerator, Sendable, Equatable {
    private var state: UInt64

    /// Makes a generator whose sequence is fixed by `seed`.
    ///
    /// - Parameter seed: Any value; different seeds give unrelated sequences.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    ///
    /// - Returns: The next value of the sequence.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
