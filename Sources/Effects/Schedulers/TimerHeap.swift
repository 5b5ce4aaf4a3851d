/// A timer queue: payloads ordered by due time, earliest first, that a handle removes without a
/// search.
///
/// - `slots` holds one slot per pending piece of work; a ``Handle`` names a slot and the id of
///   the work in it, so a stale handle finds another id, or none, and does nothing. Freed slots
///   form a stack threaded through the slots and are reused; a free slot holds no payload.
/// - `entries` is a binary min-heap (children of `i` at `2i+1` and `2i+2`) ordered by
///   (due, order): `order` grows with every insertion, so work due at the same instant comes out
///   in the order it went in. ``remove(_:)`` only frees the slot, which makes its entry dead;
///   dead entries are dropped when they reach the top, and the heap is rebuilt from the live
///   ones when the dead outnumber them.
/// - `run` is a sorted run beside the heap: an entry due no earlier than the run's last is
///   appended there in O(1). Delays usually come one after another, so due times mostly grow
///   and the heap stays small; an entry out of order goes into the heap.
///
/// With n pieces of work pending:
///
/// | operation               | cost                                                          |
/// |-------------------------|---------------------------------------------------------------|
/// | ``insert(_:due:)``      | O(log n); no allocation beyond amortized array growth         |
/// | ``remove(_:)``          | O(1), plus an amortized O(1) share of an O(n) rebuild         |
/// | ``takeFirst(dueBy:nextDue:)`` | O(log n), plus dropping dead entries (each once)        |
/// | ``firstDue()``          | O(1), plus dropping dead entries                              |
/// | `subscript`, ``count``  | O(1)                                                          |
///
/// Not thread-safe: its owner locks it.
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
        /// The order of the work's live heap entry; 0 when the slot is free.
        var order: UInt64
        var payload: Payload?
        /// In a free slot, the next free slot (`noSlot` for none).
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

    private static var noSlot: UInt32 {
        .max
    }

    private struct Entry {
        /// The due time as whole seconds and attoseconds (one sign, attoseconds under a
        /// second), compared as plain integers: `Duration`'s own comparisons are calls into the
        /// standard library, which a sift makes at every level of the heap.
        var seconds: Int64
        var attoseconds: Int64
        var order: UInt64
        var slot: UInt32

        init(due: Duration, order: UInt64, slot: UInt32) {
            (seconds, attoseconds) = due.components
            self.order = order
            self.slot = slot
        }

        var due: Duration {
            Duration(secondsComponent: seconds, attosecondsComponent: attoseconds)
        }

        /// Compared as durations: splitting `limit` into its components divides, rebuilding the
        /// due time only multiplies.
        @inline(__always)
        func isLater(than limit: Duration) -> Bool {
            limit < due
        }

        /// Whether this entry comes out before `other`: earlier, or as early and put in first.
        @inline(__always)
        func precedes(_ other: Entry) -> Bool {
            (seconds, attoseconds, order) < (other.seconds, other.attoseconds, other.order)
        }
    }

    private var slots: ContiguousArray<Slot> = []
    /// The free slot to reuse first (`noSlot` for none); each free slot names the next.
    private var firstFree = TimerHeap.noSlot
    private var entries: ContiguousArray<Entry> = []
    /// The sorted run, live and dead entries, from `runStart` on; see the type's discussion.
    private var run: ContiguousArray<Entry> = []
    /// Where the run begins in `run`: the entries before it have been popped.
    private var runStart = 0
    /// The next id and order; both come from this one counter, so both are unique.
    private var nextSequence: UInt64 = 1

    /// How many pieces of work are pending, each with one live entry (outside a mutation).
    private(set) var count = 0

    init() {}

    var isEmpty: Bool {
        count == 0
    }

    /// Nil if `handle` is stale.
    subscript(handle: Handle) -> Payload? {
        guard let index = index(of: handle) else { return nil }
        return slots[index].payload
    }

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

    /// Hands back the payload for the caller to release outside any lock; nil if `handle` is
    /// stale (removing twice does nothing).
    mutating func remove(_ handle: Handle) -> Payload? {
        guard let index = index(of: handle) else { return nil }
        let payload = free(index)
        compactIfMostlyDead()
        return payload
    }

    /// Mutating because it drops the dead entries it finds on top.
    mutating func firstDue() -> Duration? {
        dropDeadTop()
        return earliest()?.entry.due
    }

    /// Takes the earliest entry out of the heap if it is due by `limit` (any time if nil), with
    /// its work: `nextDue` is asked, with the payload and the due time, when the work comes due
    /// again. If never (nil), the work leaves the queue and its payload is handed back; otherwise
    /// it goes back in under the same handle, due then, after everything already due at that
    /// instant, and a copy of its payload is handed back.
    mutating func takeFirst(
        dueBy limit: Duration?,
        nextDue: (borrowing Payload, Duration) -> Duration?
    ) -> (payload: Payload, due: Duration)? {
        guard count != 0, let first = removeEarliest(dueBy: limit) else { return nil }
        let index = Int(first.slot)
        let due = first.due
        // Freed at once, as one-shot work (the usual kind) leaves; repeating work is put back in
        // the same slot, under the same id. A live entry's slot always holds a payload.
        let id = slots[index].id
        let payload = slots[index].vacate(nextFree: firstFree)!
        if let next = nextDue(payload, due) {
            let order = nextSequence
            nextSequence += 1
            slots[index] = Slot(id: id, order: order, payload: payload, nextFree: Self.noSlot)
            push(Entry(due: next, order: order, slot: first.slot))
            return (payload, due)
        }
        firstFree = first.slot
        count -= 1
        compactIfMostlyDead()
        return (payload, due)
    }

    // MARK: - The heap

    /// Frees a slot, handing back its payload: the work is no longer pending.
    @inline(__always)
    private mutating func free(_ index: Int) -> Payload? {
        let payload = slots[index].vacate(nextFree: firstFree)
        firstFree = UInt32(truncatingIfNeeded: index)
        count -= 1
        return payload
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

    private var entryCount: Int {
        entries.count + run.count - runStart
    }

    /// Takes the earliest live entry out of the heap or the sorted run, if it is due by `limit`
    /// (any time if nil). Its slot is left as it is.
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
        if runStart == run.count || !entry.precedes(run[run.count - 1]) {
            run.append(entry)
            return
        }
        entries.append(entry)
        siftUp(entry, from: entries.count - 1)
    }

    /// Drops the run's first entry. The popped prefix is cut off once it is the larger half and
    /// at least 1,024 entries long, or the run is empty: the array stays at most twice the run's
    /// length plus 1,024, and each entry moves O(1) times.
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

    /// Removes the root: the hole goes down along the earlier child to a leaf, then the last
    /// entry fills it and rises as far as it must (Floyd's method).
    private mutating func removeTop() {
        let last = entries.removeLast()
        guard !entries.isEmpty else { return }
        let count = entries.count
        var hole = 0
        while true {
            let left = 2 * hole + 1
            guard left < count else { break }
            let right = left + 1
            let child = right < count && entries[right].precedes(entries[left]) ? right : left
            entries[hole] = entries[child]
            hole = child
        }
        siftUp(last, from: hole)
    }

    private mutating func siftUp(_ entry: Entry, from start: Int) {
        var hole = start
        while hole > 0 {
            let parent = (hole - 1) / 2
            guard entry.precedes(entries[parent]) else { break }
            entries[hole] = entries[parent]
            hole = parent
        }
        entries[hole] = entry
    }

    private mutating func siftDown(from start: Int) {
        let entry = entries[start]
        let count = entries.count
        var hole = start
        while true {
            let left = 2 * hole + 1
            guard left < count else { break }
            let right = left + 1
            let child = right < count && entries[right].precedes(entries[left]) ? right : left
            guard entries[child].precedes(entry) else { break }
            entries[hole] = entries[child]
            hole = child
        }
        entries[hole] = entry
    }

    /// Keeps dead entries no more numerous than live ones. A rebuild costs O(n) and comes at
    /// least n/2 removals or pops after the last one, so its share per operation is O(1).
    @inline(__always)
    private mutating func compactIfMostlyDead() {
        if count == 0 {
            // Nothing is live: both are emptied in place (usually they are already).
            if !entries.isEmpty { entries.removeAllFromEnd() }
            if !run.isEmpty {
                run.removeAllFromEnd()
                runStart = 0
            }
        } else if entryCount - count > count {
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
        var index = entries.count / 2
        while index > 0 {
            index -= 1
            siftDown(from: index)
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
        precondition(live.count == count, "live entry count is off")
        precondition(Set(live.map(\.slot)).count == live.count, "a slot has two live entries")
        precondition(slots.filter { $0.id != 0 }.count == count, "pending count is off")
        precondition(
            slots.filter { $0.order != 0 }.count == count, "a slot's entry is missing")
        var freeCount = 0
        var free = firstFree
        while free != Self.noSlot {
            precondition(slots[Int(free)].id == 0, "a slot on the free list holds work")
            freeCount += 1
            precondition(freeCount <= slots.count, "the free list loops")
            free = slots[Int(free)].nextFree
        }
        precondition(slots.count - freeCount == count, "free list is off")
        precondition(entryCount - count <= count, "too many dead entries")
    }
}

/// A piece of work a scheduler's ``TimerHeap`` holds behind its lock; `action` runs only after
/// unlocking.
struct TimedWork: Sendable {
    let action: @Sendable () -> Void
    /// Nil for work that runs once.
    let interval: Duration?

    init(_ action: @escaping @Sendable () -> Void, repeatingEvery interval: Duration? = nil) {
        self.action = action
        self.interval = interval
    }
}

/// What the cancellable a scheduler hands back for scheduled work keeps, to take it back.
typealias TimerHandle = TimerHeap<TimedWork>.Handle
