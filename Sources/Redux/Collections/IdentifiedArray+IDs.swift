import Effects

extension IdentifiedArray {
    /// The type of the elements' ids.
    public typealias ID = Element.ID

    /// The ids of an ``IdentifiedArray``, in order: a collection that answers whether an id is
    /// there, and where, in O(1).
    ///
    /// ```swift
    /// let isThere = todos.ids.contains(3)  // in O(1)
    /// let same = todos.ids == [2, 3]  // true when those are the ids, in that order
    /// ```
    ///
    /// It is where the array keeps its ids: the ids in order, each one's position, and a token
    /// that says, by its identity, that the ids did not change (see `idsMissing(from:)`).
    public struct IDs: RandomAccessCollection, Equatable, ExpressibleByArrayLiteral,
        CustomStringConvertible
    {
        /// The ids, in order.
        @usableFromInline var ids: ContiguousArray<ID>
        /// The position of each id in `ids`.
        @usableFromInline var positions: [ID: Int]
        /// Replaced on every change of ids while a reader keeps it; see ``idsMissing(from:)``.
        @usableFromInline var token: IdentifiedArrayToken

        /// No ids.
        @inlinable
        init() {
            ids = []
            positions = [:]
            token = IdentifiedArrayToken()
        }

        /// The given ids, which must all differ.
        @inlinable
        init(_ ids: some Collection<ID>) {
            self.ids = ContiguousArray(ids)
            positions = Dictionary(minimumCapacity: self.ids.count)
            token = IdentifiedArrayToken()
            reindex(from: 0)
        }

        /// The listed ids, which must all differ (a precondition traps otherwise): to compare
        /// with an array's.
        ///
        /// - Parameter ids: The ids, each at most once.
        @inlinable
        public init(arrayLiteral ids: ID...) {
            self.init(ids)
            precondition(positions.count == ids.count, "IdentifiedArray.IDs: an id appears twice")
        }

        /// The position of the first id: always 0.
        @inlinable
        public var startIndex: Int { 0 }

        /// The position after the last id: the array's count.
        @inlinable
        public var endIndex: Int { ids.count }

        /// The id at a position, which must be in `0..<count`.
        @inlinable
        public subscript(position: Int) -> ID { ids[position] }

        /// Whether `id` is one of the ids.
        ///
        /// - Complexity: O(1).
        @inlinable
        public func contains(_ id: ID) -> Bool { positions[id] != nil }

        /// The position of `id`, or nil when it is not there.
        ///
        /// - Complexity: O(1).
        @inlinable
        public func firstIndex(of id: ID) -> Int? { positions[id] }

        /// Whether two arrays have the same ids in the same order.
        ///
        /// - Complexity: O(1) when they share their token, O(n) otherwise.
        @inlinable
        public static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.token === rhs.token || lhs.ids == rhs.ids
        }

        /// The ids, written as an array's are.
        public var description: String { Array(ids).description }

        @inlinable
        mutating func reserveCapacity(_ capacity: Int) {
            ids.reserveCapacity(capacity)
            positions.reserveCapacity(capacity)
        }

        /// Appends an id that is not there.
        @inlinable
        mutating func append(_ id: ID) {
            positions[id] = ids.count
            ids.append(id)
        }

        /// Writes the position of every id from `start` on into the table.
        @inlinable
        mutating func reindex(from start: Int) {
            for position in start..<ids.count {
                positions[ids[position]] = position
            }
        }

        /// The ids here that `other` does not have, in order: what `forEach` asks of the ids it
        /// kept from before an action, about the ids after it.
        ///
        /// The rule that makes it O(1) when no id changed: a reader that keeps these ids keeps
        /// their token, which is then never uniquely referenced, so every change of ids after
        /// that, in any copy, replaces the token (``IdentifiedArray/changeIDs(writing:_:)``).
        /// The same token, by identity, therefore means the same ids. (The reverse does not
        /// hold: ids changed and changed back have a new token, and are compared.) Writing an
        /// element's other fields never touches the ids.
        ///
        /// - Complexity: O(1) with the same token; otherwise O(n) for the n ids here, with a
        ///   table lookup only for those out of step with `other` (removed or moved).
        @inlinable
        func idsMissing(from other: Self) -> [ID] {
            if token === other.token { return [] }
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
}

extension IdentifiedArray.IDs: Sendable where Element.ID: Sendable {}

/// An identity with no state: an ``IdentifiedArray`` replaces one of its tokens when it changes
/// while a reader keeps that token, so the same token means no change (see
/// ``IdentifiedArray/IDs/idsMissing(from:)`` and ``IdentifiedArrayRevision``).
@usableFromInline
final class IdentifiedArrayToken: Sendable {
    /// A number no other token in the process has had, so that a value may name the token it
    /// came from without keeping it alive (an object's address can be reused).
    @usableFromInline let serial: UInt64

    @inlinable
    init() {
        serial = identifiedArrayTokenSerials.withLock { last in
            last += 1
            return last
        }
    }
}

/// The last serial number given to an ``IdentifiedArrayToken``: behind the package's lock, as
/// `Atomic` begins with macOS 15 / iOS 18.
@usableFromInline
let identifiedArrayTokenSerials = Lock<UInt64>(0)

/// Tells a reader what was written in an ``IdentifiedArray`` since it last looked: nothing, in
/// O(1); or the ids of the elements written, added or removed, when they are few; or that it
/// cannot say.
///
/// The rule: every write of an array gives it a new token unless its token is uniquely
/// referenced (``IdentifiedArray/noteWrite(_:)``). A reader keeps the revision it saw, and so
/// the token, which is then never uniquely referenced: the first write after that, in the value
/// or any copy of it, gives that value a new token, and the serial number of the one it
/// replaced (a number, not the object: a chain of tokens would never be freed, and an address
/// can be reused). So:
/// - the same token, by identity, means a value not written since (an unwritten copy of what
///   the reader saw: all the values holding one token hold the same elements and notes, as none
///   of them can be written while they share it);
/// - a revision that names the reader's token as the one it replaced means a value whose every
///   write since was taken while its token was unique, and noted: `written` holds their ids
///   (moving elements writes no id: no element changed), or nil when there were more than
///   ``kept`` or a change did not name them;
/// - any other token: the reader cannot say, and compares what it tracks.
///
/// A reader that keeps nothing costs nothing but the notes: the token, unique, is kept through
/// every write, and stops noting after ``kept`` ids.
@usableFromInline
struct IdentifiedArrayRevision<ID: Hashable>: Equatable {
    /// The token of this revision.
    @usableFromInline var token: IdentifiedArrayToken
    /// The serial number of the token the array had before this one, while a reader kept it.
    @usableFromInline var previous: UInt64?
    /// The ids written while `token` was the array's, in order (an id may appear more than
    /// once); nil once more than ``kept``, or after a change that did not name them.
    @usableFromInline var written: [ID]?

    /// How many written ids a revision notes at most.
    @inlinable
    static var kept: Int { 64 }

    /// The revision of a new array.
    @inlinable
    init() {
        token = IdentifiedArrayToken()
        previous = nil
        written = []
    }

    /// Starts a revision after this one, whose token a reader keeps.
    @inlinable
    mutating func advance() {
        previous = token.serial
        token = IdentifiedArrayToken()
        written = []
    }

    /// Notes that the element of `id` was written, added or removed.
    @inlinable
    mutating func note(_ id: ID) {
        guard written != nil else { return }
        if written!.count == Self.kept {
            written = nil
        } else {
            written!.append(id)
        }
    }

    /// The ids written since `earlier`, a revision of this array that the reader kept since:
    /// empty when nothing was written, nil when this revision cannot say.
    ///
    /// - Complexity: O(1).
    @inlinable
    func written(since earlier: Self) -> [ID]? {
        if token === earlier.token { return [] }
        guard previous == earlier.token.serial else { return nil }
        return written
    }

    /// Two revisions are equal when they have the same token: the array was not written.
    @inlinable
    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.token === rhs.token
    }
}

extension IdentifiedArrayRevision: Sendable where ID: Sendable {}
