/// What the observers of an ``ObservableStore`` have read since they were last told of a change,
/// with the value each read: after an action, the store compares only these, and tells only the
/// observers of what changed.
///
/// A pure value: no lock, no registrar. ``ObservableStore`` keeps it behind its lock, records a
/// read with ``recordField(_:value:)``, ``recordElement(of:at:value:)`` or ``recordWhole()``, and
/// after each action calls ``changes(in:)``, which drops the parts that changed and returns their
/// keys for the store to notify, outside the lock.
///
/// Size and cost: one entry per distinct field key path read, one per collection whose elements
/// are read, and inside it one slot per element read (a position or a key). So the table holds at
/// most one part per distinct thing read, however many observers read it: 1,000 views each
/// reading one row of a 1,000-row list make one collection entry of 1,000 slots. ``changes(in:)``
/// costs one key path read per entry and one `==` per part, O(parts); an element slot costs an
/// index check and an `==`, a few nanoseconds. Recording a read is O(1) (a hash lookup).
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
struct ObservationTable<State> {
    /// How many rounds a part may go without being read before it is dropped.
    static var expiryRounds: UInt64 { 4_096 }

    private var entries: [ObservedGroup: any TrackedEntry<State>] = [:]
    /// How many actions have changed something read (the clock of ``expiryRounds``).
    private(set) var round: UInt64 = 0

    init() {}

    /// How many parts are tracked: fields, elements, and the whole state.
    var count: Int {
        entries.values.reduce(0) { $0 + $1.count }
    }

    /// Whether nothing is tracked.
    var isEmpty: Bool { entries.isEmpty }

    /// Records that the whole state was read: it counts as changed after every action.
    mutating func recordWhole() {
        if entries[.whole] == nil {
            entries[.whole] = WholeEntry<State>()
        }
    }

    /// Records that `path` was read and gave `value`.
    ///
    /// When the part is tracked already with another value (a read that saw a state the table
    /// has not been told of yet), it is marked changed, so that the next action tells every
    /// observer of it.
    mutating func recordField<Value: Equatable>(_ path: KeyPath<State, Value>, value: Value) {
        let group = ObservedGroup.field(path)
        if let entry = entries[group] as? FieldEntry<State, Value> {
            entry.record(value, round: round)
        } else {
            entries[group] = FieldEntry(path: path, value: value, round: round)
        }
    }

    /// Records that `path` was read, for a value that is not `Equatable`: it counts as changed
    /// after every action.
    mutating func recordUncomparedField(_ path: AnyKeyPath) {
        let group = ObservedGroup.field(path)
        if entries[group] == nil {
            entries[group] = UncomparedEntry<State>(key: .field(path))
        }
    }

    /// Records that the element at `index` of the collection at `path` was read and was `value`
    /// (nil when there was no element there).
    mutating func recordElement<Elements: RandomAccessCollection>(
        of path: KeyPath<State, Elements>, at index: Elements.Index, value: Elements.Element?
    ) where Elements.Element: Equatable, Elements.Index: Hashable & Sendable {
        let group = ObservedGroup.elements(path)
        if let entry = entries[group] as? ElementsEntry<State, Elements> {
            entry.record(index, value: value, round: round)
        } else {
            let entry = ElementsEntry<State, Elements>(path: path)
            entry.record(index, value: value, round: round)
            entries[group] = entry
        }
    }

    /// Drops every part that changed in `state`, and every part not read for ``expiryRounds``
    /// rounds when something changed, and returns their keys: the observers to tell.
    ///
    /// - Complexity: O(parts): a key path read per entry, an `==` per part.
    mutating func changes(in state: State) -> [ObservedKey] {
        guard !entries.isEmpty else { return [] }
        var changed: [ObservedKey] = []
        var emptied: [ObservedGroup] = []
        for (group, entry) in entries {
            if entry.removeChanged(in: state, into: &changed) {
                emptied.append(group)
            }
        }
        guard !changed.isEmpty else { return changed }
        round += 1
        if round >= Self.expiryRounds && round % (Self.expiryRounds / 2) == 0 {
            // Every half period, so a part is kept between one and one and a half periods.
            let oldest = round - Self.expiryRounds
            for (group, entry) in entries
            where entry.removeExpired(readBefore: oldest, into: &changed) {
                emptied.append(group)
            }
        }
        for group in emptied {
            entries[group] = nil
        }
        return changed
    }
}

/// What an ``ObservableStore`` tells its observers changed: the identity of the key path it
/// passes to its registrar, one per part a view can read.
///
/// Sendable by hand: every key path recorded is `Sendable` (the public API asks for it), and
/// so is every index.
enum ObservedKey: Hashable, @unchecked Sendable {   // only Sendable key paths and indices go in
    /// The whole state (``ObservableStore/state``).
    case whole
    /// A field, or any key path of the state.
    case field(AnyKeyPath)
    /// An element of the collection at a key path, by its index.
    case element(AnyKeyPath, AnyHashable)
}

/// How the table groups parts: the whole state, a field, or the elements of one collection.
enum ObservedGroup: Hashable {
    case whole
    case field(AnyKeyPath)
    case elements(AnyKeyPath)
}

/// A group of tracked parts that knows its types, so its comparisons are specialized.
protocol TrackedEntry<State>: AnyObject {
    associatedtype State
    /// How many parts it tracks.
    var count: Int { get }
    /// Drops the parts that changed in `state`, appending their keys; true when none is left.
    func removeChanged(in state: State, into keys: inout [ObservedKey]) -> Bool
    /// Drops the parts last read before round `oldest`, appending their keys; true when none is
    /// left.
    func removeExpired(readBefore oldest: UInt64, into keys: inout [ObservedKey]) -> Bool
}

/// The whole state, read: changed after every action.
final class WholeEntry<State>: TrackedEntry {
    var count: Int { 1 }

    func removeChanged(in state: State, into keys: inout [ObservedKey]) -> Bool {
        keys.append(.whole)
        return true
    }

    func removeExpired(readBefore oldest: UInt64, into keys: inout [ObservedKey]) -> Bool {
        false
    }
}

/// A field whose value cannot be compared: changed after every action.
final class UncomparedEntry<State>: TrackedEntry {
    let key: ObservedKey

    init(key: ObservedKey) {
        self.key = key
    }

    var count: Int { 1 }

    func removeChanged(in state: State, into keys: inout [ObservedKey]) -> Bool {
        keys.append(key)
        return true
    }

    func removeExpired(readBefore oldest: UInt64, into keys: inout [ObservedKey]) -> Bool {
        false
    }
}

/// A field read, with the value its observers saw.
final class FieldEntry<State, Value: Equatable>: TrackedEntry {
    let path: KeyPath<State, Value>
    /// The value the observers saw; nil once two reads saw different values, so that the next
    /// action tells them all.
    private var value: Value?
    private var readRound: UInt64

    init(path: KeyPath<State, Value>, value: Value, round: UInt64) {
        self.path = path
        self.value = value
        readRound = round
    }

    var count: Int { 1 }

    func record(_ seen: Value, round: UInt64) {
        readRound = round
        if let value, value != seen {
            self.value = nil
        }
    }

    func removeChanged(in state: State, into keys: inout [ObservedKey]) -> Bool {
        if let value, value == state[keyPath: path] { return false }
        keys.append(.field(path))
        return true
    }

    func removeExpired(readBefore oldest: UInt64, into keys: inout [ObservedKey]) -> Bool {
        guard readRound < oldest else { return false }
        keys.append(.field(path))
        return true
    }
}

/// The elements of one collection that were read, each with the value its observers saw.
///
/// Slots sit in an array, found by index through a dictionary: a read is O(1), a comparison
/// pass reads the collection once and walks the slots, a removal swaps the last slot in.
final class ElementsEntry<State, Elements: RandomAccessCollection>: TrackedEntry
where Elements.Element: Equatable, Elements.Index: Hashable & Sendable {
    struct Slot {
        let index: Elements.Index
        /// What the observers saw: an element, or none (`.some(nil)`); nil once two reads saw
        /// different values.
        var value: Elements.Element??
        var readRound: UInt64
    }

    let path: KeyPath<State, Elements>
    private var slots: [Slot] = []
    private var positions: [Elements.Index: Int] = [:]

    init(path: KeyPath<State, Elements>) {
        self.path = path
    }

    var count: Int { slots.count }

    func record(_ index: Elements.Index, value: Elements.Element?, round: UInt64) {
        if let position = positions[index] {
            slots[position].readRound = round
            if let seen = slots[position].value, seen != value {
                slots[position].value = nil
            }
        } else {
            positions[index] = slots.count
            slots.append(Slot(index: index, value: .some(value), readRound: round))
        }
    }

    func removeChanged(in state: State, into keys: inout [ObservedKey]) -> Bool {
        let elements = state[keyPath: path]
        let (start, end) = (elements.startIndex, elements.endIndex)
        var position = 0
        while position < slots.count {
            let slot = slots[position]
            let now = slot.index >= start && slot.index < end ? elements[slot.index] : nil
            if let seen = slot.value, seen == now {
                position += 1
            } else {
                remove(at: position, into: &keys)
            }
        }
        return slots.isEmpty
    }

    func removeExpired(readBefore oldest: UInt64, into keys: inout [ObservedKey]) -> Bool {
        var position = 0
        while position < slots.count {
            if slots[position].readRound < oldest {
                remove(at: position, into: &keys)
            } else {
                position += 1
            }
        }
        return slots.isEmpty
    }

    private func remove(at position: Int, into keys: inout [ObservedKey]) {
        let slot = slots[position]
        keys.append(.element(path, AnyHashable(slot.index)))
        positions[slot.index] = nil
        let last = slots.removeLast()
        if position < slots.count {
            slots[position] = last
            positions[last.index] = position
        }
    }
}
