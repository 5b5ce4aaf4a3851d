/// A timer queue: payloads ordered by due time, earliest first, that a handle can remove without
/// a search.
///
/// It is two arrays. The heap part is swift-collections' `Heap` shape (a binary min-heap in a
/// plain array, children of `i` at `2i+1` and `2i+2`), kept apart here from a slot table so that
/// a handle can reach its work directly:
///
/// - `slots` holds one slot per piece of work that is pending; a ``Handle`` names a slot and the
///   id of the work put in it. Freed slots are reused (last freed, first reused: they form a
///   stack threaded through the slots themselves), and a handle whose work has ended finds
///   another id, or none, in its slot and does nothing. The table is as long as the most work
///   ever pending at once; a free slot holds no payload.
/// - `entries` is the heap, ordered by (due, order): `order` grows with every insertion, so
///   work due at the same instant comes out in the order it went in. An entry is live while its
///   slot still records its order. ``remove(_:)`` does not touch the heap: freeing the slot makes
///   the entry dead, and dead entries are dropped when they reach the top (lazy deletion). When
///   dead entries outnumber live ones, the heap is rebuilt from the live ones, so it never
///   holds more than twice the pending work.
///
/// Beside the heap, a sorted run: an entry that comes due no earlier than the last one in the run
/// is appended to it instead of entering the heap, and the earliest entry is the earlier of the
/// run's first and the heap's root. Work is usually scheduled with one delay after another (a
/// timeout per request, a delayed action per move), so due times mostly grow with the order of
/// insertion: the run then takes every entry in O(1) and the heap stays small. An entry that
/// would break the run's order goes into the heap, so the bounds below hold whatever the order.
///
/// With n pieces of work pending:
///
/// | operation               | cost                                                          |
/// |-------------------------|---------------------------------------------------------------|
/// | ``insert(_:due:)``      | O(log n); no allocation beyond amortized array growth         |
/// | ``remove(_:)``          | O(1), plus an amortized O(1) share of an O(n) rebuild         |
/// | ``popFirst(dueBy:)``    | O(log n), plus dropping dead entries (each is dropped once)   |
/// | ``takeFirst(dueBy:nextDue:)`` | the same as ``popFirst(dueBy:)``                        |
/// | ``reinsert(_:due:)``    | O(log n)                                                      |
/// | ``firstDue()``          | O(1), plus dropping dead entries                              |
/// | `subscript`, ``count``  | O(1)                                                          |
///
/// Popping the earliest entry leaves its payload in its slot, so that repeating work can go back
/// in under the same handle (``reinsert(_:due:)``) and one-shot work is taken out with
/// ``remove(_:)``; ``takeFirst(dueBy:nextDue:)`` does both steps in one, as a scheduler's advance
/// wants them. Not thread-safe: its owner keeps it behind a lock.
struct TimerHeap<Payload> {
    /// Names one piece of work for as long as it is pending; stale once it has been removed.
    struct Handle: Hashable, Sendable {
        /// The work's id, unique for the heap's lifetime (never zero).
        let id: UInt64
        /// Where the work's slot is in the slot table.
        let slot: UInt32
    }

    private struct Slot {
        /// The id of the work held, 0 when the slot is free.
        var id: UInt64
        /// The order of the work's live heap entry; 0 when it has none (free, or popped).
        var order: UInt64
        var payload: Payload?
        /// In a free slot, the next free slot (`noSlot` for none). After the payload, where it
        /// takes the payload's tail padding rather than a word of its own.
        var nextFree: UInt32

        /// Frees the slot, handing back its payload, and links it to `next` in the free list.
        @inline(__always)
        mutating func vacate(nextFree next: UInt32) -> Payload? {
            id = 0
            order = 0
            nextFree = next
            return payload.take()
        }
    }

    /// The end of the free list.
    private static var noSlot: UInt32 {
        .max
    }

    private struct Entry {
        /// The due time as `Duration`'s two stored words (its 128-bit attoseconds, high and low),
        /// compared in place. `Duration`'s own comparison is a call into the standard library,
        /// `components` a 128-bit division, and `attoseconds` needs macOS 15 / iOS 18; the words
        /// are public stored properties of the frozen `Duration` on every system.
        var dueHigh: Int64
        var dueLow: UInt64
        var order: UInt64
        var slot: UInt32

        init(due: Duration, order: UInt64, slot: UInt32) {
            dueHigh = due._high
            dueLow = due._low
            self.order = order
            self.slot = slot
        }

        var dueTime: Duration {
            Duration(_high: dueHigh, low: dueLow)
        }

        /// Whether this entry is due after `limit`.
        @inline(__always)
        func isLater(than limit: Duration) -> Bool {
            dueHigh > limit._high || (dueHigh == limit._high && dueLow > limit._low)
        }

        /// Whether this entry comes out before `other`: earlier, or as early and put in first.
        @inline(__always)
        func precedes(_ other: Entry) -> Bool {
            if dueHigh != other.dueHigh { return dueHigh < other.dueHigh }
            if dueLow != other.dueLow { return dueLow < other.dueLow }
            return order < other.order
        }
    }

    /// One slot per pending piece of work, and free ones; see the type's discussion.
    private var slots: [Slot] = []
    /// The free slot to reuse first (`noSlot` for none); each free slot names the next.
    private var firstFree = TimerHeap.noSlot
    /// The heap, live and dead entries; see the type's discussion.
    private var entries: [Entry] = []
    /// The sorted run, live and dead entries, from `runStart` on; see the type's discussion.
    private var run: [Entry] = []
    /// Where the run begins in `run`: the entries before it have been popped.
    private var runStart = 0
    /// How many of the entries in the heap and the run are live.
    private var liveEntries = 0
    /// The next id and order; both come from this one counter, so both are unique.
    private var nextSequence: UInt64 = 1

    /// How many pieces of work are pending: inserted and not yet removed, whether or not they
    /// are in the heap right now.
    private(set) var count = 0

    /// Makes an empty timer queue.
    init() {}

    /// Whether no work is pending.
    var isEmpty: Bool {
        count == 0
    }

    /// The payload of pending work, or nil if `handle` is stale.
    ///
    /// - Complexity: O(1).
    subscript(handle: Handle) -> Payload? {
        guard let index = index(of: handle) else { return nil }
        return slots[index].payload
    }

    /// Adds `payload`, due at `due`.
    ///
    /// - Returns: The handle that removes it.
    /// - Complexity: O(log n); no allocation beyond amortized growth of the arrays.
    mutating func insert(_ payload: consuming Payload, due: Duration) -> Handle {
        let id = nextSequence
        nextSequence += 1
        let slot: UInt32
        if firstFree != Self.noSlot {
            slot = firstFree
            firstFree = slots[Int(slot)].nextFree
            slots[Int(slot)] = Slot(id: id, order: id, payload: payload, nextFree: Self.noSlot)
        } else {
            precondition(
                slots.count < Int(Self.noSlot), "more work pending than a timer queue can hold")
            slot = UInt32(truncatingIfNeeded: slots.count)
            slots.append(Slot(id: id, order: id, payload: payload, nextFree: Self.noSlot))
        }
        count += 1
        push(Entry(due: due, order: id, slot: slot))
        return Handle(id: id, slot: slot)
    }

    /// Puts pending work that ``popFirst(dueBy:)`` took out of the heap back in, due at `due`,
    /// after everything already due at that instant.
    ///
    /// - Complexity: O(log n).
    mutating func reinsert(_ handle: Handle, due: Duration) {
        guard let index = index(of: handle) else {
            preconditionFailure("TimerHeap.reinsert: the work was removed")
        }
        precondition(slots[index].order == 0, "TimerHeap.reinsert: the work is still in the heap")
        let order = nextSequence
        nextSequence += 1
        slots[index].order = order
        push(Entry(due: due, order: order, slot: handle.slot))
    }

    /// Removes pending work, wherever it is, and hands back its payload for the caller to
    /// release (outside any lock).
    ///
    /// - Returns: The payload, or nil if `handle` is stale (already removed): removing twice
    ///   does nothing.
    /// - Complexity: O(1), plus an amortized O(1) share of rebuilding the heap.
    mutating func remove(_ handle: Handle) -> Payload? {
        guard let index = index(of: handle) else { return nil }
        if slots[index].order != 0 {
            liveEntries -= 1
        }
        let payload = free(index)
        compactIfMostlyDead()
        return payload
    }

    /// The due time of the earliest pending work in the heap, or nil if there is none.
    ///
    /// Mutating because it drops the dead entries it finds on top.
    ///
    /// - Complexity: O(1), plus O(log n) per dead entry dropped.
    mutating func firstDue() -> Duration? {
        dropDeadTop()
        return earliest()?.entry.dueTime
    }

    /// Takes the earliest entry out of the heap if it is due by `limit` (any time if nil).
    ///
    /// The work stays pending: its payload stays in its slot. Follow with ``remove(_:)`` to take
    /// it, or ``reinsert(_:due:)`` to have it come due again.
    ///
    /// - Returns: The work's handle and due time, or nil if nothing is due by `limit`.
    /// - Complexity: O(log n), plus O(log n) per dead entry dropped.
    mutating func popFirst(dueBy limit: Duration?) -> (handle: Handle, due: Duration)? {
        guard let first = removeEarliest(dueBy: limit) else { return nil }
        let index = Int(first.slot)
        slots[index].order = 0
        compactIfMostlyDead()
        return (Handle(id: slots[index].id, slot: first.slot), first.dueTime)
    }

    /// Takes the earliest entry out of the heap if it is due by `limit` (any time if nil), with
    /// its work: `nextDue` is asked, with the payload and the due time, when the work comes due
    /// again. If never (nil), the work leaves the queue and its payload is handed back; otherwise
    /// it goes back in under the same handle, due then, after everything already due at that
    /// instant, and a copy of its payload is handed back.
    ///
    /// - Returns: The payload and the due time it came out at, or nil if nothing is due by
    ///   `limit`.
    /// - Complexity: O(log n), plus O(log n) per dead entry dropped.
    mutating func takeFirst(
        dueBy limit: Duration?,
        nextDue: (borrowing Payload, Duration) -> Duration?
    ) -> (payload: Payload, due: Duration)? {
        // Nothing pending means nothing live: the common last look of an advance ends here.
        guard count != 0, let first = removeEarliest(dueBy: limit) else { return nil }
        let index = Int(first.slot)
        let due = first.dueTime
        // Taken out and freed in one access, as one-shot work (the usual kind) leaves: moved,
        // not copied. Repeating work is put back in the same slot, under the same id. A live
        // entry's slot always holds a payload.
        let nextFree = firstFree
        let (payload, id) = withSlot(index) { slot in
            let id = slot.id
            return (slot.vacate(nextFree: nextFree)!, id)
        }
        if let next = nextDue(payload, due) {
            let order = nextSequence
            nextSequence += 1
            withSlot(index) { slot in
                slot = Slot(id: id, order: order, payload: payload, nextFree: Self.noSlot)
            }
            push(Entry(due: next, order: order, slot: first.slot))
            return (payload, due)
        }
        firstFree = first.slot
        count -= 1
        compactIfMostlyDead()
        return (payload, due)
    }

    // MARK: - The heap

    // The helpers a scheduler's every step goes through are inlined: as calls, their prologues
    // and the array checks they each repeat cost as much as their work.

    /// Frees a slot, handing back its payload: the work is no longer pending.
    @inline(__always)
    private mutating func free(_ index: Int) -> Payload? {
        let nextFree = firstFree
        let payload = withSlot(index) { $0.vacate(nextFree: nextFree) }
        firstFree = UInt32(truncatingIfNeeded: index)
        count -= 1
        return payload
    }

    /// Works on slot `index` in place: through the table's buffer, not its subscript, whose
    /// modify accessor an unoptimized build runs as a coroutine that may allocate its frame
    /// (scheduling and cancelling are meant to allocate nothing, in tests too).
    @inline(__always)
    private mutating func withSlot<Result>(_ index: Int, _ body: (inout Slot) -> Result) -> Result {
        slots.withUnsafeMutableBufferPointer { body(&$0[index]) }
    }

    @inline(__always)
    private func index(of handle: Handle) -> Int? {
        let index = Int(handle.slot)
        guard index < slots.count, slots[index].id == handle.id else { return nil }
        return index
    }

    @inline(__always)
    private func isLive(_ entry: Entry) -> Bool {
        slots[Int(entry.slot)].order == entry.order
    }

    /// How many entries the heap and the run hold, live and dead.
    private var entryCount: Int {
        entries.count + run.count - runStart
    }

    /// Takes the earliest live entry out of the heap or the sorted run, if it is due by `limit`
    /// (any time if nil): the first step of ``popFirst(dueBy:)`` and
    /// ``takeFirst(dueBy:nextDue:)``. Its slot is left as it is.
    @inline(__always)
    private mutating func removeEarliest(dueBy limit: Duration?) -> Entry? {
        dropDeadTop()
        guard let (first, isInRun) = earliest() else { return nil }
        if let limit, first.isLater(than: limit) { return nil }
        if isInRun {
            popRunFirst()
        } else {
            removeTop()
        }
        liveEntries -= 1
        return first
    }

    /// The earliest of the run's first entry and the heap's root, and which one it is.
    @inline(__always)
    private func earliest() -> (entry: Entry, isInRun: Bool)? {
        let runFirst = runStart < run.count ? run[runStart] : nil
        guard let root = entries.first else { return runFirst.map { ($0, true) } }
        guard let runFirst else { return (root, false) }
        return runFirst.precedes(root) ? (runFirst, true) : (root, false)
    }

    @inline(__always)
    private mutating func dropDeadTop() {
        while runStart < run.count, !isLive(run[runStart]) {
            popRunFirst()
        }
        while let first = entries.first, !isLive(first) {
            removeTop()
        }
    }

    /// Adds an entry to the run if it keeps the run sorted, to the heap otherwise.
    @inline(__always)
    private mutating func push(_ entry: Entry) {
        liveEntries += 1
        if runStart == run.count || !entry.precedes(run[run.count - 1]) {
            run.append(entry)
            return
        }
        entries.append(entry)
        entries.withUnsafeMutableBufferPointer { heap in
            Self.siftUp(entry, from: heap.count - 1, in: heap)
        }
    }

    /// Drops the run's first entry. The popped prefix is cut off once it is the larger half and
    /// at least 1,024 entries long (or the run is empty), so the array stays at most twice the
    /// run's length plus 1,024 entries, and each entry is moved O(1) times. Below 1,024, a burst
    /// that drains (the usual case) is not moved at all.
    @inline(__always)
    private mutating func popRunFirst() {
        runStart += 1
        if runStart == run.count {
            // Used up (a single timer, or a burst that drained): emptied in place.
            run.removeAllFromEnd()
            runStart = 0
        } else if runStart >= 1_024 && runStart * 2 >= run.count {
            trimRun()
        }
    }

    private mutating func trimRun() {
        run.removeFirst(runStart)
        runStart = 0
    }

    /// Removes the root. The hole left at the root goes down along the earlier child to a leaf,
    /// then the last entry fills it and rises as far as it must: one comparison per level on the
    /// way down (Floyd's method), where the last entry usually belongs near the bottom anyway.
    private mutating func removeTop() {
        let last = entries.removeLast()
        guard !entries.isEmpty else { return }
        entries.withUnsafeMutableBufferPointer { heap in
            let count = heap.count
            var hole = 0
            while true {
                let left = 2 * hole + 1
                guard left < count else { break }
                let right = left + 1
                let child = right < count && heap[right].precedes(heap[left]) ? right : left
                heap[hole] = heap[child]
                hole = child
            }
            Self.siftUp(last, from: hole, in: heap)
        }
    }

    private static func siftUp(
        _ entry: Entry, from start: Int, in heap: UnsafeMutableBufferPointer<Entry>
    ) {
        var hole = start
        while hole > 0 {
            let parent = (hole - 1) / 2
            guard entry.precedes(heap[parent]) else { break }
            heap[hole] = heap[parent]
            hole = parent
        }
        heap[hole] = entry
    }

    private static func siftDown(from start: Int, in heap: UnsafeMutableBufferPointer<Entry>) {
        let entry = heap[start]
        let count = heap.count
        var hole = start
        while true {
            let left = 2 * hole + 1
            guard left < count else { break }
            let right = left + 1
            let child = right < count && heap[right].precedes(heap[left]) ? right : left
            guard heap[child].precedes(entry) else { break }
            heap[hole] = heap[child]
            hole = child
        }
        heap[hole] = entry
    }

    /// Keeps dead entries no more numerous than live ones. A rebuild costs O(n) and comes at
    /// least n/2 removals or pops after the last one, so its share per operation is O(1).
    @inline(__always)
    private mutating func compactIfMostlyDead() {
        if liveEntries == 0 {
            // Nothing is live: both are emptied in place. After the last pop they usually are
            // already, and nothing is written.
            if !entries.isEmpty { entries.removeAllFromEnd() }
            if !run.isEmpty {
                run.removeAllFromEnd()
                runStart = 0
            }
        } else if entryCount - liveEntries > liveEntries {
            rebuild()
        }
    }

    /// Drops every dead entry, keeping the run's order and restoring the heap's bottom up: O(n).
    private mutating func rebuild() {
        var keptInRun = 0
        for index in runStart..<run.count where isLive(run[index]) {
            run[keptInRun] = run[index]
            keptInRun += 1
        }
        run.removeLast(run.count - keptInRun)
        runStart = 0
        var kept = 0
        for index in entries.indices where isLive(entries[index]) {
            entries[kept] = entries[index]
            kept += 1
        }
        entries.removeLast(entries.count - kept)
        entries.withUnsafeMutableBufferPointer { heap in
            var index = heap.count / 2
            while index > 0 {
                index -= 1
                Self.siftDown(from: index, in: heap)
            }
        }
    }
}

extension TimerHeap {
    /// Checks the heap's invariants (for tests): heap order, one live entry per slot that has
    /// one, the counts, and no more dead entries than live ones.
    ///
    /// - Complexity: O(n).
    func checkInvariants() {
        for index in entries.indices.dropFirst() {
            precondition(
                !entries[index].precedes(entries[(index - 1) / 2]), "heap order broken at \(index)")
        }
        let runEntries = run[runStart...]
        for (earlier, later) in zip(runEntries, runEntries.dropFirst()) {
            precondition(!later.precedes(earlier), "the run is out of order")
        }
        let live = entries.filter(isLive) + runEntries.filter(isLive)
        precondition(live.count == liveEntries, "live entry count is off")
        precondition(Set(live.map(\.slot)).count == live.count, "a slot has two live entries")
        precondition(slots.filter { $0.id != 0 }.count == count, "pending count is off")
        precondition(
            slots.filter { $0.order != 0 }.count == liveEntries, "a slot's entry is missing")
        var freeCount = 0
        var free = firstFree
        while free != Self.noSlot {
            precondition(slots[Int(free)].id == 0, "a slot on the free list holds work")
            freeCount += 1
            precondition(freeCount <= slots.count, "the free list loops")
            free = slots[Int(free)].nextFree
        }
        precondition(slots.count - freeCount == count, "free list is off")
        precondition(entryCount - liveEntries <= liveEntries, "too many dead entries")
    }
}
