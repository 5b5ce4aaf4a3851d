import Foundation
import ThreeDucks

/// A short hash of a whole game state, to tell at a glance that two states are the same.
///
/// A recorded session prints it when it ends, and `three-ducks replay` prints it for the state
/// the log replays to: the same fingerprint means the same state, high scores and all.
enum StateFingerprint {
    /// 16 hexadecimal digits: the 64-bit FNV-1a hash of the state as JSON with sorted keys.
    static func of(_ state: ThreeDucksState) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        // A state is plain values; encoding it cannot fail.
        let bytes = (try? encoder.encode(state)) ?? Data()
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
