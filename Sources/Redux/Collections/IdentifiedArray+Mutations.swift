extension IdentifiedArray {
    /// Appends an element unless its id is there, in O(1) amortized; returns whether it did, and
    /// the position of the element with that id.
    @inlinable @discardableResult
    public mutating func append(_ element: Element) -> (inserted: Bool, index: Int) {
        insert(element, at: count)
    }

    /// Appends each element of a sequence whose id is not there yet, in order.
    @inlinable public mutating func append(contentsOf newElements: some Sequence<Element>) {
        for element in newElements { append(element) }
    }

    /// Inserts an element at a position in `0...count` unless its id is there, in O(n) (O(1)
    /// amortized at the end); returns whether it did, and the position of the element with that id.
    @inlinable @discardableResult
    public mutating func insert(_ element: Element, at position: Int) -> (
        inserted: Bool, index: Int
    ) {
        if let existing = idStorage.positions[element.id] { return (false, existing) }
        precondition(position >= 0 && position <= count, "IdentifiedArray: position out of range")
        noteWrite(element.id)
        idStorage.ids.insert(element.id, at: position)
        idStorage.reindex(from: position)
        slots.insert(element, at: position)
        return (true, position)
    }

    /// Removes and returns the element with the given id, if there is one, in O(n).
    @inlinable @discardableResult
    public mutating func remove(id: Element.ID) -> Element? {
        idStorage.positions[id].map { remove(at: $0) }
    }

    /// Removes and returns the element at a position in `0..<count`, in O(n) (O(1) at the end).
    @inlinable @discardableResult
    public mutating func remove(at position: Int) -> Element {
        precondition(position >= 0 && position < count, "IdentifiedArray: position out of range")
        return removeSlot(at: position)!
    }

    /// Removes and returns the first element, which must be there, in O(n).
    @inlinable @discardableResult
    public mutating func removeFirst() -> Element { remove(at: 0) }

    /// Removes and returns the last element, which must be there, in O(1).
    @inlinable @discardableResult
    public mutating func removeLast() -> Element { remove(at: count - 1) }

    /// Removes the elements at the given positions in `0..<count`, as SwiftUI's `onDelete` gives
    /// them (an `IndexSet` will do), in O(n).
    @inlinable public mutating func remove(atOffsets offsets: some Sequence<Int>) {
        let removing = Set(offsets)
        precondition(removing.allSatisfy(indices.contains), "IdentifiedArray: out of range")
        guard !removing.isEmpty else { return }
        replaceSlots(
            with: slots.indices.filter { !removing.contains($0) }.map { slots[$0] }, moved: false)
    }

    /// Removes every element `shouldBeRemoved` returns true for, keeping the others in order, in
    /// O(n); if it throws, only what it chose before is removed.
    @inlinable
    public mutating func removeAll(where shouldBeRemoved: (Element) throws -> Bool) rethrows {
        var kept = ContiguousArray<Element?>()
        var next = 0
        defer { if kept.count != next { replaceSlots(with: kept + slots[next...], moved: false) } }
        while next < slots.count {
            if try !shouldBeRemoved(slots[next]!) { kept.append(slots[next]) }
            next += 1
        }
    }

    /// Removes every element, in O(n).
    @inlinable public mutating func removeAll(keepingCapacity keepCapacity: Bool = false) {
        noteWrite(nil)
        revision.written = nil
        idStorage.ids.removeAll(keepingCapacity: keepCapacity)
        idStorage.positions.removeAll(keepingCapacity: keepCapacity)
        slots.removeAll(keepingCapacity: keepCapacity)
    }

    /// The elements `isIncluded` returns true for, in order, as an identified array, in O(n).
    @inlinable public func filter(_ isIncluded: (Element) throws -> Bool) rethrows -> Self {
        try Self(uniqueElements: elements.filter(isIncluded))
    }

    /// Moves the elements at the given positions, in order, to before the element at
    /// `destination` (in `0...count`, before the move), as SwiftUI's `onMove` does, in O(n):
    /// `[a, b, c, d].move(fromOffsets: [0, 2], toOffset: 4)` makes `[b, d, a, c]`.
    @inlinable
    public mutating func move(fromOffsets source: some Sequence<Int>, toOffset destination: Int) {
        let moving = Set(source)
        precondition(
            destination >= 0 && destination <= count && moving.allSatisfy(indices.contains),
            "IdentifiedArray: position out of range")
        var order = slots.indices.filter { !moving.contains($0) }
        let before = order.firstIndex { $0 >= destination } ?? order.count
        order.insert(contentsOf: slots.indices.filter(moving.contains), at: before)
        replaceSlots(with: order.map { slots[$0] }, moved: true)
    }

    /// Sorts the elements in place by the given order, in O(n log n).
    @inlinable
    public mutating func sort(by areInIncreasingOrder: (Element, Element) throws -> Bool) rethrows {
        try replaceSlots(with: slots.sorted { try areInIncreasingOrder($0!, $1!) }, moved: true)
    }

    /// Reverses the order of the elements, in O(n).
    @inlinable public mutating func reverse() { replaceSlots(with: slots.reversed(), moved: true) }

    /// Exchanges the elements at two positions in `0..<count`, in O(1).
    @inlinable public mutating func swapAt(_ i: Int, _ j: Int) {
        precondition(indices.contains(i) && indices.contains(j), "IdentifiedArray: out of range")
        noteWrite(nil)
        idStorage.ids.swapAt(i, j)
        (idStorage.positions[idStorage.ids[i]], idStorage.positions[idStorage.ids[j]]) = (i, j)
        slots.swapAt(i, j)
    }
}

extension IdentifiedArray where Element: Comparable {
    /// Sorts the elements in place in increasing order, in O(n log n).
    @inlinable public mutating func sort() { sort(by: <) }
}
