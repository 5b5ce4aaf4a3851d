/// What the observers of an ``ObservableStore`` have read since they were last told of a change,
/// with the value each read: after an action, the store compares only these, and tells only the
/// observers of what changed.
///
/// A pure value: no lock, no registrar. ``ObservableStore`` keeps it behind its lock, records a
/// read with ``recordField(_:value:)``, ``recordElement(of:at:value:)`` or ``recordWhole()``, and
/// after each action calls ``changes(in:)``, which drops the parts that changed and returns their
/// parts for the store to notify, outside the lock.
///
/// Size and cost: one entry per distinct field key path read, one per collection whose elements
/// are read, and inside it one slot per position read. So the table holds at
/// most one part per distinct thing read, however many observers read it: 1,000 views each
/// reading one row of a 1,000-row list make one collection entry of 1,000 slots. ``changes(in:)``
/// costs one read per entry (a load at the field's offset for a key path of stored properties,
/// see ``FieldReader``; a key path projection otherwise) and one `==` per part, O(parts); an
/// element slot costs an index check and an `==`, a few nanoseconds. Recording a read is O(1)
/// (a hash lookup).
///
/// When a part is dropped: when it changed (its observers are told, and Observation forgets an
/// observer once told), or when it was not read again during ``expiryRounds`` rounds (actions
/// after which some part changed). The second rule is for parts whose observers went away: an
/// observer that was told of another part's change is forgotten by Observation for all the parts
/// it read, and nothing says whether anyone else still observes those. A part that has outlived
/// the rule is dropped and its key returned as if it had changed: an observer still there is told
/// once, reads again and is tracked again; one that is gone costs nothing more. Only rounds count,
/// so actions that change nothing read never drop a part: only a change can leave a part without
/// observers.
///
/// The comparisons are specialized for the state's types: a part is recorded by inlinable code,
/// compiled where the state's types are known (the ``ObservableStore`` subscripts a view calls),
/// which also makes the closure ``changes(in:)`` calls for its entry. Compiled here, for any
/// type, a comparison would look up generic metadata for every element (about 400 ns each,
/// measured); specialized it is an index check and an `==`.
@usableFromInline
struct ObservationTable<State> {
    /// How many rounds a part may go without being read before it is dropped.
    @inlinable
    static var expiryRounds: UInt64 { 4_096 }

    /// An entry, and its comparison, made where the entry's types are known.
    ///
    /// An object, so that the comparison pass walks the entries unretained
    /// (`forEachUnretained(in:_:)`, as the store walks its middlewares): read out of an array as
    /// values, each entry's closure was retained and released around its call, two atomic
    /// operations per entry, most of what three field views added to an action that changed
    /// nothing they read (measured: 178 → 128 ns, the action alone 114 ns).
    @usableFromInline
    final class Tracked {
        @usableFromInline let group: ObservedGroup
        @usableFromInline let entry: any TrackedEntry<State>
        @usableFromInline let removeChanged: (State, inout [ObservedPart]) -> Bool

        @inlinable
        init(
            _ group: ObservedGroup, _ entry: any TrackedEntry<State>,
            removeChanged: @escaping (State, inout [ObservedPart]) -> Bool
        ) {
            self.group = group
            self.entry = entry
            self.removeChanged = removeChanged
        }
    }

    /// The entries, in an array so that a comparison pass walks them without copying a
    /// dictionary's keys and values, and where each one's group sits among them.
    @usableFromInline var entries: [Tracked] = []
    @usableFromInline var positions: [ObservedGroup: Int] = [:]
    /// How many actions have changed something read (the clock of ``expiryRounds``).
    @usableFromInline var round: UInt64 = 0
    /// The number of the last part made: each part tracked gets the next.
    @usableFromInline var lastPart = 0
    /// Key paths of parts that were dropped, for new parts to use again: making one costs
    /// about as much as telling an observer (measured), and a view that is told reads again
    /// at once. A dropped part has no observer left (Observation forgets an observer once
    /// told), so the part that takes its key path over tells nobody else; at worst, a view
    /// that reads it while the old part's observers are being told is told once too often.
    /// As many as parts were tracked at once, at most.
    @usableFromInline var sparePaths: [ObservedPart.Path] = []

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

    /// The entry of `group`, if it is tracked.
    @inlinable
    func trackedEntry(of group: ObservedGroup) -> (any TrackedEntry<State>)? {
        positions[group].map { entries[$0].entry }
    }

    /// Starts tracking `entry` for `group`, with its comparison made here, where its types are
    /// known (specialized for them when the caller is); in place of the entry at `position`
    /// when one is given.
    @inlinable
    mutating func track<Entry: TrackedEntry>(
        _ entry: Entry, as group: ObservedGroup, at position: Int? = nil
    ) where Entry.State == State {
        let tracked = Tracked(group, entry) { state, parts in
            entry.removeChanged(in: state, into: &parts)
        }
        if let position {
            entries[position] = tracked
        } else {
            positions[group] = entries.count
            entries.append(tracked)
        }
    }

    /// Stops tracking the entry at `position`, moving the last entry there.
    @inlinable
    mutating func remove(at position: Int) {
        positions[entries[position].group] = nil
        let last = entries.removeLast()
        if position < entries.count {
            entries[position] = last
            positions[last.group] = position
        }
    }

    /// A part for `key`, with a key path of its own for the registrar.
    ///
    /// The key path is made once, here, and kept with the part: making one, or hashing one
    /// that carries the key, is most of what telling an observer costs (measured).
    @inlinable
    mutating func newPart(_ key: ObservedKey) -> ObservedPart {
        if let path = sparePaths.popLast() {
            return ObservedPart(key: key, path: path)
        }
        lastPart += 1
        return ObservedPart(key: key, path: ObservedSubject.path(ofPart: lastPart))
    }

    /// Records that the whole state was read: it counts as changed after every action.
    ///
    /// - Returns: The part's key path, for the registrar.
    @inlinable
    @discardableResult
    mutating func recordWhole() -> ObservedPart.Path {
        recordAlwaysChanged(group: .whole, key: .whole)
    }

    /// Records a part that counts as changed after every action.
    @inlinable
    @discardableResult
    mutating func recordAlwaysChanged(group: ObservedGroup, key: ObservedKey) -> ObservedPart.Path {
        if let entry = trackedEntry(of: group) as? AlwaysChangedEntry<State> {
            return entry.part.path
        }
        let entry = AlwaysChangedEntry<State>(part: newPart(key))
        track(entry, as: group)
        return entry.part.path
    }

    /// Records that `path` was read and gave `value`.
    ///
    /// When the part is tracked already with another value (a read that saw a state the table
    /// has not been told of yet), it is marked changed, so that the next action tells every
    /// observer of it.
    @inlinable
    @discardableResult
    mutating func recordField<Value: Equatable>(_ path: KeyPath<State, Value>, value: Value)
        -> ObservedPart.Path
    {
        recordCompared(group: .field(path), key: .field(path), value: value) {
            FieldReader(path)
        }
    }

    /// Records that a field of the state was read and gave `value`: the part of `group`, made
    /// with the reader `field` makes when it is not tracked yet.
    ///
    /// A second read that saw another value replaces the entry with one that counts as changed
    /// at the next action, for the same part: its observers are all told then.
    @inlinable
    mutating func recordCompared<Value: Equatable>(
        group: ObservedGroup, key: ObservedKey, value: Value,
        field: () -> FieldReader<State, Value>
    ) -> ObservedPart.Path {
        guard let position = positions[group] else {
            let entry = FieldEntry(field: field(), value: value, round: round, part: newPart(key))
            track(entry, as: group)
            return entry.part.path
        }
        let tracked = entries[position].entry
        if let entry = tracked as? FieldEntry<State, Value> {
            if entry.value == value {
                entry.readRound = round
            } else {
                track(AlwaysChangedEntry<State>(part: entry.part), as: group, at: position)
            }
            return entry.part.path
        }
        guard let entry = tracked as? AlwaysChangedEntry<State> else {
            preconditionFailure("a field's part was tracked as something else than a field")
        }
        return entry.part.path
    }

    /// Records that `path` was read, for a value that is not `Equatable`: it counts as changed
    /// after every action.
    @inlinable
    @discardableResult
    mutating func recordUncomparedField(_ path: AnyKeyPath) -> ObservedPart.Path {
        recordAlwaysChanged(group: .field(path), key: .field(path))
    }

    /// Records that the element at `index` of the collection at `path` was read and was `value`
    /// (nil when there was no element there).
    @inlinable
    @discardableResult
    mutating func recordElement<Elements: RandomAccessCollection>(
        of path: KeyPath<State, Elements>, at index: Elements.Index, value: Elements.Element?
    ) -> ObservedPart.Path where Elements.Element: Equatable, Elements.Index: Hashable & Sendable {
        let group = ObservedGroup.elements(path)
        let entry: ElementsEntry<State, Elements>
        if let tracked = trackedEntry(of: group) as? ElementsEntry<State, Elements> {
            entry = tracked
        } else {
            entry = ElementsEntry<State, Elements>(path: path)
            track(entry, as: group)
        }
        return entry.record(index, value: value, round: round) {
            newPart(.element(path, AnyHashable(index)))
        }
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
        recordCompared(group: .collection(path), key: .field(path), value: revision) {
            FieldReader(path.appending(path: IdentifiedArray<Element>.revisionPath))
        }
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
        let group = ObservedGroup.identified(path)
        let entry: IdentifiedElementsEntry<State, Element>
        if let tracked = trackedEntry(of: group) as? IdentifiedElementsEntry<State, Element> {
            entry = tracked
        } else {
            entry = IdentifiedElementsEntry<State, Element>(path: path, revision: revision)
            track(entry, as: group)
        }
        return entry.record(id, value: value, round: round) {
            newPart(.identified(path, AnyHashable(id)))
        }
    }

    /// Drops every part that changed in `state`, and every part not read for ``expiryRounds``
    /// rounds when something changed, and returns them: the observers to tell.
    ///
    /// - Complexity: O(parts): a read per entry, an `==` per part.
    @inlinable
    mutating func changes(in state: State) -> [ObservedPart] {
        guard !entries.isEmpty else { return [] }
        var changed: [ObservedPart] = []
        var emptied: [Int] = []
        var position = 0
        forEachUnretained(in: entries) { tracked in
            if tracked.removeChanged(state, &changed) {
                emptied.append(position)
            }
            position += 1
        }
        guard !changed.isEmpty else { return changed }
        round += 1
        if round >= Self.expiryRounds && round % (Self.expiryRounds / 2) == 0 {
            // Every half period, so a part is kept between one and one and a half periods.
            let oldest = round - Self.expiryRounds
            for position in entries.indices
            where !emptied.contains(position)
                && entries[position].entry.removeExpired(readBefore: oldest, into: &changed)
            {
                emptied.append(position)
            }
            emptied.sort()
        }
        // Highest first, so that each removal moves an entry that is not still to be removed.
        for position in emptied.reversed() {
            remove(at: position)
        }
        for part in changed {
            sparePaths.append(part.path)
        }
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

/// A group of tracked parts that knows its types.
///
/// The table calls its comparison through the closure ``ObservationTable/Tracked`` keeps, made
/// where the types are known (``ObservationTable/track(_:as:)``): through the existential, a
/// generic entry's comparison would run unspecialized, looking up generic metadata for every
/// element (about 400 ns each, measured).
@usableFromInline
protocol TrackedEntry<State>: AnyObject {
    associatedtype State
    /// How many parts it tracks.
    var count: Int { get }
    /// Drops the parts that changed in `state`, appending them; true when none is left.
    func removeChanged(in state: State, into parts: inout [ObservedPart]) -> Bool
    /// Drops the parts last read before round `oldest`, appending them; true when none is
    /// left.
    func removeExpired(readBefore oldest: UInt64, into parts: inout [ObservedPart]) -> Bool
}

/// A part that counts as changed after every action (its comparison says so): the whole state,
/// or a field whose value cannot be compared. It never expires: it is dropped at the first
/// action after it was read.
@usableFromInline
final class AlwaysChangedEntry<State>: TrackedEntry {
    @usableFromInline let part: ObservedPart

    @inlinable
    init(part: ObservedPart) {
        self.part = part
    }

    @usableFromInline var count: Int { 1 }

    /// Changed, whatever the state: appends its part; true.
    @inlinable
    func removeChanged(in state: State, into parts: inout [ObservedPart]) -> Bool {
        parts.append(part)
        return true
    }

    @usableFromInline
    func removeExpired(readBefore oldest: UInt64, into parts: inout [ObservedPart]) -> Bool {
        false
    }
}

/// A field read, with the value its observers saw.
@usableFromInline
final class FieldEntry<State, Value: Equatable>: TrackedEntry {
    @usableFromInline let field: FieldReader<State, Value>
    /// The value the observers saw.
    ///
    /// Constant, like everything the comparison reads: a stored `var` of a class is checked for
    /// exclusive access at run time on every read (about 80 instructions, a third of a field's
    /// comparison, measured). Two reads that saw different values do not change it: the table
    /// puts an ``AlwaysChangedEntry`` of the same part in its place
    /// (``ObservationTable/recordCompared(group:key:value:field:)``).
    @usableFromInline let value: Value
    @usableFromInline var readRound: UInt64
    @usableFromInline let part: ObservedPart

    @inlinable
    init(field: FieldReader<State, Value>, value: Value, round: UInt64, part: ObservedPart) {
        self.field = field
        self.value = value
        readRound = round
        self.part = part
    }

    @usableFromInline var count: Int { 1 }

    /// Drops the field if it changed in `state`, appending its key; true when it did.
    @inlinable
    func removeChanged(in state: State, into parts: inout [ObservedPart]) -> Bool {
        if value == field.read(state) { return false }
        parts.append(part)
        return true
    }

    @usableFromInline
    func removeExpired(readBefore oldest: UInt64, into parts: inout [ObservedPart]) -> Bool {
        guard readRound < oldest else { return false }
        parts.append(part)
        return true
    }
}

/// The elements of one collection that were read, each with the value its observers saw.
///
/// Slots sit in an array, found by index through a dictionary: a read is O(1), a comparison
/// pass reads the collection once and walks the slots, a removal swaps the last slot in.
@usableFromInline
final class ElementsEntry<State, Elements: RandomAccessCollection>: TrackedEntry
where Elements.Element: Equatable, Elements.Index: Hashable & Sendable {
    @usableFromInline
    struct Slot {
        @usableFromInline let index: Elements.Index
        /// What the observers saw: an element, or none.
        @usableFromInline var value: Elements.Element?
        /// Two reads saw different values: the next action tells them all.
        @usableFromInline var isConflicted = false
        @usableFromInline var readRound: UInt64
        @usableFromInline let part: ObservedPart

        @inlinable
        init(
            index: Elements.Index, value: Elements.Element?, readRound: UInt64,
            part: ObservedPart
        ) {
            self.index = index
            self.value = value
            self.readRound = readRound
            self.part = part
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

    /// Records a read of the element at `index`, making its part with `newPart` when it is not
    /// tracked yet, and returns the part's key path.
    @inlinable
    func record(
        _ index: Elements.Index, value: Elements.Element?, round: UInt64,
        newPart: () -> ObservedPart
    ) -> ObservedPart.Path {
        if let position = positions[index] {
            slots[position].readRound = round
            if slots[position].value != value {
                slots[position].isConflicted = true
            }
            return slots[position].part.path
        }
        let part = newPart()
        positions[index] = slots.count
        slots.append(Slot(index: index, value: value, readRound: round, part: part))
        return part.path
    }

    /// Drops the elements that changed in `state`, appending them; true when none is left.
    ///
    /// The elements are compared where they lie (in the slots' buffer, and in the collection's
    /// when it has contiguous storage), not copied out: a copy would retain and release what an
    /// element holds (a string's storage), which cost ten times the comparison (measured).
    ///
    /// - Complexity: O(slots): one read of the collection, an index check and an `==` per slot.
    @inlinable
    func removeChanged(in state: State, into parts: inout [ObservedPart]) -> Bool {
        let elements = collection.read(state)
        let changed =
            elements.withContiguousStorageIfAvailable { buffer in
                changedPositions { index in
                    buffer.indices.contains(elements.distance(from: elements.startIndex, to: index))
                } isSame: { seen, index in
                    seen == buffer[elements.distance(from: elements.startIndex, to: index)]
                }
            }
            ?? changedPositions { index in
                index >= elements.startIndex && index < elements.endIndex
            } isSame: { seen, index in
                seen == elements[index]
            }
        // Highest first, so that each removal moves a slot that is not still to be removed.
        for position in changed.reversed() {
            remove(at: position, into: &parts)
        }
        return slots.isEmpty
    }

    /// The positions of the slots whose element changed, in increasing order.
    @inlinable
    func changedPositions(
        isPresent: (Elements.Index) -> Bool,
        isSame: (borrowing Elements.Element, Elements.Index) -> Bool
    ) -> [Int] {
        var changed: [Int] = []
        slots.withUnsafeBufferPointer { slots in
            for position in slots.indices {
                let same: Bool
                if slots[position].isConflicted {
                    same = false
                } else {
                    let index = slots[position].index
                    switch slots[position].value {
                    case .some(let seen): same = isPresent(index) && isSame(seen, index)
                    case .none: same = !isPresent(index)
                    }
                }
                if !same { changed.append(position) }
            }
        }
        return changed
    }

    @usableFromInline
    func removeExpired(readBefore oldest: UInt64, into parts: inout [ObservedPart]) -> Bool {
        var position = 0
        while position < slots.count {
            if slots[position].readRound < oldest {
                remove(at: position, into: &parts)
            } else {
                position += 1
            }
        }
        return slots.isEmpty
    }

    @inlinable
    func remove(at position: Int, into parts: inout [ObservedPart]) {
        let slot = slots[position]
        parts.append(slot.part)
        positions[slot.index] = nil
        let last = slots.removeLast()
        if position < slots.count {
            slots[position] = last
            positions[last.index] = position
        }
    }
}

/// The elements of one identified collection that were read by id, each with the value its
/// observers saw, and the collection's revision when they were last compared.
///
/// After an action it asks the collection which ids were written since that revision
/// (``IdentifiedArrayRevision``) and compares only those it tracks: O(1) when the collection
/// was not written, O(k) for the k ids the action wrote, however many elements are read. The
/// revision is read first, through a key path to it alone, so that an action that wrote nothing
/// costs no copy of the collection. When the revision cannot say (the collection replaced, or
/// more writes than it notes), every tracked element is compared, as for elements read by
/// position.
@usableFromInline
final class IdentifiedElementsEntry<State, Element: Identifiable & Equatable>: TrackedEntry
where Element.ID: Sendable {
    @usableFromInline
    struct Slot {
        /// What the observers saw: an element, or none.
        @usableFromInline var value: Element?
        @usableFromInline var readRound: UInt64
        @usableFromInline let part: ObservedPart

        @inlinable
        init(value: Element?, readRound: UInt64, part: ObservedPart) {
            self.value = value
            self.readRound = readRound
            self.part = part
        }
    }

    @usableFromInline let collection: FieldReader<State, IdentifiedArray<Element>>
    @usableFromInline typealias Revision = IdentifiedArrayRevision<Element.ID>

    @usableFromInline let collectionRevision: FieldReader<State, Revision>
    /// The collection's revision when the slots were last compared (or the entry made).
    @usableFromInline var revision: Revision
    @usableFromInline var slots: [Element.ID: Slot] = [:]
    /// Ids read twice with different values: the next action tells their observers, whatever
    /// it touches.
    @usableFromInline var conflicted: [Element.ID] = []

    @inlinable
    init(
        path: KeyPath<State, IdentifiedArray<Element>>,
        revision: IdentifiedArrayRevision<Element.ID>
    ) {
        collection = FieldReader(path)
        collectionRevision = FieldReader(
            path.appending(path: IdentifiedArray<Element>.revisionPath))
        self.revision = revision
    }

    @usableFromInline var count: Int { slots.count }

    /// Records a read of the element of `id`, making its part with `newPart` when it is not
    /// tracked yet, and returns the part's key path.
    @inlinable
    func record(
        _ id: Element.ID, value: Element?, round: UInt64, newPart: () -> ObservedPart
    ) -> ObservedPart.Path {
        if let slot = slots[id] {
            slots[id]!.readRound = round
            if slot.value != value { conflicted.append(id) }
            return slot.part.path
        }
        let part = newPart()
        slots[id] = Slot(value: value, readRound: round, part: part)
        return part.path
    }

    /// Drops the elements that changed in `state`, appending them; true when none is left.
    ///
    /// - Complexity: O(1) when the collection was not written; O(k) for the k ids written;
    ///   O(slots) when its revision cannot say.
    @inlinable
    func removeChanged(in state: State, into parts: inout [ObservedPart]) -> Bool {
        let now = collectionRevision.read(state)
        if now == revision && conflicted.isEmpty { return false }
        let elements = collection.read(state)
        if let written = now.written(since: revision) {
            for id in written {
                removeIfChanged(id, in: elements, into: &parts)
            }
        } else {
            for id in Array(slots.keys) {
                removeIfChanged(id, in: elements, into: &parts)
            }
        }
        for id in conflicted where slots[id] != nil {
            remove(id, into: &parts)
        }
        conflicted = []
        revision = now
        return slots.isEmpty
    }

    /// Drops the slot of `id` if there is one and its element is no longer what was seen.
    @inlinable
    func removeIfChanged(
        _ id: Element.ID, in elements: IdentifiedArray<Element>, into parts: inout [ObservedPart]
    ) {
        guard let slot = slots[id] else { return }
        if slot.value != elements[id: id] {
            remove(id, into: &parts)
        }
    }

    @inlinable
    func remove(_ id: Element.ID, into parts: inout [ObservedPart]) {
        if let slot = slots.removeValue(forKey: id) {
            parts.append(slot.part)
        }
    }

    @usableFromInline
    func removeExpired(readBefore oldest: UInt64, into parts: inout [ObservedPart]) -> Bool {
        for (id, slot) in slots where slot.readRound < oldest {
            remove(id, into: &parts)
        }
        return slots.isEmpty
    }
}
