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
    /// - Complexity: O(1) amortized.
    @inlinable
    @discardableResult
    public mutating func append(_ element: Element) -> (inserted: Bool, index: Int) {
        if let position = idStorage.positions[element.id] {
            return (false, position)
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
        for element in newElements where idStorage.positions[element.id] == nil {
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
        if let existing = idStorage.positions[element.id] {
            return (false, existing)
        }
        precondition(
            position >= 0 && position <= count,
            "IdentifiedArray.insert(_:at:): position \(position) is out of range 0...\(count)")
        changeIDs(writing: element.id) { ids in
            ids.ids.insert(element.id, at: position)
            ids.reindex(from: position)
        }
        slots.insert(element, at: position)
        return (true, position)
    }

    /// Removes the element with the given id, if there is one.
    ///
    /// ```swift
    /// todos.remove(id: 2)  // the todo with id 2, or nil when there was none
    /// ```
    ///
    /// - Parameter id: The id of the element to remove.
    /// - Returns: The element removed, or nil when no element had the id.
    /// - Complexity: O(n): the elements after it move down by one.
    @inlinable
    @discardableResult
    public mutating func remove(id: Element.ID) -> Element? {
        idStorage.positions[id].map { remove(at: $0) }
    }

    /// Removes the element at a position, which must be in `0..<count`.
    ///
    /// - Parameter position: The position of the element to remove.
    /// - Returns: The element removed.
    /// - Complexity: O(n): the elements after it move down by one; O(1) for the last.
    @inlinable
    @discardableResult
    public mutating func remove(at position: Int) -> Element {
        precondition(
            position >= 0 && position < count,
            "IdentifiedArray.remove(at:): position \(position) is out of range 0..<\(count)")
        return removeSlot(at: position)!
    }

    /// Removes the slot at `position` and its id; returns what the slot held (nil while an
    /// access by id has moved its element out).
    @inlinable
    mutating func removeSlot(at position: Int) -> Element? {
        changeIDs(writing: idStorage.ids[position]) { ids in
            ids.positions[ids.ids.remove(at: position)] = nil
            ids.reindex(from: position)
        }
        return slots.remove(at: position)
    }

    /// Removes the elements at the given positions (as SwiftUI's `onDelete` gives them).
    ///
    /// ```swift
    /// // [a, b, c, d]
    /// letters.remove(atOffsets: [0, 2])  // [b, d]
    /// ```
    ///
    /// - Parameter offsets: The positions, each in `0..<count` (a precondition traps
    ///   otherwise); an `IndexSet` will do. A position given twice counts once.
    /// - Complexity: O(n + k log k) for `k` positions.
    @inlinable
    public mutating func remove(atOffsets offsets: some Sequence<Int>) {
        let removing = Set(offsets)
        precondition(
            removing.allSatisfy { $0 >= 0 && $0 < count },
            "IdentifiedArray.remove(atOffsets:): a position is out of range 0..<\(count)")
        guard !removing.isEmpty else { return }
        var kept = ContiguousArray<Element?>()
        kept.reserveCapacity(count - removing.count)
        for position in slots.indices where !removing.contains(position) {
            kept.append(slots[position].take())
        }
        replaceSlots(with: kept, moved: false)
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
        var kept = ContiguousArray<Element?>()
        var next = 0   // the position of the element to ask about next
        defer {
            if kept.count != next {
                // After a throw, the elements not asked about yet are kept.
                kept.append(contentsOf: slots[next...])
                replaceSlots(with: kept, moved: false)
            }
        }
        while next < slots.count {
            if try !shouldBeRemoved(slots[next]!) { kept.append(slots[next]) }
            next += 1
        }
    }

    /// Removes every element.
    ///
    /// - Parameter keepCapacity: Whether to keep the storage allocated, for elements to come.
    /// - Complexity: O(n).
    @inlinable
    public mutating func removeAll(keepingCapacity keepCapacity: Bool = false) {
        noteUnnamedWrite()
        changeIDs(writing: nil) { ids in
            ids.ids.removeAll(keepingCapacity: keepCapacity)
            ids.positions.removeAll(keepingCapacity: keepCapacity)
        }
        slots.removeAll(keepingCapacity: keepCapacity)
    }

    /// Removes the first element, which must be there.
    ///
    /// - Returns: The element removed.
    /// - Complexity: O(n): the others move down by one.
    @inlinable
    @discardableResult
    public mutating func removeFirst() -> Element {
        precondition(!isEmpty, "IdentifiedArray.removeFirst(): the array is empty")
        return remove(at: 0)
    }

    /// Removes the last element, which must be there.
    ///
    /// - Returns: The element removed.
    /// - Complexity: O(1).
    @inlinable
    @discardableResult
    public mutating func removeLast() -> Element {
        precondition(!isEmpty, "IdentifiedArray.removeLast(): the array is empty")
        return remove(at: count - 1)
    }

    /// The elements that `isIncluded` returns true for, in order, as an identified array.
    ///
    /// - Parameter isIncluded: Says whether to keep an element; called once per element, in
    ///   order.
    /// - Returns: An identified array of the elements kept.
    /// - Complexity: O(n).
    @inlinable
    public func filter(_ isIncluded: (Element) throws -> Bool) rethrows -> Self {
        var kept = ContiguousArray<Element?>()
        for element in slots where try isIncluded(element!) {
            kept.append(element)
        }
        var result = Self()
        result.replaceSlots(with: kept, moved: false)
        return result
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
        precondition(
            destination >= 0 && destination <= count,
            "IdentifiedArray.move(fromOffsets:toOffset:): destination \(destination) is out of range 0...\(count)"
        )
        let moving = Set(source)
        precondition(
            moving.allSatisfy { $0 >= 0 && $0 < count },
            "IdentifiedArray.move(fromOffsets:toOffset:): a position is out of range 0..<\(count)")
        guard !moving.isEmpty else { return }
        var moved = ContiguousArray<Element?>()
        var kept = ContiguousArray<Element?>()
        kept.reserveCapacity(count)
        var movedBeforeDestination = 0
        for position in slots.indices {
            if moving.contains(position) {
                moved.append(slots[position].take())
                if position < destination { movedBeforeDestination += 1 }
            } else {
                kept.append(slots[position].take())
            }
        }
        kept.insert(contentsOf: moved, at: destination - movedBeforeDestination)
        replaceSlots(with: kept, moved: true)
    }

    /// Sorts the elements in place, by the given order; equal elements may not keep theirs.
    ///
    /// ```swift
    /// todos.sort { !$0.done && $1.done }  // the ones to do first
    /// ```
    ///
    /// - Parameter areInIncreasingOrder: Whether its first argument goes before its second.
    /// - Complexity: O(n log n).
    @inlinable
    public mutating func sort(by areInIncreasingOrder: (Element, Element) throws -> Bool) rethrows {
        var sorted = slots
        try sorted.sort { try areInIncreasingOrder($0!, $1!) }
        replaceSlots(with: sorted, moved: true)
    }

    /// Reverses the order of the elements.
    ///
    /// - Complexity: O(n).
    @inlinable
    public mutating func reverse() {
        changeIDs(writing: nil) { ids in
            ids.ids.reverse()
            ids.reindex(from: 0)
        }
        slots.reverse()
    }

    /// Exchanges the elements at two positions, each in `0..<count`.
    ///
    /// - Parameters:
    ///   - i: The position of one element.
    ///   - j: The position of the other.
    /// - Complexity: O(1) (O(n) when a copy shares the ids).
    @inlinable
    public mutating func swapAt(_ i: Int, _ j: Int) {
        precondition(
            indices.contains(i) && indices.contains(j),
            "IdentifiedArray.swapAt(_:_:): position \(i) or \(j) is out of range 0..<\(count)")
        guard i != j else { return }
        changeIDs(writing: nil) { ids in
            ids.ids.swapAt(i, j)
            ids.positions[ids.ids[i]] = i
            ids.positions[ids.ids[j]] = j
        }
        slots.swapAt(i, j)
    }
}

extension IdentifiedArray where Element: Comparable {
    /// Sorts the elements in place, in increasing order.
    ///
    /// - Complexity: O(n log n).
    @inlinable
    public mutating func sort() {
        sort(by: <)
    }
}

extension IdentifiedArray {
    /// Changes the element with id `id` in place, if there is one.
    ///
    /// - Returns: Whether there was one.
    /// - Complexity: O(1), plus `body`.
    @inlinable
    mutating func modify(id: Element.ID, _ body: (inout Element) -> Void) -> Bool {
        guard let position = idStorage.positions[id] else { return false }
        noteWrite(id)
        body(&slots[position]!)
        return true
    }
}
