import Effects

/// Which storage slot holds each position of an ``IdentifiedArray`` whose storage has holes:
/// built the first time a position is read after a change, then kept until the next change.
///
/// An array's reads do not mutate it, and a value may be read from several threads at once, so
/// the table lives in a box behind a lock: the first reader builds it, the others wait and use
/// it. A box belongs to one layout of the storage (which slots are holes): copies of an array
/// share it only while their layouts are the same, since every change of layout gives the
/// changed copy a box of its own, or empties the box when no copy shares it.
///
/// Size: one `Int` per element, only while the array has holes and has been read by position.
/// Building it is O(n); a slot lookup is O(1); a position lookup is a binary search, O(log n).
final class IdentifiedArrayPositions: Sendable {
    /// The live slots in ascending order (the slot of position `p` is `table[p]`), or nil until
    /// a read needs it.
    private let table = Lock<[Int]?>(nil)

    /// The slot of `position`, building the table with `build` first if needed.
    func slot(at position: Int, building build: () -> [Int]) -> Int {
        table.withLock { table in
            if table == nil { table = build() }
            return table![position]
        }
    }

    /// The position of the element in `slot` (a live slot), building the table with `build`
    /// first if needed.
    func position(ofSlot slot: Int, building build: () -> [Int]) -> Int {
        table.withLock { table in
            if table == nil { table = build() }
            // The first position whose slot is not below `slot`: `slot` itself, as it is live.
            var low = 0
            var high = table!.count
            while low < high {
                let middle = (low + high) / 2
                if table![middle] < slot {
                    low = middle + 1
                } else {
                    high = middle
                }
            }
            return low
        }
    }

    /// Adds a slot appended at the end of the storage to the table, if the table is built.
    /// Only for a box no other copy shares.
    func appendSlot(_ slot: Int) {
        table.withLock { table in
            table?.append(slot)
        }
    }

    /// Forgets the table, to build it again when next needed. Only for a box no other copy
    /// shares.
    func reset() {
        table.withLock { table in
            table = nil
        }
    }
}
