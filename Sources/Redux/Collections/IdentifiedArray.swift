/// An ordered collection of identifiable elements, each id at most once, found by id in O(1):
/// a list whose rows actions name by id, never by a position.
///
/// ```swift
/// var todos: IdentifiedArrayOf<Todo> = [Todo(id: 1, title: "Tea"), Todo(id: 2, title: "Jam")]
/// todos[id: 2]?.done = true  // updated in place, found by id
/// todos[id: 3] = Todo(id: 3, title: "Bread")  // a new id is appended
/// todos[id: 1] = nil  // nil removes
/// ```
///
/// An element's id never changes in place (a precondition traps); adding an id that is already
/// there does nothing.
public struct IdentifiedArray<Element: Identifiable>: RandomAccessCollection,
    ExpressibleByArrayLiteral
{
    /// Empty only while an access changes its element in place.
    @usableFromInline var slots: ContiguousArray<Element?>
    @usableFromInline var idStorage: IDs
    @usableFromInline var revision: IdentifiedArrayRevision<Element.ID>

    /// Makes an empty array.
    @inlinable public init() { (slots, idStorage, revision) = ([], IDs(), .init()) }

    /// Makes an array of the given elements, in order, in O(n); two elements with one id trap.
    @inlinable public init(uniqueElements elements: some Sequence<Element>) {
        self.init()
        for element in elements where !append(element).inserted {
            preconditionFailure("IdentifiedArray: the id \(element.id) appears twice")
        }
    }

    /// Makes an array of the listed elements; two with one id trap.
    @inlinable
    public init(arrayLiteral elements: Element...) { self.init(uniqueElements: elements) }

    /// The elements' ids, in order, answering `contains(_:)` and `firstIndex(of:)` in O(1).
    @inlinable public var ids: IDs { idStorage }

    /// The elements, in order, as an `Array`.
    @inlinable public var elements: [Element] { slots.map { $0! } }

    /// The element with the given id, or nil; set it to update in place (O(1)), to append a new
    /// id (O(1) amortized), or to nil to remove (O(n)).
    @inlinable public subscript(id id: Element.ID) -> Element? {
        get { idStorage.positions[id].map { slots[$0]! } }
        _modify {
            let position = idStorage.positions[id]
            var element = position.flatMap { slots[$0].take() }
            defer { settle(element, for: id, at: position) }
            yield &element
        }
    }

    /// The position of the element with the given id, or nil, in O(1).
    @inlinable public func index(id: Element.ID) -> Int? { idStorage.positions[id] }

    /// Always 0.
    @inlinable public var startIndex: Int { 0 }
    /// The number of elements.
    @inlinable public var endIndex: Int { slots.count }

    /// The element at a position in `0..<count`, in O(1); a change must keep its id (hence no
    /// `MutableCollection`: see ``swapAt(_:_:)``, ``sort(by:)`` and ``reverse()``).
    @inlinable public subscript(position: Int) -> Element {
        get { slots[position]! }
        _modify {
            var element = slots[position].take()!
            let id = element.id
            defer { settle(element, for: id, at: position) }
            yield &element
        }
    }
}

/// An ``IdentifiedArray`` of the given element type.
public typealias IdentifiedArrayOf<Element: Identifiable> = IdentifiedArray<Element>

extension IdentifiedArray: Sendable where Element: Sendable, Element.ID: Sendable {}

extension IdentifiedArray: Equatable where Element: Equatable {
    /// Whether both hold equal elements in the same order.
    @inlinable public static func == (lhs: Self, rhs: Self) -> Bool { lhs.slots == rhs.slots }
}

extension IdentifiedArray: Hashable where Element: Hashable {
    /// Hashes the elements in order.
    @inlinable public func hash(into hasher: inout Hasher) { hasher.combine(slots) }
}

extension IdentifiedArray: Encodable where Element: Encodable {
    /// Encodes the elements as a plain array.
    public func encode(to encoder: any Encoder) throws { try elements.encode(to: encoder) }
}

extension IdentifiedArray: Decodable where Element: Decodable {
    /// Decodes a plain array; an id that appears twice throws `DecodingError.dataCorrupted`.
    public init(from decoder: any Decoder) throws {
        self.init()
        for (position, element) in try [Element](from: decoder).enumerated()
        where !append(element).inserted {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath + [PositionKey(intValue: position)],
                    debugDescription: "IdentifiedArray: the id \(element.id) appears twice, at "
                        + "positions \(index(id: element.id)!) and \(position)"))
        }
    }
}

private struct PositionKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "Index \(intValue!)" }
    init(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { nil }
}

extension IdentifiedArray: CustomStringConvertible, CustomReflectable {
    /// The elements, written as an array's are.
    public var description: String { elements.description }

    /// The elements as a collection, so that `dump` and a `TestStore` show them as an array's.
    public var customMirror: Mirror {
        Mirror(self, unlabeledChildren: elements, displayStyle: .collection)
    }
}

extension IdentifiedArray {
    /// Changes the element of `id` in place, if it is there; returns whether it was.
    @inlinable mutating func modify(id: Element.ID, _ body: (inout Element) -> Void) -> Bool {
        guard let position = idStorage.positions[id] else { return false }
        noteWrite(id)
        body(&slots[position]!)
        return true
    }

    /// Puts back the element of `id` after an access: in its slot, appended, or removed.
    @inlinable mutating func settle(_ element: Element?, for id: Element.ID, at position: Int?) {
        precondition(element?.id ?? id == id, "IdentifiedArray: an element's id cannot change")
        switch (position, element) {
        case (let position?, let element?):
            noteWrite(id)
            slots[position] = element
        case (let position?, nil): _ = removeSlot(at: position)
        case (nil, let element?): append(element)
        case (nil, nil): break
        }
    }

    /// Removes the slot at `position` and its id; returns what it held (nil during an access).
    @inlinable mutating func removeSlot(at position: Int) -> Element? {
        noteWrite(idStorage.ids[position])
        idStorage.positions[idStorage.ids.remove(at: position)] = nil
        idStorage.reindex(from: position)
        return slots.remove(at: position)
    }

    /// Replaces the elements, whose ids must all differ, and the ids with theirs: the same
    /// elements reordered when `moved`, others (no id noted) when not.
    @inlinable mutating func replaceSlots(with elements: some Collection<Element?>, moved: Bool) {
        noteWrite(nil)
        if !moved { revision.written = nil }
        slots = ContiguousArray(elements)
        idStorage = IDs(slots.lazy.map { $0!.id })
    }

    /// Notes a write before it is made: of the element of `id`, or of none when nil (a move).
    @inlinable mutating func noteWrite(_ id: Element.ID?) {
        if !isKnownUniquelyReferenced(&revision.token) { revision.advance() }
        if let id { revision.note(id) }
    }
}
