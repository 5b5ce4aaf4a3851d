import Effects

/// Which storage slot holds each position of an ``IdentifiedArray`` whose storage has holes:
/// built the first time a position is read after a change, then kept until the next change.
///
/// An array's reads do not mutate it, and a value may be read from several threads at once, so
/// the table lives in a box behind a lock: the first reader builds it, the others wait and use
/// it. A box belongs to one array value and the copies made of it while they keep its layout
/// (which slots are holes): a change of layout in a copy that shares its box gives that copy a
/// box of its own, so every value sharing a box has the same layout and the same `layout`
/// count. A value that changes alone keeps its box and counts the change, and the table, built
/// for an earlier count, is built again when next read.
///
/// Size: one `Int` per element, only while the array has holes and has been read by position.
/// Building it is O(n); a slot lookup is O(1); a position lookup is a binary search, O(log n).
@usableFromInline
final class IdentifiedArrayPositions: Sendable {
    /// The live slots in ascending order (the slot of position `p` is `slots[p]`), and the
    /// layout they were built for; nil until a read needs them.
    private let table = Lock<(layout: Int, slots: [Int])?>(nil)

    /// Makes an empty box, whose table is built when first needed.
    @usableFromInline
    init() {}

    /// The slot of `position` in the given layout, building the table with `build` first if it
    /// is missing or was built for another layout.
    @usableFromInline
    func slot(at position: Int, layout: Int, building build: () -> [Int]) -> Int {
        table.withLock { table in
            let slots = Self.current(&table, layout: layout, build)
            return slots[position]
        }
    }

    /// The position of the element in `slot` (a live slot) in the given layout, building the
    /// table with `build` first if it is missing or was built for another layout.
    @usableFromInline
    func position(ofSlot slot: Int, layout: Int, building build: () -> [Int]) -> Int {
        table.withLock { table in
            let slots = Self.current(&table, layout: layout, build)
            // The first position whose slot is not below `slot`: `slot` itself, as it is live.
            var low = 0
            var high = slots.count
            while low < high {
                let middle = (low + high) / 2
                if slots[middle] < slot {
                    low = middle + 1
                } else {
                    high = middle
                }
            }
            return low
        }
    }

    /// The table for `layout`, built first if needed.
    private static func current(
        _ table: inout (layout: Int, slots: [Int])?, layout: Int, _ build: () -> [Int]
    ) -> [Int] {
        if let table, table.layout == layout { return table.slots }
        let slots = build()
        table = (layout, slots)
        return slots
    }
}
