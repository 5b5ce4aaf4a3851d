extension IdentifiedArray {
    /// The ids of an ``IdentifiedArray``, in order: a collection that answers whether an id is
    /// there, and where, in O(1).
    ///
    /// ```swift
    /// if todos.ids.contains(id) { … }
    /// todos.ids == [2, 3]  // true when those are the ids, in that order
    /// ```
    public struct IDs: RandomAccessCollection, Equatable, ExpressibleByArrayLiteral,
        CustomStringConvertible
    {
        @usableFromInline let storage: IdentifiedArrayIDStorage<Element.ID>

        @inlinable
        init(storage: IdentifiedArrayIDStorage<Element.ID>) {
            self.storage = storage
        }

        /// The listed ids, which must all differ (a precondition traps otherwise): to compare
        /// with an array's.
        ///
        /// - Parameter ids: The ids, each at most once.
        @inlinable
        public init(arrayLiteral ids: Element.ID...) {
            storage = IdentifiedArrayIDStorage(ids: ids)
            precondition(
                storage.positions.count == ids.count, "IdentifiedArray.IDs: an id appears twice")
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

/// Tells a reader what was written in an ``IdentifiedArray`` since it last looked: nothing, in
/// O(1); or the ids of the elements written, added or removed, when they are few; or that it
/// cannot say.
///
/// The rule: every write of an array gives it a new token unless its token is uniquely
/// referenced (``IdentifiedArray/noteWrite(_:)``). A reader keeps the revision it saw, and so
/// the token, which is then never uniquely referenced: the first write after that, in the value
/// or any copy of it, gives that value a new token, which names the one it replaced. So:
/// - the same token, by identity, means a value not written since (an unwritten copy of what
///   the reader saw: all the values holding one token hold the same elements, as none of them
///   can be written while they share it);
/// - a token that names the reader's as the one it replaced means a value whose every write
///   since was taken while the token was unique, and noted in it: `written` holds their ids
///   (moving elements writes no id: no element changed), or nil when there were more than
///   ``kept`` or a change did not name them;
/// - any other token: the reader cannot say, and compares what it tracks.
///
/// A reader that keeps nothing costs nothing but the notes: the token, unique, is kept through
/// every write, and stops noting after ``kept`` ids.
@usableFromInline
struct IdentifiedArrayRevision<ID: Hashable>: Equatable {
    /// The identity of a revision, and the ids written while it was unique.
    // Unchecked: `written` is changed only through a uniquely referenced reference (copy on
    // write), by the one array value that holds it; a token two values share is never changed.
    @usableFromInline
    final class Token: @unchecked Sendable {
        /// The token that the array had before this one, while a reader kept it.
        @usableFromInline let previous: ObjectIdentifier?
        /// The ids written while this token was the array's, in order (an id may appear more
        /// than once); nil once more than ``kept``, or after a change that did not name them.
        @usableFromInline var written: [ID]?

        @inlinable
        init(previous: ObjectIdentifier?) {
            self.previous = previous
            written = []
        }

        /// Notes that the element of `id` was written, added or removed.
        @inlinable
        func note(_ id: ID) {
            guard written != nil else { return }
            if written!.count == IdentifiedArrayRevision.kept {
                written = nil
            } else {
                written!.append(id)
            }
        }
    }

    /// How many written ids a token notes at most.
    @inlinable
    static var kept: Int { 64 }

    @usableFromInline var token: Token

    /// The revision of a new array.
    @inlinable
    init() {
        token = Token(previous: nil)
    }

    /// The ids written since `earlier`, a revision of this array that the reader kept since:
    /// empty when nothing was written, nil when the token cannot say.
    ///
    /// - Complexity: O(1).
    @inlinable
    func written(since earlier: Self) -> [ID]? {
        if token === earlier.token { return [] }
        guard token.previous == ObjectIdentifier(earlier.token) else { return nil }
        return token.written
    }

    /// Two revisions are equal when they have the same token: the array was not written.
    @inlinable
    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.token === rhs.token
    }
}

extension IdentifiedArrayRevision: Sendable where ID: Sendable {}
