extension IdentifiedArray {
    /// The type of the elements' ids.
    public typealias ID = Element.ID

    /// The ids of an ``IdentifiedArray``, in order, answering whether and where an id is in O(1)
    /// (`todos.ids.contains(3)`), and equal to an array literal of the same ids.
    public struct IDs: RandomAccessCollection, Equatable, ExpressibleByArrayLiteral,
        CustomStringConvertible
    {
        @usableFromInline var ids: ContiguousArray<ID>
        @usableFromInline var positions: [ID: Int]

        @inlinable init(_ ids: some Collection<ID> = [ID]()) {
            self.ids = ContiguousArray(ids)
            positions = Dictionary(minimumCapacity: self.ids.count)
            reindex(from: 0)
        }

        /// The listed ids, which must all differ: to compare with an array's.
        @inlinable public init(arrayLiteral ids: ID...) {
            self.init(ids)
            precondition(positions.count == ids.count, "IdentifiedArray.IDs: an id appears twice")
        }

        /// Always 0.
        @inlinable public var startIndex: Int { 0 }
        /// The number of ids.
        @inlinable public var endIndex: Int { ids.count }
        /// The id at a position in `0..<count`.
        @inlinable public subscript(position: Int) -> ID { ids[position] }

        /// Whether `id` is one of the ids, in O(1).
        @inlinable public func contains(_ id: ID) -> Bool { positions[id] != nil }

        /// The position of `id`, or nil, in O(1).
        @inlinable public func firstIndex(of id: ID) -> Int? { positions[id] }

        /// Whether both hold the same ids in the same order: O(1) when they share their storage.
        @inlinable public static func == (lhs: Self, rhs: Self) -> Bool { lhs.ids == rhs.ids }

        /// The ids, written as an array's are.
        public var description: String { Array(ids).description }

        /// Writes the position of every id from `start` on.
        @inlinable mutating func reindex(from start: Int) {
            for position in start..<ids.count { positions[ids[position]] = position }
        }

        /// The ids here that `other` lacks, in order: the rows whose effects `forEach` ends (a
        /// row moved, rewritten or removed and added back is not missing). O(1) when both share
        /// one storage (writing an element never touches the ids), O(n) otherwise.
        @inlinable func idsMissing(from other: Self) -> [ID] {
            if ids == other.ids { return [] }
            var missing: [ID] = []
            var next = 0   // the position in `other` expected next while both keep in step
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

/// An identity an ``IdentifiedArray`` replaces when it is written while a reader keeps it.
@usableFromInline final class IdentifiedArrayToken: Sendable {
    @inlinable init() {}
}

/// Tells an observer which ids an ``IdentifiedArray`` wrote since the revision it kept: none,
/// in O(1); the ids written, when few; or nil, when it cannot say. A reader keeps a revision,
/// and so its token: the first write after that, in the value or any copy, finds the token
/// shared and starts a successor that holds it as `previous` (no other token can take its
/// address) and notes the ids written (moves note none), up to ``kept``.
@usableFromInline
struct IdentifiedArrayRevision<ID: Hashable>: Equatable {
    @usableFromInline var token = IdentifiedArrayToken()
    @usableFromInline var previous: IdentifiedArrayToken?
    @usableFromInline var written: [ID]? = []   // nil: more than `kept`, or unnamed

    @inlinable static var kept: Int { 64 }

    @inlinable init() {}

    @inlinable mutating func advance() { (previous, token, written) = (token, .init(), []) }

    @inlinable mutating func note(_ id: ID) {
        if written?.count == Self.kept { written = nil } else { written?.append(id) }
    }

    /// The ids written since `earlier`: empty when none, nil when this revision cannot say.
    @inlinable func written(since earlier: Self) -> [ID]? {
        token === earlier.token ? [] : previous === earlier.token ? written : nil
    }

    /// Equal when nothing was written: one token.
    @inlinable static func == (lhs: Self, rhs: Self) -> Bool { lhs.token === rhs.token }
}

extension IdentifiedArrayRevision: Sendable where ID: Sendable {}
