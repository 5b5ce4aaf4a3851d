extension IdentifiedArray {
    /// The ids of an ``IdentifiedArray``, in order: a collection that answers whether an id is
    /// there, and where, in O(1).
    ///
    /// ```swift
    /// if todos.ids.contains(id) { … }
    /// ```
    public struct IDs: RandomAccessCollection, Equatable, CustomStringConvertible {
        @usableFromInline let storage: IdentifiedArrayIDStorage<Element.ID>

        @inlinable
        init(storage: IdentifiedArrayIDStorage<Element.ID>) {
            self.storage = storage
        }

        /// The position of the first id: always 0.
        @inlinable
        public var startIndex: Int { 0 }

        /// The position after the last id: the array's count.
        @inlinable
        public var endIndex: Int { storage.ids.count }

        /// The id at a position, which must be in `0..<count`.
        @inlinable
        public subscript(position: Int) -> Element.ID { storage.ids[position] }

        /// Whether `id` is one of the ids.
        ///
        /// - Complexity: O(1).
        @inlinable
        public func contains(_ id: Element.ID) -> Bool { storage.positions[id] != nil }

        /// The position of `id`, or nil when it is not there.
        ///
        /// - Complexity: O(1).
        @inlinable
        public func firstIndex(of id: Element.ID) -> Int? { storage.positions[id] }

        /// Whether two arrays have the same ids in the same order.
        ///
        /// - Complexity: O(1) when they share their ids' storage, O(n) otherwise.
        @inlinable
        public static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.storage === rhs.storage || lhs.storage.ids == rhs.storage.ids
        }

        /// The ids, written as an array's are.
        public var description: String { Array(storage.ids).description }
    }
}

extension IdentifiedArray.IDs: Sendable where Element.ID: Sendable {}

/// The ids of an ``IdentifiedArray`` in order, and the position of each: shared by copies of
/// the array, copied on write.
///
/// The rule that lets a reader tell in O(1) that no id changed: a reader that keeps the storage
/// of an earlier value (`forEach` keeps the one the previous action left) keeps it from being
/// uniquely referenced, so every change of ids after that, in any copy, makes a new storage
/// (``IdentifiedArray/changeIDs(_:)``) and never changes this one. The same storage, by
/// identity, therefore means the same ids. (The reverse does not hold: ids changed and changed
/// back are a new storage with the same ids, which the reader compares.) Writing an element's
/// other fields never touches it.
///
/// Size: one id and one table entry per element.
// Unchecked: it is changed only through a uniquely referenced reference (copy-on-write, as an
// Array's buffer), by the one array value that owns it; a storage two values share is never
// changed, so reading it from several threads is safe.
@usableFromInline
final class IdentifiedArrayIDStorage<ID: Hashable>: @unchecked Sendable {
    /// The ids, in order.
    @usableFromInline var ids: ContiguousArray<ID>
    /// The position of each id in `ids`.
    @usableFromInline var positions: [ID: Int]

    @inlinable
    init() {
        ids = []
        positions = [:]
    }

    /// A storage of `ids`, which must all differ.
    @inlinable
    init(ids: some Collection<ID>) {
        self.ids = ContiguousArray(ids)
        positions = Dictionary(minimumCapacity: self.ids.count)
        reindex(from: 0)
    }

    @inlinable
    init(ids: ContiguousArray<ID>, positions: [ID: Int]) {
        self.ids = ids
        self.positions = positions
    }

    /// A storage of its own with the same ids.
    @inlinable
    func copy() -> IdentifiedArrayIDStorage {
        IdentifiedArrayIDStorage(ids: ids, positions: positions)
    }

    @inlinable
    func reserveCapacity(_ capacity: Int) {
        ids.reserveCapacity(capacity)
        positions.reserveCapacity(capacity)
    }

    /// Appends an id that is not there.
    @inlinable
    func append(_ id: ID) {
        positions[id] = ids.count
        ids.append(id)
    }

    /// Writes the position of every id from `start` on into the table.
    @inlinable
    func reindex(from start: Int) {
        for position in start..<ids.count {
            positions[ids[position]] = position
        }
    }

    /// The ids of `self` that `other` does not have, in order.
    ///
    /// - Complexity: O(1) when they are the same storage; otherwise O(n) for the n ids of
    ///   `self`, with a table lookup only for those out of step with `other` (removed or moved).
    @inlinable
    func idsMissing(from other: IdentifiedArrayIDStorage) -> [ID] {
        if self === other { return [] }
        var missing: [ID] = []
        var next = 0   // the id of `other` expected next, while the two keep in step
        for id in ids {
            if next < other.ids.count, other.ids[next] == id {
                next += 1
            } else if other.positions[id] == nil {
                missing.append(id)
            }
        }
        return missing
    }
}

/// Tells a reader whether an ``IdentifiedArray`` was written since it last looked, in O(1): an
/// element changed, added, removed or moved.
///
/// The rule: every write of an array replaces its token with a new one unless the token is
/// uniquely referenced (``IdentifiedArray/noteWrite()``). A reader keeps the revision it saw,
/// and so the token, which is then never uniquely referenced: the first write after that, in the
/// value or any copy of it, replaces it. The same token, by identity, therefore means a value
/// not written since (an unwritten copy of what the reader saw). A reader that keeps nothing
/// costs nothing: the token, unique, is kept through every write.
@usableFromInline
struct IdentifiedArrayRevision: Equatable, Sendable {
    /// The identity of a revision; it has no state.
    @usableFromInline
    final class Token: Sendable {
        @inlinable
        init() {}
    }

    /// The token of every new array until it is written: new arrays are all empty, so the same.
    @usableFromInline
    static let unwritten = Token()

    @usableFromInline var token: Token

    @inlinable
    init() {
        token = Self.unwritten
    }

    @inlinable
    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.token === rhs.token
    }
}
