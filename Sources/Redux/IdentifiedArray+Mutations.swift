extension IdentifiedArray {
    /// Appends an element, unless an element with its id is already there.
    ///
    /// ```swift
    /// todos.append(Todo(id: 4, title: "Jam"))  // (inserted: true, index: 2)
    /// todos.append(Todo(id: 4, title: "Ham"))  // (inserted: false, index: 2): no change
    /// ```
    ///
    /// - Parameter element: The element to append.
    /// - Returns: Whether it was appended, and the position of the element with its id (the
    ///   one already there, when it was not appended).
    /// - Complexity: O(1) amortized (when the id is already there, see ``index(id:)``).
    @inlinable
    @discardableResult
    public mutating func append(_ element: Element) -> (inserted: Bool, index: Int) {
        if let slot = slotByID[element.id] {
            return (false, position(ofSlot: slot))
        }
        appendNew(element)
        return (true, count - 1)
    }

    /// Appends the elements of a sequence, in order, leaving out each whose id is already there
    /// (including one that came earlier in the sequence).
    ///
    /// - Parameter newElements: The elements to append.
    /// - Complexity: O(m) amortized, for `m` elements.
    @inlinable
    public mutating func append(contentsOf newElements: some Sequence<Element>) {
        for element in newElements where slotByID[element.id] == nil {
            appendNew(element)
        }
    }

    /// Inserts an element at a position, unless an element with its id is already there.
    ///
    /// ```swift
    /// todos.insert(Todo(id: 9, title: "Figs"), at: 0)  // (inserted: true, index: 0)
    /// ```
    ///
    /// - Parameters:
    ///   - element: The element to insert.
    ///   - position: Where to insert it, in `0...count` (a precondition traps otherwise); the
    ///     elements from there on move one place up.
    /// - Returns: Whether it was inserted, and the position of the element with its id (the one
    ///   already there, which has not moved, when it was not inserted).
    /// - Complexity: O(n), or O(1) amortized at `count` (an append).
    @inlinable
    @discardableResult
    public mutating func insert(_ element: Element, at position: Int) -> (
        inserted: Bool, index: Int
    ) {
        if let slot = slotByID[element.id] {
            return (false, self.position(ofSlot: slot))
        }
        precondition(
            position >= 0 && position <= count,
            "IdentifiedArray.insert(_:at:): position \(position) is out of range 0...\(count)")
        if position == count {
            appendNew(element)
            return (true, position)
        }
        compact()
        history.noteChange(of: element.id)
        slots.insert(element, at: position)
        for slot in position..<slots.count {
            slotByID[slots[slot]!.id] = slot
        }
        return (true, position)
    }

    /// Removes the element with the given id, if there is one.
    ///
    /// ```swift
    /// todos.remove(id: 2)  // the todo with id 2, or nil when there was none
    /// ```
    ///
    /// The elements after it keep their storage: only their positions move down by one.
    ///
    /// - Parameter id: The id of the element to remove.
    /// - Returns: The element removed, or nil when no element had the id.
    /// - Complexity: O(1) amortized: it leaves a hole in the storage, which is compacted in O(n)
    ///   once holes are more than half of it (see ``IdentifiedArray``).
    @inlinable
    @discardableResult
    public mutating func remove(id: Element.ID) -> Element? {
        guard let slot = slotByID.removeValue(forKey: id) else { return nil }
        let element = slots[slot].take()
        history.noteRemoval(of: id)
        vacated(slot)
        return element
    }

    /// Removes the element at a position, which must be in `0..<count`.
    ///
    /// - Parameter position: The position of the element to remove.
    /// - Returns: The element removed.
    /// - Complexity: O(1) amortized, as ``remove(id:)``, once its slot is found: finding it is
    ///   O(1) as any access by position is, except for the first such access after a change while
    ///   there are holes, which is O(n) (see ``IdentifiedArray``).
    @inlinable
    @discardableResult
    public mutating func remove(at position: Int) -> Element {
        let slot = slot(at: position)
        let element = slots[slot].take()!
        slotByID[element.id] = nil
        history.noteRemoval(of: element.id)
        vacated(slot)
        return element
    }

    /// Removes every element that `shouldBeRemoved` returns true for, keeping the others in
    /// order.
    ///
    /// If `shouldBeRemoved` throws, the elements it returned true for before are removed, and
    /// the others kept.
    ///
    /// - Parameter shouldBeRemoved: Says whether to remove an element; called once per element,
    ///   in order.
    /// - Complexity: O(n).
    @inlinable
    public mutating func removeAll(where shouldBeRemoved: (Element) throws -> Bool) rethrows {
        defer { compact() }
        for slot in slots.indices {
            guard let element = slots[slot], try shouldBeRemoved(element) else { continue }
            slots[slot] = nil
            slotByID[element.id] = nil
            history.noteRemoval(of: element.id)
            holeCount += 1
        }
    }

    /// Removes every element.
    ///
    /// - Parameter keepCapacity: Whether to keep the storage allocated, for elements to come.
    /// - Complexity: O(n).
    @inlinable
    public mutating func removeAll(keepingCapacity keepCapacity: Bool = false) {
        slots.removeAll(keepingCapacity: keepCapacity)
        slotByID.removeAll(keepingCapacity: keepCapacity)
        holeCount = 0
        positions = nil
        history.forget()
    }

    /// Moves the elements at the given positions, in their order, to before the element at
    /// `destination` (as SwiftUI's `onMove` gives them).
    ///
    /// ```swift
    /// // [a, b, c, d]
    /// letters.move(fromOffsets: [0, 2], toOffset: 4)  // [b, d, a, c]
    /// letters.move(fromOffsets: [3], toOffset: 0)  // [c, b, d, a]
    /// ```
    ///
    /// - Parameters:
    ///   - source: The positions of the elements to move, each in `0..<count` (a precondition
    ///     traps otherwise); an `IndexSet` will do. A position given twice counts once.
    ///   - destination: The position, in `0...count`, of the element the moved ones go before,
    ///     counted before the move; `count` moves them to the end.
    /// - Complexity: O(n + k log k) for `k` positions.
    @inlinable
    public mutating func move(fromOffsets source: some Sequence<Int>, toOffset destination: Int) {
        let count = count
        precondition(
            destination >= 0 && destination <= count,
            "IdentifiedArray.move(fromOffsets:toOffset:): destination \(destination) is out of range 0...\(count)"
        )
        var moving = Array(source)
        moving.sort()
        precondition(
            moving.isEmpty || (moving[0] >= 0 && moving[moving.count - 1] < count),
            "IdentifiedArray.move(fromOffsets:toOffset:): a position is out of range 0..<\(count)")
        guard !moving.isEmpty else { return }
        compact()
        var moved = ContiguousArray<Element?>()
        var kept = ContiguousArray<Element?>()
        kept.reserveCapacity(count)
        var next = 0   // the next position of `moving` to meet
        var movedBeforeDestination = 0
        for position in slots.indices {
            if next < moving.count, moving[next] == position {
                moved.append(slots[position].take())
                if position < destination { movedBeforeDestination += 1 }
                while next < moving.count, moving[next] == position { next += 1 }
            } else {
                kept.append(slots[position].take())
            }
        }
        // Noted as changes of the moved elements, so that a reader of the whole collection
        // (`ObservableStore`) sees a new mark; a reader by id finds its element unchanged.
        for case let element? in moved {
            history.noteChange(of: element.id)
        }
        kept.insert(contentsOf: moved, at: destination - movedBeforeDestination)
        slots = kept
        for slot in slots.indices {
            slotByID[slots[slot]!.id] = slot
        }
    }
}

extension IdentifiedArray {
    /// Changes the element with id `id` in place, if there is one.
    ///
    /// - Returns: Whether there was one.
    /// - Complexity: O(1), plus `body`.
    @inlinable
    mutating func modify(id: Element.ID, _ body: (inout Element) -> Void) -> Bool {
        guard let slot = slotByID[id] else { return false }
        history.noteChange(of: id)
        body(&slots[slot]!)
        return true
    }
}
