/// An ordered collection of identifiable elements, each id at most once, with lookup and update
/// by id in constant time.
///
/// Use it where a feature's state holds a list whose rows are found by id: an action names a
/// row by its id, never by a position that an earlier action may have moved.
///
/// ```swift
/// struct Todo: Identifiable, Equatable {
///     let id: Int
///     var title: String
///     var done = false
/// }
///
/// var todos: IdentifiedArrayOf<Todo> = [Todo(id: 1, title: "Tea"), Todo(id: 2, title: "Jam")]
/// todos[id: 2]?.done = true  // updated in place, found by id
/// todos[id: 3] = Todo(id: 3, title: "Bread")  // a new id is appended
/// todos[id: 1] = nil  // nil removes
/// let ids = todos.ids  // [2, 3]
/// ```
///
/// It is a `RandomAccessCollection` with `Int` positions, the first at 0, and its elements can
/// be changed in place by position or by id; an element's id never changes in place (a
/// precondition traps when it would), so two elements never share an id. Adding an element whose
/// id is already there does nothing: ``append(_:)`` and ``insert(_:at:)`` say so in their result.
///
/// ## Complexity
///
/// The elements sit in order in one contiguous buffer, as an `Array`'s do, beside their ids and
/// a table from each id to its position. Every figure is for `n` elements and assumes that
/// `Element.ID` hashes well (as `Dictionary`'s do).
///
/// | Operation | Cost |
/// |---|---|
/// | reading or updating by position, ``subscript(id:)`` read or update in place | O(1) |
/// | ``index(id:)``, `ids.contains(_:)` | O(1) |
/// | ``append(_:)``, ``subscript(id:)`` set with a new id | O(1) amortized (O(n) when a copy shares the ids) |
/// | ``removeLast()`` | O(1) (O(n) when a copy shares the ids) |
/// | ``remove(id:)``, ``remove(at:)``, ``insert(_:at:)``, ``removeFirst()`` | O(n) |
/// | ``remove(atOffsets:)``, ``removeAll(where:)``, ``filter(_:)``, ``move(fromOffsets:toOffset:)``, ``reverse()``, ``swapAt(_:_:)`` | O(n) |
/// | ``sort(by:)`` | O(n log n) |
/// | iterating, ``elements``, `==`, encoding | O(n) |
///
/// The ids and their table are kept apart from the elements (``ids``), with a token that is
/// replaced when they change while someone keeps it: changing an element's other fields never
/// touches them. So a reader that kept the ids of an earlier value (`forEach`, to know which
/// rows an action removed) tells in O(1) that no id changed, and costs the array nothing while
/// no id does.
///
/// ## Conformances
///
/// `Equatable` when the elements are (order matters), `Hashable` when they are, `Sendable` when
/// the elements and their ids are, `Codable` when the elements are (as a plain array; decoding
/// an array with the same id twice throws a `DecodingError`), `ExpressibleByArrayLiteral`,
/// `CustomStringConvertible` (written as an array is) and `CustomReflectable` (mirrored as a
/// collection, so a `TestStore`'s failures and the logging interceptor's changes name the
/// elements that changed, as for an array).
public struct IdentifiedArray<Element: Identifiable> {
    /// The elements in order. Every slot holds an element, except the one whose element an
    /// access by id has moved out for the length of the access (so that changing it in place
    /// does not copy it): the optional is what lets an element leave its slot without unsafe
    /// code.
    @usableFromInline
    var slots: ContiguousArray<Element?>
    /// The ids, in the elements' order, and the position of each; changed only when the ids
    /// change (see ``IDs/idsMissing(from:)``).
    @usableFromInline
    var idStorage: IDs
    /// Which writes the array has taken, as far as a reader that kept it earlier can tell: see
    /// ``IdentifiedArrayRevision``.
    @usableFromInline
    var revision: IdentifiedArrayRevision<Element.ID>

    /// Makes an empty array.
    ///
    /// - Complexity: O(1).
    @inlinable
    public init() {
        slots = []
        idStorage = IDs()
        revision = IdentifiedArrayRevision()
    }

    /// Makes an array of the given elements, in their order; their ids must all differ.
    ///
    /// ```swift
    /// let todos = IdentifiedArray(uniqueElements: loadedTodos)
    /// ```
    ///
    /// Two elements with the same id are a programming error and trap. For data from outside
    /// the program, decode it (decoding throws on a repeated id) or check the ids first.
    ///
    /// - Parameter elements: The elements, each id at most once.
    /// - Complexity: O(n).
    @inlinable
    public init(uniqueElements elements: some Sequence<Element>) {
        self.init()
        slots.reserveCapacity(elements.underestimatedCount)
        idStorage.reserveCapacity(elements.underestimatedCount)
        for element in elements {
            let inserted = append(element).inserted
            precondition(
                inserted, "IdentifiedArray(uniqueElements:): the id \(element.id) appears twice")
        }
    }

    /// The number of elements.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var count: Int { slots.count }

    /// The elements' ids, in order, as a collection that answers `contains(_:)` and
    /// `firstIndex(of:)` in O(1).
    ///
    /// ```swift
    /// let hasThree = todos.ids.contains(3)  // true, found in the table of ids
    /// let ids = Array(todos.ids)  // [2, 3]
    /// ```
    ///
    /// - Complexity: O(1): it shares the array's ids (a later change of the array's ids copies
    ///   them then, not now).
    @inlinable
    public var ids: IDs { idStorage }

    /// The elements, in order, as an `Array`.
    ///
    /// - Complexity: O(n).
    @inlinable
    public var elements: [Element] { slots.map { $0! } }

    /// The element with the given id, or nil; set it to update the element in place, to append
    /// an element with a new id, or to nil to remove it.
    ///
    /// ```swift
    /// todos[id: 2]?.done.toggle()  // in place, when id 2 is there; nothing otherwise
    /// todos[id: 7] = Todo(id: 7, title: "Tea")  // appended, as id 7 was not there
    /// todos[id: 2] = nil  // removed
    /// ```
    ///
    /// A value set must have the id it is set for, and a change in place must keep the id: a
    /// precondition traps otherwise.
    ///
    /// - Parameter id: The id of the element.
    /// - Complexity: Reading and updating in place are O(1); appending is O(1) amortized;
    ///   removing is O(n).
    @inlinable
    public subscript(id id: Element.ID) -> Element? {
        get {
            idStorage.positions[id].map { slots[$0]! }
        }
        set {
            settle(newValue, for: id, at: idStorage.positions[id])
        }
        _modify {
            let position = idStorage.positions[id]
            // Moved out of its slot for the access, so that a change does not copy it.
            var element: Element? = nil
            if let position {
                element = slots[position].take()
            }
            defer { settle(element, for: id, at: position) }
            yield &element
        }
    }

    /// The position of the element with the given id, or nil when no element has it.
    ///
    /// ```swift
    /// todos.index(id: 3)  // 1
    /// ```
    ///
    /// - Parameter id: The id to look for.
    /// - Returns: The element's position, from 0.
    /// - Complexity: O(1).
    @inlinable
    public func index(id: Element.ID) -> Int? {
        idStorage.positions[id]
    }
}

/// An ``IdentifiedArray`` of the given element type: `IdentifiedArrayOf<Todo>` reads as the
/// list of todos.
public typealias IdentifiedArrayOf<Element: Identifiable> = IdentifiedArray<Element>

extension IdentifiedArray: ExpressibleByArrayLiteral {
    /// Makes an array of the listed elements; their ids must all differ (a precondition traps
    /// otherwise).
    ///
    /// - Parameter elements: The elements, each id at most once.
    /// - Complexity: O(n).
    @inlinable
    public init(arrayLiteral elements: Element...) {
        self.init(uniqueElements: elements)
    }
}

extension IdentifiedArray: Sendable where Element: Sendable, Element.ID: Sendable {}

// MARK: - Storage

extension IdentifiedArray {
    /// Puts back the element of `id` after an access by id: `element` at `position` (where it
    /// was, or nil when the id was not there), appended, or removed.
    @inlinable
    mutating func settle(_ element: Element?, for id: Element.ID, at position: Int?) {
        switch (position, element) {
        case (let position?, let element?):
            precondition(
                element.id == id,
                "IdentifiedArray[id: \(id)]: an element's id cannot change (it became \(element.id))"
            )
            noteWrite(id)
            slots[position] = element
        case (let position?, nil):
            _ = removeSlot(at: position)
        case (nil, let element?):
            precondition(
                element.id == id,
                "IdentifiedArray[id: \(id)]: the element set has another id (\(element.id))")
            appendNew(element)
        case (nil, nil):
            break
        }
    }

    /// Appends an element whose id is not there.
    @inlinable
    mutating func appendNew(_ element: Element) {
        changeIDs(writing: element.id) { $0.append(element.id) }
        slots.append(element)
    }

    /// Notes that the array is being written, before any write: the element of `id` when there
    /// is one, or only elements moved when `id` is nil (see ``IdentifiedArrayRevision``).
    @inlinable
    mutating func noteWrite(_ id: Element.ID?) {
        if !isKnownUniquelyReferenced(&revision.token) {
            revision.advance()
        }
        if let id { revision.note(id) }
    }

    /// Notes that the array is being written, in ways it does not name one by one.
    @inlinable
    mutating func noteUnnamedWrite() {
        noteWrite(nil)
        revision.written = nil
    }

    /// Changes the ids, with a new token when a reader keeps the current one (see
    /// ``IDs/idsMissing(from:)``), and notes the write of `id` (nil: elements moved, none
    /// written).
    @inlinable
    mutating func changeIDs<Result>(
        writing id: Element.ID?, _ change: (inout IDs) throws -> Result
    ) rethrows -> Result {
        noteWrite(id)
        if !isKnownUniquelyReferenced(&idStorage.token) {
            idStorage.token = IdentifiedArrayToken()
        }
        return try change(&idStorage)
    }

    /// Replaces the elements with `elements`, whose ids must all differ, and the ids with theirs;
    /// `moved` when they are the same elements in another order.
    @inlinable
    mutating func replaceSlots(with elements: ContiguousArray<Element?>, moved: Bool) {
        if moved { noteWrite(nil) } else { noteUnnamedWrite() }
        slots = elements
        idStorage = IDs(elements.lazy.map { $0!.id })
    }

    /// The key path of ``revision``, which an observer appends to the path of a collection it
    /// watches, to read the revision alone (one reference) after each action.
    @usableFromInline
    static var revisionPath: KeyPath<Self, IdentifiedArrayRevision<Element.ID>> { \.revision }
}
