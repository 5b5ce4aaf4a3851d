/// What the observers of an ``ObservableStore`` have read: each part with the value last seen
/// of it and its key path in the registrar. The store records reads under its lock, and after
/// each action asks ``changes(in:)`` which parts to tell the registrar of, outside the lock.
///
/// A part stays for the view's life, as an `@Observable` property does; a read that saw another
/// value than the last seen marks it stale, told at the next action whatever the state. One part
/// per distinct thing ever read; the parts of one collection are one entry, which reads it once.
/// Entries are made by inlinable code where the state's types are known: compiled here for any
/// type, a comparison would look up generic metadata for every element.
@usableFromInline
struct ObservationTable<State> {
    /// An entry with its comparison, made where its types are known; an object, so that the
    /// comparison pass walks the entries unretained (the decision log's "Unretained loops").
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

    @usableFromInline var entries: [Tracked] = []
    @usableFromInline var positions: [ObservedGroup: Int] = [:]
    @usableFromInline var lastPart = 0

    @usableFromInline init() {}

    @usableFromInline
    var count: Int {
        entries.reduce(0) { $0 + $1.entry.count }
    }

    /// The entry of `group`, made with `make` the first time.
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

    /// A part for `key` with a key path of its own (as costly as telling an observer: once).
    @inlinable
    mutating func newPart(_ key: ObservedKey) -> ObservedPart {
        lastPart += 1
        return ObservedPart(key: key, path: ObservedSubject.path(ofPart: lastPart))
    }

    /// Records that the part `key`, which `read` reads from a state, was read as `value`.
    @inlinable @discardableResult
    mutating func recordPart<Value: Equatable>(
        _ key: ObservedKey, value: Value, read: @escaping (State) -> Value
    ) -> ObservedPart.Path {
        entry(of: .part(key)) { PartEntry(read: read, value: value, part: $0.newPart(key)) }
            .seen.record(value)
    }

    /// Records a read of a part that cannot be compared: it changes after every action.
    @inlinable @discardableResult
    mutating func recordUncompared(_ key: ObservedKey) -> ObservedPart.Path {
        recordPart(key, value: Unequal()) { _ in Unequal() }
    }

    @inlinable @discardableResult
    mutating func recordField<Value: Equatable>(_ path: KeyPath<State, Value>, value: Value)
        -> ObservedPart.Path
    {
        recordPart(.field(path), value: value, read: FieldReader(path).read)
    }

    /// Records that the identified collection at `path` was read whole: it changes when written,
    /// told by its revision, with no copy kept (which would make the next write copy it all).
    @inlinable @discardableResult
    mutating func recordCollection<Element: Identifiable>(
        _ path: KeyPath<State, IdentifiedArray<Element>>,
        revision: IdentifiedArrayRevision<Element.ID>
    ) -> ObservedPart.Path {
        let field = FieldReader(path.appending(path: \IdentifiedArray<Element>.revision))
        return recordPart(.collection(path), value: revision, read: field.read)
    }

    /// Records that the element at `index` of `path` was read as `value` (nil: none there).
    @inlinable @discardableResult
    mutating func recordElement<Elements: RandomAccessCollection>(
        of path: KeyPath<State, Elements>, at index: Elements.Index, value: Elements.Element?
    ) -> ObservedPart.Path where Elements.Element: Equatable, Elements.Index: Hashable & Sendable {
        let entry = entry(of: .elements(path)) { _ in ElementsEntry(path: path) }
        return entry.record(index, value: value) { newPart(.element(path, AnyHashable(index))) }
    }

    /// Records that the element of id `id` in `path` was read as `value` (nil: none had it).
    @inlinable @discardableResult
    mutating func recordIdentified<Element: Identifiable & Equatable>(
        of path: KeyPath<State, IdentifiedArray<Element>>, id: Element.ID, value: Element?,
        revision: IdentifiedArrayRevision<Element.ID>
    ) -> ObservedPart.Path where Element.ID: Sendable {
        let entry = entry(of: .identified(path)) { _ in
            IdentifiedElementsEntry(path: path, revision: revision)
        }
        return entry.record(id, value: value) { newPart(.identified(path, AnyHashable(id))) }
    }

    /// The parts that changed in `state`, each now seen with its value there.
    @inlinable
    mutating func changes(in state: State) -> [ObservedPart] {
        var changed: [ObservedPart] = []
        forEachUnretained(in: entries) { $0.compare(state, &changed) }
        return changed
    }
}

/// The identity of a part a view can read.
@usableFromInline
enum ObservedKey: Hashable, @unchecked Sendable {   // only Sendable key paths and indices go in
    case whole
    case field(AnyKeyPath)
    /// An identified collection read whole.
    case collection(AnyKeyPath)
    case element(AnyKeyPath, AnyHashable)
    case identified(AnyKeyPath, AnyHashable)
}

/// A part observers read: its key, and the key path that stands for it in the registrar.
@usableFromInline
struct ObservedPart: Sendable {
    @usableFromInline typealias Path = KeyPath<ObservedSubject, Int> & Sendable

    @usableFromInline let key: ObservedKey
    @usableFromInline let path: Path

    @inlinable
    init(key: ObservedKey, path: Path) {
        self.key = key
        self.path = path
    }
}

/// How the table groups parts into entries.
@usableFromInline
enum ObservedGroup: Hashable {
    case part(ObservedKey)
    case elements(AnyKeyPath)
    case identified(AnyKeyPath)
}

/// The parts of one group. The table calls `compare` through ``ObservationTable/Tracked``'s
/// closure: through the existential it would run unspecialized.
@usableFromInline
protocol TrackedEntry<State>: AnyObject {
    associatedtype State
    var count: Int { get }
    /// Appends the parts that changed in `state`, and keeps their values there as last seen.
    func compare(with state: State, into parts: inout [ObservedPart])
}

/// A part's value last seen, and whether a read saw another one since.
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

    @inlinable
    mutating func record(_ read: Value) -> ObservedPart.Path {
        if read != value { isStale = true }
        return part.path
    }

    @inlinable
    mutating func compare(with now: Value, into parts: inout [ObservedPart]) {
        if !isStale && value == now { return }
        value = now
        isStale = false
        parts.append(part)
    }
}

/// One part: how to read it from the state, and the value last seen of it.
@usableFromInline
final class PartEntry<State, Value: Equatable>: TrackedEntry {
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

/// A value equal to none: a part read as one counts as changed after every action.
@usableFromInline
struct Unequal: Equatable {
    @inlinable init() {}
    @inlinable static func == (lhs: Self, rhs: Self) -> Bool { false }
}

/// A value compared by a given function, as a scoped store compares its state.
@usableFromInline
struct Compared<Value>: Equatable {
    @usableFromInline let value: Value
    @usableFromInline let isSame: (Value, Value) -> Bool

    @inlinable init(_ value: Value, isSame: @escaping (Value, Value) -> Bool) {
        (self.value, self.isSame) = (value, isSame)
    }

    @inlinable static func == (lhs: Self, rhs: Self) -> Bool { lhs.isSame(lhs.value, rhs.value) }
}

/// The elements of one collection read by position, each with the value last seen (nil for no
/// element there). A read is a hash lookup; a comparison pass reads the collection once.
@usableFromInline
final class ElementsEntry<State, Elements: RandomAccessCollection>: TrackedEntry
where Elements.Element: Equatable, Elements.Index: Hashable & Sendable {
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

    /// Compares the elements where they lie, not copied out: a copy would retain and release
    /// what an element holds (the decision log's "Rows compared in place").
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

/// The elements of one identified collection read by id, each with the value last seen (nil
/// for none), and the collection's revision when last compared. After an action it compares
/// only the ids written since (``IdentifiedArrayRevision``), all when the revision cannot say;
/// the revision is read alone first, so that an action that wrote nothing copies nothing.
@usableFromInline
final class IdentifiedElementsEntry<State, Element: Identifiable & Equatable>: TrackedEntry
where Element.ID: Sendable {
    @usableFromInline typealias Revision = IdentifiedArrayRevision<Element.ID>

    @usableFromInline let collection: FieldReader<State, IdentifiedArray<Element>>
    @usableFromInline let collectionRevision: FieldReader<State, Revision>
    @usableFromInline var revision: Revision
    @usableFromInline var seen: [Element.ID: Seen<Element?>] = [:]
    /// Ids read with another value than the last seen: compared at the next action.
    @usableFromInline var stale: [Element.ID] = []

    @inlinable
    init(path: KeyPath<State, IdentifiedArray<Element>>, revision: Revision) {
        collection = FieldReader(path)
        collectionRevision = FieldReader(
            path.appending(path: \IdentifiedArray<Element>.revision))
        self.revision = revision
    }

    @usableFromInline var count: Int { seen.count }

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

    @inlinable
    func compare(with state: State, into parts: inout [ObservedPart]) {
        let now = collectionRevision.read(state)
        if now == revision && stale.isEmpty { return }
        let elements = collection.read(state)
        if let written = now.written(since: revision) {
            for id in written { seen[id]?.compare(with: elements[id: id], into: &parts) }
            for id in stale { seen[id]?.compare(with: elements[id: id], into: &parts) }
        } else {
            for index in seen.indices {
                seen.values[index].compare(with: elements[id: seen.keys[index]], into: &parts)
            }
        }
        if !stale.isEmpty { stale = [] }
        revision = now
    }
}
