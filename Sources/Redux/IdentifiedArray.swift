/// An ordered collection of identifiable elements, each id at most once, with lookup, update and
/// removal by id in constant time.
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
/// Every figure is for `n` elements and assumes that `Element.ID` hashes well (as
/// `Dictionary`'s do).
///
/// | Operation | Cost |
/// |---|---|
/// | ``subscript(id:)`` read, update in place | O(1) |
/// | ``subscript(id:)`` set to nil, ``remove(id:)`` | O(1) amortized |
/// | ``subscript(id:)`` set with a new id, ``append(_:)`` | O(1) amortized |
/// | ``append(contentsOf:)`` of `m` elements | O(`m`) amortized |
/// | ``insert(_:at:)``, ``move(fromOffsets:toOffset:)``, ``removeAll(where:)`` | O(n) |
/// | reading or updating by position | O(1), see below |
/// | ``index(id:)`` | O(1), or O(log n) while there are holes, see below |
/// | ``remove(at:)`` | O(1) amortized, see below |
/// | iterating, ``ids``, ``elements``, `==`, encoding | O(n) |
///
/// Removal by id does not shift the elements after it: it leaves a hole in the storage, and
/// the storage is compacted (in O(n)) once holes are more than half of it, so removal is O(1)
/// amortized. The price is paid by access *by position*: while there are holes, a position is
/// not a storage slot, so the first access by position (or ``index(id:)``) after a change
/// builds a table of positions, in O(n), which serves every later access in O(1) until the next
/// insertion (an append too) or removal; each such access takes a lock, as copies of the array
/// read on several threads may share the table. An array with no holes (never removed from by
/// id, or compacted since) needs no table and no lock. Iterating (`for`, `map`, `==`, encoding)
/// never needs it: it walks the storage and skips the holes. (An ordered list cannot make both
/// removal and access by position O(1): Fredman and Saks proved that one of them needs
/// Ω(log n / log log n). Here access by position pays: a reducer rarely needs it.)
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
    // At most `count` live slots plus fewer holes than live slots (compaction keeps it so), so
    // the storage is under 2 × count + 1 slots; `slotByID` has one entry per element.

    /// The elements in order, with `nil` holes where elements were removed by id. Never ends
    /// with a hole.
    @usableFromInline
    var slots: ContiguousArray<Element?>
    /// The slot of each element.
    @usableFromInline
    var slotByID: [Element.ID: Int]
    /// How many of `slots` are holes.
    @usableFromInline
    var holeCount: Int
    /// Which slot holds each position, for reads by position while there are holes; nil when
    /// there are none. A box shared by copies of this value only while they share its layout:
    /// a change of layout gives a value a box of its own unless no copy shares it (see
    /// `layoutChanged()`).
    @usableFromInline
    var positions: IdentifiedArrayPositions?
    /// Counts the changes of layout (insertions and removals) while there are holes, so that a
    /// table of positions built for an earlier layout is not used.
    @usableFromInline
    var layout: Int
    /// The ids touched lately (changed, added, removed), for a reader that must know what
    /// happened since it last looked: `forEach`, to end the effects of the elements that left,
    /// and ``ObservableStore``, to compare only the elements read by id that changed.
    @usableFromInline
    var history: IdentifiedArrayHistory<Element.ID>

    /// Makes an empty array.
    ///
    /// - Complexity: O(1).
    @inlinable
    public init() {
        slots = []
        slotByID = [:]
        holeCount = 0
        positions = nil
        layout = 0
        history = IdentifiedArrayHistory()
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
        slotByID.reserveCapacity(elements.underestimatedCount)
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
    public var count: Int { slots.count - holeCount }

    /// The elements' ids, in order.
    ///
    /// To ask whether an id is there, use ``index(id:)`` or ``subscript(id:)``, which take O(1),
    /// rather than `ids.contains`, which takes O(n).
    ///
    /// - Complexity: O(n).
    @inlinable
    public var ids: [Element.ID] {
        var ids: [Element.ID] = []
        ids.reserveCapacity(count)
        for case let element? in slots { ids.append(element.id) }
        return ids
    }

    /// The elements, in order, as an `Array`.
    ///
    /// - Complexity: O(n).
    @inlinable
    public var elements: [Element] {
        var elements: [Element] = []
        elements.reserveCapacity(count)
        for case let element? in slots { elements.append(element) }
        return elements
    }

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
    /// - Complexity: Reading and updating in place are O(1); appending and removing are O(1)
    ///   amortized.
    @inlinable
    public subscript(id id: Element.ID) -> Element? {
        get {
            slotByID[id].map { slots[$0]! }
        }
        set {
            settle(newValue, for: id, at: slotByID[id])
        }
        _modify {
            // Moved out of its slot for the access, so that a change does not copy it.
            let slot = slotByID[id]
            var element = slot.flatMap { slots[$0].take() }
            defer { settle(element, for: id, at: slot) }
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
    /// - Complexity: O(1) when the array has no holes; otherwise O(log n) once the table of
    ///   positions is built (O(n), on the first access by position after a change).
    @inlinable
    public func index(id: Element.ID) -> Int? {
        slotByID[id].map(position(ofSlot:))
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
    /// Puts back the element of `id` after an access by id: `element` in `slot` (where it was,
    /// or nil when the id was not there), appended, or removed.
    @inlinable
    mutating func settle(_ element: Element?, for id: Element.ID, at slot: Int?) {
        switch (slot, element) {
        case (let slot?, let element?):
            precondition(
                element.id == id,
                "IdentifiedArray[id: \(id)]: an element's id cannot change (it became \(element.id))"
            )
            slots[slot] = element
            history.noteChange(of: id)
        case (let slot?, nil):
            slots[slot] = nil
            slotByID[id] = nil
            history.noteRemoval(of: id)
            vacated(slot)
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
        slotByID[element.id] = slots.count
        history.noteChange(of: element.id)
        slots.append(element)
        if holeCount > 0 { layoutChanged() }
    }

    /// Counts the hole just made at `slot` (already nil, its id already forgotten), drops
    /// trailing holes, and compacts the storage once holes are more than half of it.
    @inlinable
    mutating func vacated(_ slot: Int) {
        holeCount += 1
        while case .some(.none) = slots.last {
            slots.removeLast()
            holeCount -= 1
        }
        if holeCount * 2 > slots.count {
            compact()
        } else {
            layoutChanged()
        }
    }

    /// Moves every element to the front of the storage, in order, and forgets the holes.
    ///
    /// - Complexity: O(n): each element moves at most once, and each moved element's slot is
    ///   written in `slotByID`.
    @inlinable
    mutating func compact() {
        guard holeCount > 0 else { return }
        var write = 0
        for read in slots.indices {
            guard let element = slots[read] else { continue }
            if read != write {
                slots.swapAt(read, write)
                slotByID[element.id] = write
            }
            write += 1
        }
        slots.removeLast(slots.count - write)
        holeCount = 0
        positions = nil
    }

    /// After a change of the storage's layout, makes sure the next access by position builds a
    /// table for the new layout, in a box of this value's own; or drops the box when there are
    /// no holes.
    ///
    /// A box no copy shares is kept, and its table is known to be stale by `layout`: no lock is
    /// taken, so removing by id and appending do not pay for the table unless it is read.
    @inlinable
    mutating func layoutChanged() {
        guard holeCount > 0 else {
            positions = nil
            return
        }
        if positions == nil || !isKnownUniquelyReferenced(&positions!) {
            positions = IdentifiedArrayPositions()
        }
        layout &+= 1
    }

    /// The storage slot of the element at `position`, which must be in `0..<count`.
    @inlinable
    func slot(at position: Int) -> Int {
        precondition(
            position >= 0 && position < count,
            "IdentifiedArray: position \(position) is out of range 0..<\(count)")
        guard holeCount > 0 else { return position }
        return positions!.slot(at: position, layout: layout, building: liveSlots)
    }

    /// The position of the element in `slot`.
    @inlinable
    func position(ofSlot slot: Int) -> Int {
        guard holeCount > 0 else { return slot }
        return positions!.position(ofSlot: slot, layout: layout, building: liveSlots)
    }

    /// The slots that hold an element, in order: the table of positions.
    @inlinable
    func liveSlots() -> [Int] {
        var table: [Int] = []
        table.reserveCapacity(count)
        for slot in slots.indices where slots[slot] != nil {
            table.append(slot)
        }
        return table
    }
}
