import Effects

/// Which ids an ``IdentifiedArray`` touched lately — elements changed in place, added or
/// removed — so that a reader who noted the array's ``Mark`` earlier can ask what happened
/// since, in O(k) for k changes, without keeping (and so sharing, and so making the array copy)
/// its elements or its ids.
///
/// Two readers use it after each action: `forEach`, to end the effects of the elements the
/// action removed, and ``ObservableStore``, to compare only the elements read by id that the
/// action touched.
///
/// ## Marks and copies
///
/// A mark is a lineage and a step: every note advances the step by one. Copies of an array
/// share its lineage until one of them changes while the other is still there: the one that
/// changes then starts a lineage of its own (a new serial number, unique in the process),
/// remembering the step at which it left the old one. So a mark of the old lineage up to that
/// step is still known to it (its history includes everything up to there), and a mark the
/// other copy makes later is not (the two went different ways). The lineage object is only
/// there to tell, with `isKnownUniquelyReferenced`, whether a copy still shares it; a reader's
/// mark holds its serial number, not the object.
///
/// A mark the history does not know — another array's, a copy's that went another way, one
/// older than the notes kept — gets nil: the reader falls back on comparing what it knows.
///
/// Size and cost: between ``kept`` and twice as many notes (an id and a flag each), plus one
/// ancestor mark per lineage left within those notes; a note is O(1) amortized (a uniqueness
/// check and an append; the oldest notes are dropped ``kept`` at a time), a branch allocates
/// one object and takes the process-wide serial lock.
@usableFromInline
struct IdentifiedArrayHistory<ID: Hashable> {
    /// A point in an array's history.
    @usableFromInline
    struct Mark: Hashable, Sendable {
        /// The serial number of the lineage the point is on.
        @usableFromInline let lineage: UInt64
        /// How many notes the lineage had taken at that point (counting those it inherited).
        @usableFromInline let step: UInt64

        @inlinable
        init(lineage: UInt64, step: UInt64) {
            self.lineage = lineage
            self.step = step
        }
    }

    /// One id touched: removed, or changed in place or added.
    @usableFromInline
    struct Note {
        @usableFromInline let id: ID
        @usableFromInline let isRemoval: Bool

        @inlinable
        init(id: ID, isRemoval: Bool) {
            self.id = id
            self.isRemoval = isRemoval
        }
    }

    /// How many of the last notes are kept (between `kept` and twice as many).
    @inlinable
    static var kept: Int { 64 }

    /// The lineage this value is on; shared with copies until one of them changes.
    @usableFromInline var lineage: IdentifiedArrayLineage
    /// The array as it is.
    @usableFromInline private(set) var mark: Mark
    /// Where this lineage and the ones before it branched off earlier lineages, oldest first:
    /// a mark of an earlier lineage at or before its branch step is a point of this history.
    @usableFromInline private(set) var ancestors: [Mark] = []
    /// The step before the first of `notes`: marks before it are forgotten.
    @usableFromInline private(set) var first: UInt64
    /// The last notes, oldest first; the one at index `i` was taken at step `first + i + 1`.
    @usableFromInline private(set) var notes: [Note] = []

    /// A history with no notes, for an array made anew.
    @inlinable
    init() {
        lineage = IdentifiedArrayLineage()
        mark = Mark(lineage: lineage.serial, step: 0)
        first = 0
    }

    /// Notes that the element of `id` changed in place or was added.
    @inlinable
    mutating func noteChange(of id: ID) {
        note(Note(id: id, isRemoval: false))
    }

    /// Notes that the element of `id` was removed.
    @inlinable
    mutating func noteRemoval(of id: ID) {
        note(Note(id: id, isRemoval: true))
    }

    /// Takes a note, on a lineage of this value's own.
    ///
    /// - Complexity: O(1) amortized.
    @inlinable
    mutating func note(_ note: Note) {
        if !isKnownUniquelyReferenced(&lineage) {
            branch()
        }
        mark = Mark(lineage: mark.lineage, step: mark.step + 1)
        notes.append(note)
        if notes.count >= 2 * Self.kept {
            let dropped = notes.count - Self.kept
            notes.removeFirst(dropped)
            first += UInt64(dropped)
            ancestors.removeAll { $0.step < first }
        }
    }

    /// Leaves the lineage this value shares with a copy for one of its own, which knows the
    /// old lineage's marks up to here.
    @inlinable
    mutating func branch() {
        ancestors.append(mark)
        lineage = IdentifiedArrayLineage()
        mark = Mark(lineage: lineage.serial, step: mark.step)
    }

    /// Forgets the history: after changes too many to note one by one (removing every
    /// element), a reader with an earlier mark gets nil.
    @inlinable
    mutating func forget() {
        lineage = IdentifiedArrayLineage()
        mark = Mark(lineage: lineage.serial, step: mark.step + 1)
        first = mark.step
        ancestors = []
        notes = []
    }

    /// The notes taken since `earlier`, oldest first (an id may appear more than once); empty
    /// when nothing was touched, nil when `earlier` is not a point of this history.
    ///
    /// - Complexity: O(1): a slice of the notes kept (plus a walk of the few ancestors when
    ///   `earlier` is on an earlier lineage).
    @inlinable
    func notes(since earlier: Mark) -> ArraySlice<Note>? {
        guard earlier.step >= first, earlier.step <= mark.step else { return nil }
        guard
            earlier.lineage == mark.lineage
                || ancestors.contains(where: {
                    $0.lineage == earlier.lineage && earlier.step <= $0.step
                })
        else { return nil }
        return notes[Int(earlier.step - first)...]
    }

    /// The ids removed since `earlier`, oldest first; empty when none was, nil when `earlier`
    /// is not a point of this history (the reader must find out otherwise).
    ///
    /// - Complexity: O(k) for the k notes since `earlier`.
    @inlinable
    func removed(since earlier: Mark) -> [ID]? {
        notes(since: earlier).map { notes in notes.filter(\.isRemoval).map(\.id) }
    }
}

extension IdentifiedArray {
    /// The key path of an array's history mark, which an observer appends to the path of a
    /// collection it watches, to read the mark alone (16 bytes, no reference counted) after each
    /// action.
    @usableFromInline
    static var historyMarkPath: KeyPath<Self, IdentifiedArrayHistory<Element.ID>.Mark> {
        \.history.mark
    }
}

/// The identity of one lineage of an ``IdentifiedArrayHistory``: an object, so that a value can
/// tell whether a copy still shares it, with a serial number that no other lineage has.
@usableFromInline
final class IdentifiedArrayLineage: Sendable {
    @usableFromInline let serial: UInt64

    @inlinable
    init() {
        serial = nextLineageSerial()
    }
}

/// The source of lineage serial numbers, one after another for the whole process.
@usableFromInline
let lineageSerials = Lock<UInt64>(0)

/// A serial number no lineage has had.
@inlinable
func nextLineageSerial() -> UInt64 {
    lineageSerials.withLock { last in
        last &+= 1
        return last
    }
}

extension IdentifiedArrayHistory: Sendable where ID: Sendable {}
extension IdentifiedArrayHistory.Note: Sendable where ID: Sendable {}
