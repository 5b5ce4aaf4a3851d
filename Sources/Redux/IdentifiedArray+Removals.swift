import Effects

/// Which elements an ``IdentifiedArray`` lost lately, so that a reader who noted the array's
/// ``Mark`` after an earlier change can ask which ids left since, in O(k) for k removals, without
/// keeping (and so sharing, and so making the array copy) a table of the ids that were there.
///
/// `forEach` reads it after each action to end the effects of the elements the action removed.
///
/// Every removal gives the array a new mark, unique in the process (copies that go different
/// ways never share one), and notes the id with it; the last ``kept`` notes are kept. A mark
/// that is none of these (an array made anew, a copy that went another way, or too many
/// removals ago) gets nil: the reader falls back on what it knows otherwise.
@usableFromInline
struct IdentifiedArrayRemovals<ID: Hashable> {
    /// A point in an array's history of removals.
    @usableFromInline
    struct Mark: Hashable, Sendable {
        @usableFromInline let value: UInt64

        @inlinable
        init(_ value: UInt64) {
            self.value = value
        }
    }

    /// How many of the last removals are remembered (between `kept` and twice as many).
    @inlinable
    static var kept: Int { 64 }

    /// The mark of the array as it is.
    @usableFromInline private(set) var mark: Mark
    /// The mark before the first of `notes`.
    @usableFromInline private(set) var base: Mark
    /// The last removals, oldest first: each one's id, and the array's mark after it.
    @usableFromInline private(set) var notes: [(mark: Mark, id: ID)] = []

    /// A history with no removals, for an array made anew.
    @inlinable
    init() {
        mark = Mark(nextRemovalMark())
        base = mark
    }

    /// Notes that `id` was removed.
    ///
    /// - Complexity: O(1) amortized: the oldest notes are dropped `kept` at a time.
    @inlinable
    mutating func record(_ id: ID) {
        mark = Mark(nextRemovalMark())
        notes.append((mark, id))
        if notes.count >= 2 * Self.kept {
            let dropped = notes.count - Self.kept
            base = notes[dropped - 1].mark
            notes.removeFirst(dropped)
        }
    }

    /// Forgets the history: after removals too many to note one by one (removing every
    /// element), a reader with an earlier mark gets nil.
    @inlinable
    mutating func forget() {
        mark = Mark(nextRemovalMark())
        base = mark
        notes = []
    }

    /// The ids removed since `earlier`, oldest first; empty when nothing was removed, nil when
    /// `earlier` is not a mark of this history (the reader must find out otherwise).
    ///
    /// - Complexity: O(k) for the k removals since `earlier`, plus O(log `kept`) to find it.
    @inlinable
    func removed(since earlier: Mark) -> [ID]? {
        if earlier == mark { return [] }
        if earlier == base { return notes.map(\.id) }
        // Marks grow along one history: find `earlier` among the notes by its value.
        var low = 0
        var high = notes.count
        while low < high {
            let middle = (low + high) / 2
            if notes[middle].mark.value < earlier.value { low = middle + 1 } else { high = middle }
        }
        guard low < notes.count, notes[low].mark == earlier else { return nil }
        return notes[(low + 1)...].map(\.id)
    }
}

/// The source of removal marks, one number after another for the whole process.
@usableFromInline
let removalMarks = Lock<UInt64>(0)

/// A removal mark no array has had.
@inlinable
func nextRemovalMark() -> UInt64 {
    removalMarks.withLock { last in
        last &+= 1
        return last
    }
}

extension IdentifiedArrayRemovals: Sendable where ID: Sendable {}
