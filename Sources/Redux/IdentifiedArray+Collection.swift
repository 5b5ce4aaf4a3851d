extension IdentifiedArray: RandomAccessCollection {
    /// The position of the first element: always 0.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var startIndex: Int { 0 }

    /// The position after the last element: ``count``.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var endIndex: Int { count }

    /// The element at a position, which must be in `0..<count`; set it or change it in place to
    /// update that element, keeping its id (a precondition traps when the id would change).
    ///
    /// ```swift
    /// todos[0].done = true
    /// ```
    ///
    /// Unlike a `MutableCollection`, an identified array cannot take any value at a position, so
    /// it does not offer `swapAt` or `sort()` from that protocol: reorder it with
    /// ``move(fromOffsets:toOffset:)``.
    ///
    /// - Parameter position: The element's position, from 0.
    /// - Complexity: O(1) when the array has no holes (nothing was removed by id since the last
    ///   compaction); otherwise O(1) once the table of positions is built, which takes O(n) on the
    ///   first access by position after a change (see ``IdentifiedArray``).
    @inlinable
    public subscript(position: Int) -> Element {
        get {
            slots[slot(at: position)]!
        }
        set {
            let slot = slot(at: position)
            let id = slots[slot]!.id
            precondition(
                newValue.id == id,
                "IdentifiedArray[\(position)]: an element's id cannot change (\(id) became \(newValue.id))"
            )
            slots[slot] = newValue
            history.noteChange(of: id)
        }
        _modify {
            // Moved out of its slot for the access, so that a change does not copy it.
            let slot = slot(at: position)
            var element = slots[slot].take()!
            let id = element.id
            defer {
                precondition(
                    element.id == id,
                    "IdentifiedArray[\(position)]: an element's id cannot change (\(id) became \(element.id))"
                )
                slots[slot] = element
                history.noteChange(of: id)
            }
            yield &element
        }
    }

    /// Makes an iterator over the elements, in order.
    ///
    /// - Complexity: O(1); a whole iteration is O(n), with or without holes.
    @inlinable
    public func makeIterator() -> Iterator {
        Iterator(slots: slots.makeIterator())
    }

    /// Iterates over an identified array's elements, in order, skipping the holes its storage
    /// may have, so that iterating never needs the table of positions.
    public struct Iterator: IteratorProtocol {
        @usableFromInline var slots: ContiguousArray<Element?>.Iterator

        @inlinable
        init(slots: ContiguousArray<Element?>.Iterator) {
            self.slots = slots
        }

        /// The next element, or nil after the last.
        ///
        /// - Complexity: Amortized O(1).
        @inlinable
        public mutating func next() -> Element? {
            while let slot = slots.next() {
                if let element = slot { return element }
            }
            return nil
        }
    }
}

extension IdentifiedArray.Iterator: Sendable where Element: Sendable {}
