/// What the observers of an ``ObservableStore`` have read: each part with what reads it from the
/// state, the value last seen of it, and the key path that stands for it in the registrar. After
/// an action the store asks ``changes(in:)`` for the parts that changed, and tells the registrar
/// of them outside its lock.
///
/// A pure value, with no lock and no registrar. Every part has one shape, as a property of an
/// `@Observable` model has, and stays for the view's life with its key path: when it changes,
/// its new value becomes the one last seen and the next change is told again. So a view that
/// read a part just before a change, and began observing just after (Observation installs an
/// observer once the body has returned), is told of the next change. A read that saw another
/// value than the last seen (a state not compared yet) marks the part stale: it is told at the
/// next action, whatever the state.
///
/// Parts are grouped by what they are read from (a field, a collection), one entry per group:
/// the group's container is read once per action, then each part compared with `==`. One part
/// per distinct thing ever read (a field, a position, an id), however many observers read it;
/// ``changes(in:)`` costs one read per entry and one `==` per part, except for the rows of an
/// ``IdentifiedArray`` read by id or whole, skipped in O(1) while the array was not written.
/// A read is a hash lookup.
///
/// Entries are made by inlinable code, where the state's types are known (the
/// ``ObservableStore`` reads a view calls), with the closure that compares them: compiled here
/// for any type, a comparison would look up generic metadata for every part.
@usableFromInline
struct ObservationTable<State> {
    /// An entry, with its comparison and its count made where its types are known.
    @usableFromInline
    struct Tracked {
        @usableFromInline let entry: AnyObject
        @usableFromInline let compare: (State, inout [ObservedPart]) -> Void
        @usableFromInline let count: () -> Int

        @inlinable
        init<Container, Key, Value>(_ entry: ObservedEntry<State, Container, Key, Value>) {
            self.entry = entry
            compare = { entry.compare(with: $0, into: &$1) }
            count = { entry.seen.count }
        }
    }

    @usableFromInline var entries: [Tracked] = []
    @usableFromInline var positions: [ObservedKey: Int] = [:]
    /// The number of the last part made: each part gets the next, and keeps it.
    @usableFromInline var lastPart = 0

    @usableFromInline init() {}

    /// How many parts are tracked.
    @usableFromInline var count: Int { entries.reduce(0) { $0 + $1.count() } }

    /// Whether nothing is tracked.
    @usableFromInline var isEmpty: Bool { entries.isEmpty }

    /// Records that the part `key` of the group `group` was read and gave `value`, making the
    /// group's entry with `make` the first time.
    ///
    /// - Returns: The part's key path, for the registrar.
    @inlinable
    mutating func record<Container, Key, Value>(
        _ group: ObservedKey, _ key: Key, value: Value, part: @autoclosure () -> ObservedKey,
        make: () -> ObservedEntry<State, Container, Key, Value>
    ) -> ObservedPart.Path {
        let entry: ObservedEntry<State, Container, Key, Value>
        if let position = positions[group] {
            guard
                let found = entries[position].entry as? ObservedEntry<State, Container, Key, Value>
            else { preconditionFailure("a part was read as two different kinds of part") }
            entry = found
        } else {
            entry = make()
            positions[group] = entries.count
            entries.append(Tracked(entry))
        }
        return entry.record(key, value: value) {
            lastPart += 1
            return ObservedPart(key: part(), path: ObservedSubject.path(ofPart: lastPart))
        }
    }

    /// Records that the whole state was read, when it cannot be compared: it counts as changed
    /// after every action.
    @inlinable @discardableResult
    mutating func recordWhole() -> ObservedPart.Path {
        record(.whole, 0, value: Unequal(), part: .whole) {
            ObservedEntry(container: { _ in () }, read: { _, _ in Unequal() })
        }
    }

    /// Records that the whole state was read and was `state`, compared with `isSame`.
    @inlinable @discardableResult
    mutating func recordWhole(_ state: State, isSame: @escaping (State, State) -> Bool)
        -> ObservedPart.Path
    {
        record(.whole, 0, value: Compared(state, isSame: isSame), part: .whole) {
            ObservedEntry(container: { $0 }, read: { state, _ in Compared(state, isSame: isSame) })
        }
    }

    /// Records that `path` was read, for a value that is not `Equatable`: it counts as changed
    /// after every action.
    @inlinable @discardableResult
    mutating func recordUncomparedField(_ path: AnyKeyPath) -> ObservedPart.Path {
        record(.field(path), 0, value: Unequal(), part: .field(path)) {
            ObservedEntry(container: { _ in () }, read: { _, _ in Unequal() })
        }
    }

    /// Records that `path` was read and gave `value`.
    @inlinable @discardableResult
    mutating func recordField<Value: Equatable>(_ path: KeyPath<State, Value>, value: Value)
        -> ObservedPart.Path
    {
        record(.field(path), 0, value: value, part: .field(path)) {
            ObservedEntry(container: { $0[keyPath: path] }, read: { value, _ in value })
        }
    }

    /// Records that `path` of the wrapped value was read and gave `value` (nil while the state
    /// is nil): a field of a row that may go.
    @inlinable @discardableResult
    mutating func recordWrappedField<Wrapped, Value: Equatable>(
        _ path: KeyPath<Wrapped, Value>, value: Value?
    ) -> ObservedPart.Path where State == Wrapped? {
        record(.field(path), 0, value: value, part: .field(path)) {
            ObservedEntry(container: { $0 }, read: { state, _ in state?[keyPath: path] })
        }
    }

    /// Records that the identified collection at `path` was read whole, at `revision`: it counts
    /// as changed when it was written, told in O(1), with no copy of it kept (a copy would make
    /// the reducer's next change copy all of it).
    @inlinable @discardableResult
    mutating func recordCollection<Element: Identifiable>(
        _ path: KeyPath<State, IdentifiedArray<Element>>, revision: IdentifiedArrayToken
    ) -> ObservedPart.Path {
        record(.collection(path), 0, value: revision, part: .field(path)) {
            ObservedEntry(
                container: { $0[keyPath: path].revision }, read: { revision, _ in revision })
        }
    }

    /// Records that the element at `index` of the collection at `path` was read and was `value`
    /// (nil when there was none).
    @inlinable @discardableResult
    mutating func recordElement<Elements: RandomAccessCollection>(
        of path: KeyPath<State, Elements>, at index: Elements.Index, value: Elements.Element?
    ) -> ObservedPart.Path where Elements.Element: Equatable, Elements.Index: Hashable & Sendable {
        record(.elements(path), index, value: value, part: .element(path, AnyHashable(index))) {
            ObservedEntry(container: { $0[keyPath: path] }) { elements, index in
                index >= elements.startIndex && index < elements.endIndex ? elements[index] : nil
            }
        }
    }

    /// Records that the element of id `id` in the identified collection at `path`, at
    /// `revision`, was read and was `value` (nil when no element had that id). The rows read by
    /// id are compared only after an action that wrote the collection.
    @inlinable @discardableResult
    mutating func recordIdentified<Element: Identifiable & Equatable>(
        of path: KeyPath<State, IdentifiedArray<Element>>, id: Element.ID, value: Element?,
        revision: IdentifiedArrayToken
    ) -> ObservedPart.Path where Element.ID: Sendable {
        record(.rowsByID(path), id, value: value, part: .identified(path, AnyHashable(id))) {
            ObservedEntry(
                container: { $0[keyPath: path] }, read: { elements, id in elements[id: id] },
                revision: (revision, { $0.revision }))
        }
    }

    /// The parts that changed in `state`, each now seen with its value there: the observers to
    /// tell.
    @inlinable
    mutating func changes(in state: State) -> [ObservedPart] {
        var changed: [ObservedPart] = []
        for tracked in entries { tracked.compare(state, &changed) }
        return changed
    }
}

/// What an ``ObservableStore`` tells its observers changed, and how the table groups the parts.
///
/// Sendable by hand: every key path recorded is `Sendable` (the public API asks for it), and
/// so is every index and id.
@usableFromInline
enum ObservedKey: Hashable, @unchecked Sendable {   // only Sendable key paths and indices go in
    /// The whole state (``ObservableStore/state``).
    case whole
    /// A field, or any key path of the state.
    case field(AnyKeyPath)
    /// The group of the elements read by position of the collection at a key path, and one of
    /// them by its index.
    case elements(AnyKeyPath)
    case element(AnyKeyPath, AnyHashable)
    /// The group of the elements read by id of the identified collection at a key path, and one
    /// of them by its id.
    case rowsByID(AnyKeyPath)
    case identified(AnyKeyPath, AnyHashable)
    /// The group of an identified collection read whole.
    case collection(AnyKeyPath)
}

/// A part observers read: its key, and the key path that stands for it in the registrar, made
/// once for the part.
@usableFromInline
struct ObservedPart: Sendable {
    /// A key path of ``ObservedSubject`` with the part's number.
    @usableFromInline typealias Path = KeyPath<ObservedSubject, Int> & Sendable

    @usableFromInline let key: ObservedKey
    @usableFromInline let path: Path

    @inlinable init(key: ObservedKey, path: Path) { (self.key, self.path) = (key, path) }
}

/// The one kind of entry: the parts read from one container of the state (a field, a
/// collection), each with its key in the container, the value last seen, and its part.
///
/// With a `revision` (an identified array's), the parts are compared only after an action that
/// wrote the container or a read that saw another value: the revision kept here makes the array
/// take a new one at its next write.
@usableFromInline
final class ObservedEntry<State, Container, Key: Hashable, Value: Equatable> {
    @usableFromInline let container: (State) -> Container
    @usableFromInline let read: (Container, Key) -> Value
    @usableFromInline let revision: ((Container) -> IdentifiedArrayToken)?
    @usableFromInline var lastRevision: IdentifiedArrayToken?
    @usableFromInline var keys: [Key] = []
    @usableFromInline var seen: [Seen<Value>] = []
    @usableFromInline var positions: [Key: Int] = [:]
    /// Whether a read saw another value than the one last seen of its part.
    @usableFromInline var hasStale = false

    @inlinable
    init(
        container: @escaping (State) -> Container, read: @escaping (Container, Key) -> Value,
        revision: (IdentifiedArrayToken, (Container) -> IdentifiedArrayToken)? = nil
    ) {
        self.container = container
        self.read = read
        self.revision = revision?.1
        lastRevision = revision?.0
    }

    /// Records a read of the part `key`, made with `newPart` the first time.
    @inlinable
    func record(_ key: Key, value: Value, newPart: () -> ObservedPart) -> ObservedPart.Path {
        if let position = positions[key] {
            if seen[position].value != value {
                seen[position].isStale = true
                hasStale = true
            }
            return seen[position].part.path
        }
        let part = newPart()
        positions[key] = seen.count
        keys.append(key)
        seen.append(Seen(value, part: part))
        return part.path
    }

    /// Appends the parts that changed in `state`, keeping their values there as the last seen.
    @inlinable
    func compare(with state: State, into parts: inout [ObservedPart]) {
        let container = container(state)
        if let revision {
            let now = revision(container)
            if now === lastRevision && !hasStale { return }
            lastRevision = now
        }
        hasStale = false
        for position in seen.indices {
            seen[position].compare(with: read(container, keys[position]), into: &parts)
        }
    }
}

/// What a read recorded of a part: the value last seen, whether a read saw another one, and the
/// part.
@usableFromInline
struct Seen<Value: Equatable> {
    @usableFromInline var value: Value
    @usableFromInline var isStale = false
    @usableFromInline let part: ObservedPart

    @inlinable init(_ value: Value, part: ObservedPart) { (self.value, self.part) = (value, part) }

    /// Compares `now` with the value last seen, keeping it; appends the part when it changed.
    @inlinable
    mutating func compare(with now: Value, into parts: inout [ObservedPart]) {
        if !isStale && value == now { return }
        value = now
        isStale = false
        parts.append(part)
    }
}

/// The value of a part that counts as changed after every action.
@usableFromInline
struct Unequal: Equatable {
    @inlinable init() {}
    @inlinable static func == (lhs: Self, rhs: Self) -> Bool { false }
}

/// A value compared by a given function, for a state that is compared although its type does
/// not say it is `Equatable` (a scoped store's).
@usableFromInline
struct Compared<Value>: Equatable {
    @usableFromInline let value: Value
    @usableFromInline let isSame: (Value, Value) -> Bool

    @inlinable init(_ value: Value, isSame: @escaping (Value, Value) -> Bool) {
        (self.value, self.isSame) = (value, isSame)
    }

    @inlinable static func == (lhs: Self, rhs: Self) -> Bool { lhs.isSame(lhs.value, rhs.value) }
}
