/// What the observers of an ``ObservableStore`` have read: each part with the value last seen
/// of it and the key path that stands for it in the registrar. A pure value, with no lock and no
/// registrar: the store records reads under its lock, and after each action asks
/// ``changes(in:)`` for the parts that changed, to tell the registrar of them outside the lock.
///
/// A part stays for the view's life with its key path, as a property of an `@Observable` model
/// does: when it changes, its new value becomes the one last seen and the next change is told
/// again, so a view that read a part just before a change and began observing just after is told
/// of the next. A read that saw another value than the last seen marks the part stale: it is told
/// at the next action, whatever the state.
///
/// One part per distinct thing ever read (a field, a position, an id), however many observers
/// read it; the parts of one collection are one entry, which reads the collection once.
/// ``changes(in:)`` costs a read per entry (at the field's offset, see ``FieldReader``) and an
/// `==` per part, except for the rows of an identified collection read by id, compared only when
/// the collection says an action wrote their id. A read is a hash lookup. Entries are made by
/// inlinable code where the state's types are known, with the closure that compares them:
/// compiled here for any type, a comparison would look up generic metadata for every element.
@usableFromInline
struct ObservationTable<State> {
    /// An entry, and its comparison, made where the entry's types are known: an object, so that
    /// the comparison pass walks the entries unretained (`forEachUnretained(in:_:)`; see the
    /// Performance article's decision log).
    @usableFromInline
    final class Tracked {
        @usableFromInline let entry: any TrackedEntry<State>
        @usableFromInline let compare: (State, inout [ObservedPart]) -> Void

        @inlinable
        init(
            _ entry: any TrackedEntry<State>,
            compare: @escaping (State, inout [ObservedPart]) -> Void
        ) {
            self.entry = entry
            self.compare = compare
        }
    }

    /// The entries, in an array so that a comparison pass walks them without copying a
    /// dictionary, and where each group's entry sits among them.
    @usableFromInline var entries: [Tracked] = []
    @usableFromInline var positions: [ObservedGroup: Int] = [:]
    /// The number of the last part made: each part gets the next, and keeps it.
    @usableFromInline var lastPart = 0

    @usableFromInline
    init() {}

    /// How many parts are tracked: fields, elements, and the whole state.
    @usableFromInline
    var count: Int {
        entries.reduce(0) { $0 + $1.entry.count }
    }

    /// Whether nothing is tracked.
    @usableFromInline
    var isEmpty: Bool { entries.isEmpty }

    /// The entry of `group`, made with `make` and tracked, with its comparison made here where
    /// its types are known, when there is none yet.
    @inlinable
    mutating func entry<Entry: TrackedEntry>(
        of group: ObservedGroup, make: (inout ObservationTable) -> Entry
    ) -> Entry where Entry.State == State {
        if let position = positions[group] {
            guard let entry = entries[position].entry as? Entry else {
                preconditionFailure("a part was read as two different kinds of part")
            }
            return entry
        }
        let entry = make(&self)
        positions[group] = entries.count
        entries.append(Tracked(entry) { state, parts in entry.compare(with: state, into: &parts) })
        return entry
    }

    /// A part for `key`, with a key path of its own for the registrar, made once: making one, or
    /// hashing one that carries the key, is most of what telling an observer costs (measured).
    @inlinable
    mutating func newPart(_ key: ObservedKey) -> ObservedPart {
        lastPart += 1
        return ObservedPart(key: key, path: ObservedSubject.path(ofPart: lastPart))
    }

    /// Records that the whole state was read: it counts as changed after every action.
    ///
    /// - Returns: The part's key path, for the registrar.
    @inlinable
    @discardableResult
    mutating func recordWhole() -> ObservedPart.Path {
        entry(of: .whole) { AlwaysChangedEntry(part: $0.newPart(.whole)) }.part.path
    }

    /// Records that `path` was read, for a value that is not `Equatable`: it counts as changed
    /// after every action.
    @inlinable
    @discardableResult
    mutating func recordUncomparedField(_ path: AnyKeyPath) -> ObservedPart.Path {
        entry(of: .field(path)) { AlwaysChangedEntry(part: $0.newPart(.field(path))) }.part.path
    }

    /// Records that the whole state was read and was `state`, compared with `isSame` (a scoped
    /// view's state, told only when it changes).
    @inlinable @discardableResult
    mutating func recordWhole(_ state: State, isSame: @escaping (State, State) -> Bool)
        -> ObservedPart.Path
    {
        let entry = entry(of: .whole) {
            ComputedEntry(
                read: { Compared($0, isSame: isSame) }, value: Compared(state, isSame: isSame),
                part: $0.newPart(.whole))
        }
        return entry.seen.record(Compared(state, isSame: isSame))
    }

    /// Records that `path` of the wrapped state was read and gave `value`, nil while the state
    /// is nil: a field of a row that may go.
    @inlinable @discardableResult
    mutating func recordWrappedField<Wrapped, Value: Equatable>(
        _ path: KeyPath<Wrapped, Value>, value: Value?
    ) -> ObservedPart.Path where State == Wrapped? {
        let entry = entry(of: .field(path)) {
            ComputedEntry(
                read: { $0?[keyPath: path] }, value: value, part: $0.newPart(.field(path)))
        }
        return entry.seen.record(value)
    }

    /// Records that `path` was read and gave `value`.
    @inlinable
    @discardableResult
    mutating func recordField<Value: Equatable>(_ path: KeyPath<State, Value>, value: Value)
        -> ObservedPart.Path
    {
        let entry = entry(of: .field(path)) {
            FieldEntry(FieldReader(path), value: value, part: $0.newPart(.field(path)))
        }
        return entry.record(value)
    }

    /// Records that the identified collection at `path` was read whole, at `revision`.
    ///
    /// It is not compared by value: it counts as changed when it was written (a row written,
    /// moved, added or removed), which costs O(1) to tell and keeps no copy of it (a copy would
    /// make the reducer's next change copy the whole collection first); see
    /// ``IdentifiedArrayRevision``.
    @inlinable
    @discardableResult
    mutating func recordCollection<Element: Identifiable>(
        _ path: KeyPath<State, IdentifiedArray<Element>>,
        revision: IdentifiedArrayRevision<Element.ID>
    ) -> ObservedPart.Path {
        // A field of the collection's revision, under a group and a key of the collection's own.
        let entry = entry(of: .collection(path)) {
            FieldEntry(
                FieldReader(path.appending(path: \IdentifiedArray<Element>.revision)),
                value: revision, part: $0.newPart(.field(path)))
        }
        return entry.record(revision)
    }

    /// Records that the element at `index` of the collection at `path` was read and was `value`
    /// (nil when there was no element there).
    @inlinable
    @discardableResult
    mutating func recordElement<Elements: RandomAccessCollection>(
        of path: KeyPath<State, Elements>, at index: Elements.Index, value: Elements.Element?
    ) -> ObservedPart.Path where Elements.Element: Equatable, Elements.Index: Hashable & Sendable {
        let entry = entry(of: .elements(path)) { _ in ElementsEntry(path: path) }
        return entry.record(index, value: value) { newPart(.element(path, AnyHashable(index))) }
    }

    /// Records that the element of id `id` in the identified collection at `path` was read and
    /// was `value` (nil when no element had that id).
    ///
    /// Unlike elements read by position, these are compared only when the collection says an
    /// action wrote their id (see ``IdentifiedElementsEntry``).
    @inlinable
    @discardableResult
    mutating func recordIdentified<Element: Identifiable & Equatable>(
        of path: KeyPath<State, IdentifiedArray<Element>>, id: Element.ID, value: Element?,
        revision: IdentifiedArrayRevision<Element.ID>
    ) -> ObservedPart.Path where Element.ID: Sendable {
        let entry = entry(of: .identified(path)) { _ in
            IdentifiedElementsEntry(path: path, revision: revision)
        }
        return entry.record(id, value: value) { newPart(.identified(path, AnyHashable(id))) }
    }

    /// The parts that changed in `state`, each now seen with its value there: the observers to
    /// tell.
    ///
    /// - Complexity: O(parts): a read per entry, an `==` per part (for rows read by id, per
    ///   row the action wrote).
    @inlinable
    mutating func changes(in state: State) -> [ObservedPart] {
        var changed: [ObservedPart] = []
        forEachUnretained(in: entries) { $0.compare(state, &changed) }
        return changed
    }
}

/// What an ``ObservableStore`` tells its observers changed: the identity of the key path it
/// passes to its registrar, one per part a view can read.
///
/// Sendable by hand: every key path recorded is `Sendable` (the public API asks for it), and
/// so is every index.
@usableFromInline
enum ObservedKey: Hashable, @unchecked Sendable {   // only Sendable key paths and indices go in
    /// The whole state (``ObservableStore/state``).
    case whole
    /// A field, or any key path of the state.
    case field(AnyKeyPath)
    /// An element of the collection at a key path, by its index.
    case element(AnyKeyPath, AnyHashable)
    /// An element of the identified collection at a key path, by its id.
    case identified(AnyKeyPath, AnyHashable)
}

/// A part observers read: its key, and the key path that stands for it in the registrar, made
/// once for the part (see ``ObservationTable/newPart(_:)``).
@usableFromInline
struct ObservedPart: Sendable {
    /// What the registrar is told about: a key path of ``ObservedSubject`` with the part's
    /// number.
    @usableFromInline
    typealias Path = KeyPath<ObservedSubject, Int> & Sendable

    /// What was read.
    @usableFromInline let key: ObservedKey
    /// The part's key path in the registrar.
    @usableFromInline let path: Path

    @inlinable
    init(key: ObservedKey, path: Path) {
        self.key = key
        self.path = path
    }
}

/// How the table groups parts: the whole state, a field, or the elements of one collection.
@usableFromInline
enum ObservedGroup: Hashable {
    case whole
    case field(AnyKeyPath)
    case elements(AnyKeyPath)
    case identified(AnyKeyPath)
    case collection(AnyKeyPath)
}

/// The parts of one group, which know their types.
///
/// The table calls the comparison through the closure ``ObservationTable/Tracked`` keeps, made
/// where the types are known: through the existential, a generic entry's comparison would run
/// unspecialized, looking up generic metadata for every element.
@usableFromInline
protocol TrackedEntry<State>: AnyObject {
    associatedtype State
    /// How many parts it tracks.
    var count: Int { get }
    /// Appends the parts that changed in `state`, and keeps what they are there as last seen.
    func compare(with state: State, into parts: inout [ObservedPart])
}

/// What a read recorded of a part: the value last seen, whether a read saw another one (told at
/// the next action, whatever the state), and the part.
@usableFromInline
struct Seen<Value: Equatable> {
    @usableFromInline var value: Value
    @usableFromInline var isStale = false
    @usableFromInline let part: ObservedPart

    @inlinable
    init(_ value: Value, part: ObservedPart) {
        self.value = value
        self.part = part
    }

    /// Records a read that gave `value`: another value than the last seen marks it stale.
    @inlinable
    mutating func record(_ read: Value) -> ObservedPart.Path {
        if read != value { isStale = true }
        return part.path
    }

    /// Compares `now` with the value last seen, keeping it; appends the part when it changed.
    @inlinable
    mutating func compare(with now: Value, into parts: inout [ObservedPart]) {
        if !isStale && value == now { return }
        value = now
        isStale = false
        parts.append(part)
    }
}

/// A part that counts as changed after every action: the whole state, or a field whose value
/// cannot be compared.
@usableFromInline
final class AlwaysChangedEntry<State>: TrackedEntry {
    @usableFromInline let part: ObservedPart

    @inlinable
    init(part: ObservedPart) {
        self.part = part
    }

    @usableFromInline var count: Int { 1 }

    @inlinable
    func compare(with state: State, into parts: inout [ObservedPart]) {
        parts.append(part)
    }
}

/// A field read, with the value last seen of it.
@usableFromInline
final class FieldEntry<State, Value: Equatable>: TrackedEntry {
    @usableFromInline let field: FieldReader<State, Value>
    @usableFromInline var seen: Seen<Value>

    @inlinable
    init(_ field: FieldReader<State, Value>, value: Value, part: ObservedPart) {
        self.field = field
        seen = Seen(value, part: part)
    }

    @usableFromInline var count: Int { 1 }

    @inlinable
    func record(_ value: Value) -> ObservedPart.Path {
        seen.record(value)
    }

    @inlinable
    func compare(with state: State, into parts: inout [ObservedPart]) {
        seen.compare(with: field.read(state), into: &parts)
    }
}

/// A part read through a closure, with the value last seen of it: a field of a wrapped state,
/// or a whole state compared by a given function.
@usableFromInline
final class ComputedEntry<State, Value: Equatable>: TrackedEntry {
    @usableFromInline let read: (State) -> Value
    @usableFromInline var seen: Seen<Value>

    @inlinable
    init(read: @escaping (State) -> Value, value: Value, part: ObservedPart) {
        self.read = read
        seen = Seen(value, part: part)
    }

    @usableFromInline var count: Int { 1 }

    @inlinable
    func compare(with state: State, into parts: inout [ObservedPart]) {
        seen.compare(with: read(state), into: &parts)
    }
}

/// A value compared by a given function: a state whose type does not say it is `Equatable`,
/// compared as its scoped store compares it.
@usableFromInline
struct Compared<Value>: Equatable {
    @usableFromInline let value: Value
    @usableFromInline let isSame: (Value, Value) -> Bool

    @inlinable init(_ value: Value, isSame: @escaping (Value, Value) -> Bool) {
        (self.value, self.isSame) = (value, isSame)
    }

    @inlinable static func == (lhs: Self, rhs: Self) -> Bool { lhs.isSame(lhs.value, rhs.value) }
}

/// The elements of one collection that were read by position, each with the value last seen
/// (nil for no element there).
///
/// Parts sit in an array, found by index through a dictionary: a read is O(1), a comparison
/// pass reads the collection once and walks the parts.
@usableFromInline
final class ElementsEntry<State, Elements: RandomAccessCollection>: TrackedEntry
where Elements.Element: Equatable, Elements.Index: Hashable & Sendable {
    /// A position read, and what was last seen there.
    @usableFromInline
    struct Slot {
        @usableFromInline let index: Elements.Index
        @usableFromInline var seen: Seen<Elements.Element?>

        @inlinable
        init(index: Elements.Index, seen: Seen<Elements.Element?>) {
            self.index = index
            self.seen = seen
        }
    }

    @usableFromInline let collection: FieldReader<State, Elements>
    @usableFromInline var slots: [Slot] = []
    @usableFromInline var positions: [Elements.Index: Int] = [:]

    @inlinable
    init(path: KeyPath<State, Elements>) {
        collection = FieldReader(path)
    }

    @usableFromInline var count: Int { slots.count }

    /// Records a read of the element at `index`, making its part with `newPart` the first time.
    @inlinable
    func record(
        _ index: Elements.Index, value: Elements.Element?, newPart: () -> ObservedPart
    ) -> ObservedPart.Path {
        if let position = positions[index] {
            return slots[position].seen.record(value)
        }
        let part = newPart()
        positions[index] = slots.count
        slots.append(Slot(index: index, seen: Seen(value, part: part)))
        return part.path
    }

    /// Appends the elements that changed in `state`.
    ///
    /// The elements are compared where they lie (in the slots' buffer, and in the collection's
    /// when it has contiguous storage), not copied out: a copy would retain and release what an
    /// element holds (a string's storage), which cost ten times the comparison (measured).
    ///
    /// - Complexity: O(parts): one read of the collection, an index check and an `==` per part.
    @inlinable
    func compare(with state: State, into parts: inout [ObservedPart]) {
        let elements = collection.read(state)
        let isPresent = { (index: Elements.Index) in
            index >= elements.startIndex && index < elements.endIndex
        }
        let changed =
            elements.withContiguousStorageIfAvailable { buffer in
                changedPositions(isPresent: isPresent) { seen, index in
                    seen == buffer[elements.distance(from: elements.startIndex, to: index)]
                }
            }
            ?? changedPositions(isPresent: isPresent) { seen, index in seen == elements[index] }
        for position in changed {
            let index = slots[position].index
            slots[position].seen.compare(
                with: isPresent(index) ? elements[index] : nil, into: &parts)
        }
    }

    /// The positions of the slots whose element is not the one last seen, in increasing order.
    @inlinable
    func changedPositions(
        isPresent: (Elements.Index) -> Bool,
        isSame: (borrowing Elements.Element, Elements.Index) -> Bool
    ) -> [Int] {
        var changed: [Int] = []
        slots.withUnsafeBufferPointer { slots in   // decision log: Rows compared in place
            for position in slots.indices {
                let same: Bool
                let index = slots[position].index
                switch slots[position].seen.value {
                case _ where slots[position].seen.isStale: same = false
                case .some(let seen): same = isPresent(index) && isSame(seen, index)
                case .none: same = !isPresent(index)
                }
                if !same { changed.append(position) }
            }
        }
        return changed
    }
}

/// The elements of one identified collection that were read by id, each with the value last
/// seen (nil for no element with that id), and the collection's revision when they were last
/// compared.
///
/// After an action it asks the collection which ids were written since that revision
/// (``IdentifiedArrayRevision``) and compares only those it tracks: O(1) when the collection
/// was not written, O(k) for the k ids the action wrote, however many elements are read. The
/// revision is read first, through a key path to it alone, so that an action that wrote nothing
/// costs no copy of the collection. When the revision cannot say (the collection replaced, or
/// more writes than it notes), every element read is compared, as for elements read by position.
@usableFromInline
final class IdentifiedElementsEntry<State, Element: Identifiable & Equatable>: TrackedEntry
where Element.ID: Sendable {
    @usableFromInline typealias Revision = IdentifiedArrayRevision<Element.ID>

    @usableFromInline let collection: FieldReader<State, IdentifiedArray<Element>>
    @usableFromInline let collectionRevision: FieldReader<State, Revision>
    /// The collection's revision when the parts were last compared (or the entry made).
    @usableFromInline var revision: Revision
    @usableFromInline var seen: [Element.ID: Seen<Element?>] = [:]
    /// Ids read with another value than the last seen: compared at the next action, whatever
    /// it wrote.
    @usableFromInline var stale: [Element.ID] = []

    @inlinable
    init(path: KeyPath<State, IdentifiedArray<Element>>, revision: Revision) {
        collection = FieldReader(path)
        collectionRevision = FieldReader(
            path.appending(path: \IdentifiedArray<Element>.revision))
        self.revision = revision
    }

    @usableFromInline var count: Int { seen.count }

    /// Records a read of the element of `id`, making its part with `newPart` the first time.
    @inlinable
    func record(_ id: Element.ID, value: Element?, newPart: () -> ObservedPart)
        -> ObservedPart.Path
    {
        guard let part = seen[id]?.part else {
            let part = newPart()
            seen[id] = Seen(value, part: part)
            return part.path
        }
        if seen[id]?.value != value {
            seen[id]?.isStale = true
            stale.append(id)
        }
        return part.path
    }

    /// Appends the elements that changed in `state`.
    ///
    /// - Complexity: O(1) when the collection was not written; O(k) for the k ids written;
    ///   O(parts) when its revision cannot say.
    @inlinable
    func compare(with state: State, into parts: inout [ObservedPart]) {
        let now = collectionRevision.read(state)
        if now == revision && stale.isEmpty { return }
        let elements = collection.read(state)
        if let written = now.written(since: revision) {
            for id in written {
                seen[id]?.compare(with: elements[id: id], into: &parts)
            }
            for id in stale {
                seen[id]?.compare(with: elements[id: id], into: &parts)
            }
        } else {
            for index in seen.indices {
                seen.values[index].compare(with: elements[id: seen.keys[index]], into: &parts)
            }
        }
        if !stale.isEmpty { stale = [] }
        revision = now
    }
}
